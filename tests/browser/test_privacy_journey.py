"""Journeys (issue 16, items 5 and 6): a player downloads their data and asks for erasure, the
federation admin executes it; the admin merges a guest into the member's entry and the ranking
shows one line with both tournaments."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ranking.compute import services as compute
from ranking.models import RankingEntry
from tests.browser.conftest import log_in
from tests.support import builders
from tournaments.enums import GlobalRole
from tournaments.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def season(db):
    director, desk = builders.make_director(), builders.make_user("orga")
    builders.make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    players = builders.make_named_players()
    more = builders.make_players(8)
    guest = Player.objects.create(first_name="Anna", last_name="Adler", club="Gäste", is_guest=True)
    spring = builders.play_tournament(
        director=director, desk=desk, players=[guest, *more[1:8]], end=date(2026, 5, 3),
        name="Frühjahrsturnier",
    )  # fmt: skip
    summer = builders.play_tournament(
        director=director, desk=desk, players=players, end=date(2026, 6, 7), name="Sommerturnier"
    )
    compute.ranking_recompute_year(year=2026)
    return {"guest": guest, "member": players[0], "spring": spring, "summer": summer}


def test_player_exports_and_asks_for_erasure_admin_executes(phone, page, live_server, season):
    base, member = live_server.url, season["member"]
    builders.make_player_account("anna", member)
    ranking_before = list(
        RankingEntry.objects.order_by("rank").values_list("rank", "player_id", "placement_points")
    )

    log_in(phone, base, "anna", builders.PASSWORD)
    phone.goto(base + reverse("ranking:my_area"))
    phone.get_by_role("link", name="Meine Daten: Name, Download, Löschung").click()
    with phone.expect_download() as download:
        phone.get_by_role("link", name="Als JSON herunterladen").click()
    data = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert data["profile"]["last_name"] == "Adler"
    assert [r["tournament__name"] for r in data["registrations"]] == ["Sommerturnier"]
    assert len(data["results"]) == 3
    phone.get_by_label("Begründung (freiwillig)").fill("Ich spiele nicht mehr.")
    phone.get_by_label("Ich möchte, dass der Verband meine Personendaten löscht.").check()
    phone.get_by_role("button", name="Löschung beantragen").click()
    assert (
        "Ihr Löschantrag ist beim Verband eingegangen"
        in phone.get_by_role("status").first.inner_text()
    )

    log_in(page, base, "verband", builders.PASSWORD)
    page.goto(base + reverse("director:player_list"))
    page.get_by_role("link", name="Löschanträge").click()
    row = page.get_by_role("row", name=re.compile("Ich spiele nicht mehr"))
    row.get_by_role("button", name=f"Spieler #{member.pk} anonymisieren").click()
    assert (
        f"Spieler #{member.pk} ist anonymisiert." in page.get_by_role("status").first.inner_text()
    )
    expect(page.locator("body")).not_to_contain_text("Ich spiele nicht mehr")

    page.goto(base + reverse("standings", args=[season["summer"].pk]))
    table = page.get_by_role("table").first.inner_text()
    assert f"Gelöschte Person, #{member.pk}" in table
    assert "Adler, Anna" not in table
    compute.ranking_recompute_year(year=2026, full=True)
    assert ranking_before == list(
        RankingEntry.objects.order_by("rank").values_list("rank", "player_id", "placement_points")
    )


def test_admin_merges_a_guest_into_the_member_and_the_ranking_follows(page, live_server, season):
    base, guest, member = live_server.url, season["guest"], season["member"]
    guest_entry = RankingEntry.objects.get(player=guest)
    member_entry = RankingEntry.objects.get(player=member)

    log_in(page, base, "verband", builders.PASSWORD)
    page.goto(base + reverse("director:player_list"))
    page.get_by_role("link", name="Gäste", exact=True).click()
    page.get_by_role("link", name="Adler, Anna").click()
    page.get_by_role("link", name="Mit einem anderen Eintrag zusammenführen").click()
    candidate = page.get_by_test_id(f"candidate-{member.pk}")
    candidate.get_by_label(re.compile(r"Adler, Anna \(P-1\)")).check()
    candidate.get_by_label("Begründung").fill("Gast vom Frühjahrsturnier ist Mitglied P-1")
    candidate.get_by_role("button", name="Zusammenführen").click()
    assert "Zusammengeführt" in page.get_by_role("status").first.inner_text()
    expect(page.locator("body")).to_contain_text(
        f"zusammengeführt mit Adler, Anna (Gast) (#{guest.pk})"
    )

    compute.ranking_recompute_year(year=2026)  # what the queued task does after the commit
    page.goto(base + reverse("ranking:year", args=[2026]) + "?q=Adler")
    rows = page.locator("tbody").first.locator("tr").all_inner_texts()
    assert len(rows) == 1
    merged = RankingEntry.objects.get(player=member)
    assert (merged.tournaments, merged.games, merged.placement_points) == (
        2,
        guest_entry.games + member_entry.games,
        guest_entry.placement_points + member_entry.placement_points,
    )
    assert rows[0].split("\t")[1:3] == ["Adler, Anna\nVerein 1", f"2 / 6 / {merged.games}"]
    page.goto(base + reverse("player_page", args=[guest.pk]))
    assert page.url == base + reverse("player_page", args=[member.pk])
