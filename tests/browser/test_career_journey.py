"""Journey (issue 33): a visitor opens a player's page, goes on to the career with its charts,
then to the club, the club table and back to a member's career: on a 360 px phone and a laptop,
in German and English, axe-clean; the career page prints on A4 with its charts and figures."""

from __future__ import annotations

import unicodedata
from datetime import date
from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from ranking.compute import services as compute
from tests.browser.test_accessibility import AXE, RUN_AXE
from tests.support.builders import make_director, make_players, make_user, play_tournament
from tests.support.celery import celery_conf
from tournaments.models import Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_360 = {"width": 360, "height": 780}
LAPTOP = {"width": 1280, "height": 900}
TEXTS = {
    "de": ("Karriere: Zahlen, Diagramme und direkte Vergleiche", "Verteilung der Platzierungen",
           "Mitglieder, die gespielt haben", "Vereinswertung 2026"),
    "en": ("Career: figures, charts and head-to-head", "Placement distribution",
           "Members who played", "Club table 2026"),
}  # fmt: skip


@pytest.fixture
def world(db):
    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        director, desk = make_director(), make_user("orga")
        players = make_players(8)
        for i, player in enumerate(players):
            player.club = "RC Köln e.V." if i % 2 else "SG Bonn"
            player.publish_name = i != 3
        Player.objects.bulk_update(players, ["club", "publish_name"])
        for year in (2025, 2026):
            play_tournament(
                director=director, desk=desk, players=players, end=date(year, 5, 9),
                name=f"Stadtmeisterschaft {year}", seed=year,
            )  # fmt: skip
        compute.ranking_rebuild()
    return players


def no_axe_violations(page) -> None:
    page.evaluate(AXE)
    assert page.evaluate(RUN_AXE) == []


def fits(page) -> None:
    """Nothing wider than the screen but the tables, which scroll in their own box."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("viewport", [PHONE_360, LAPTOP], ids=["phone", "laptop"])
def test_player_career_club(browser, live_server, world, language, viewport):
    career_link, distribution, members, club_table = TEXTS[language]
    context = browser.new_context(viewport=viewport, locale=language)
    page = context.new_page()
    base = live_server.url
    player = world[1]  # RC Köln
    page.goto(base + reverse("player_page", args=[player.pk]))
    page.get_by_role("link", name=career_link).click()
    assert page.url.endswith(reverse("ranking:player", args=[player.pk]))
    assert page.get_by_role("heading", name=distribution).is_visible()
    charts = page.locator('svg[role="img"]')
    assert charts.count() == 3  # ranking positions, skill rating (computed eagerly), placings
    assert page.get_by_test_id("rating-points").locator("tbody tr").count() == 2
    assert charts.first.bounding_box()["width"] <= viewport["width"]
    assert page.get_by_test_id("career-totals").locator("strong").nth(0).inner_text() == "2"
    # the hidden player is shown by initials only, in the head-to-head too
    hidden = world[3]
    assert hidden.full_name not in page.content()
    fits(page)
    no_axe_violations(page)

    page.get_by_test_id("club-link").click()
    assert page.get_by_role("heading", level=1).inner_text() == "RC Köln e.V."
    assert page.get_by_role("heading", name=members).is_visible()
    assert page.get_by_test_id("club-members").locator("tbody tr").count() == 4
    fits(page)
    no_axe_violations(page)

    page.get_by_test_id("club-years").get_by_role("link").first.click()
    assert page.get_by_role("heading", name=club_table).is_visible()
    assert page.get_by_test_id("club-table").locator("tbody tr").count() == 2
    fits(page)
    no_axe_violations(page)
    page.get_by_test_id("club-table").get_by_role("link", name="SG Bonn").click()
    page.get_by_test_id("club-members").get_by_role("link").first.click()
    assert "/ranking/spieler/" in page.url
    context.close()


def test_career_prints_on_a4(browser, live_server, world):
    context = browser.new_context(viewport=LAPTOP, locale="de")
    page = context.new_page()
    page.goto(live_server.url + reverse("ranking:player", args=[world[0].pk]))
    page.emulate_media(media="print")
    box = page.locator('svg[role="img"]').first.bounding_box()
    assert 0 < box["width"] <= 460  # 120 mm at 96 dpi
    sheets = PdfReader(BytesIO(page.pdf(format="A4", print_background=True))).pages
    text = " ".join(
        " ".join(unicodedata.normalize("NFKC", sheet.extract_text()).split()) for sheet in sheets
    )
    for words in ("Alle Jahre", "Verteilung der Platzierungen", "Direkter Vergleich", "2025"):
        assert words in text
    assert "Anmelden" not in text  # no navigation on paper
    context.close()
