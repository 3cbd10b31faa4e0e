"""Ranking pages, CSV, API, appeal and commission pages, player invitations – per role."""

from __future__ import annotations

import csv
import io
import re
from datetime import date, datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from ranking.appeals import services as appeals_services
from ranking.compute import services as compute
from ranking.domain.appeals import BERLIN
from ranking.enums import AppealStatus
from ranking.models import Appeal, Decision, PlayerAccount, PlayerInvitation, RankingEntry
from tests.support.builders import PASSWORD, make_user, play_tournament
from tournaments.enums import GlobalRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def ranked(director, desk_user, field):
    t = play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 6, 7), count=12, seed=5
    )
    compute.ranking_recompute_year(year=2026)
    return t


# --- Public ranking -----------------------------------------------------------------------


def test_ranking_page_lists_players_in_rank_order(client, ranked, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        response = client.get(reverse("ranking:year", args=[2026]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Deutsches Rummikub Ranking 2026" in html
    assert "Berechnet am" in html and "Regelversion R2014" in html
    assert "Neuberechnung ist ausstehend" not in html
    assert "nicht gewertet" in html  # reserves / red card rule stated
    assert "Rote Karte" in html
    ranks = [
        int(r) for r in re.findall(r'<tr data-player="\d+">\s*<td class="num">(\d+)</td>', html)
    ]
    assert len(ranks) == 12 and ranks == sorted(ranks) and ranks[0] == 1
    assert ranked.name in html and "vorläufig" in html


def test_ranking_page_shows_pending(client, ranked, director, desk_user):
    compute.tournament_mark_changed(tournament_id=ranked.pk)
    html = client.get(reverse("ranking:year", args=[2026])).content.decode()
    assert "Die Neuberechnung ist ausstehend" in html
    assert 'hx-trigger="every 5s"' in html


def test_ranking_page_hides_private_names(client, ranked, field):
    hidden = RankingEntry.objects.select_related("player").first().player
    hidden.publish_name = False
    hidden.save()
    html = client.get(reverse("ranking:year", args=[2026])).content.decode()
    assert hidden.full_name not in html
    assert hidden.public_name in html


def test_ranking_index_redirects_to_newest_year(client, ranked):
    response = client.get(reverse("ranking:index"))
    assert response.status_code == 302 and response.url == reverse("ranking:year", args=[2026])


@pytest.mark.parametrize("year", ["1800", "99999", "2031"])
def test_unknown_year_is_404(client, year, db):
    response = client.get(f"/ranking/{year}/")
    assert response.status_code == 404


def test_csv_export(client, ranked):
    response = client.get(reverse("ranking:csv", args=[2026]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["Rang", "Spieler", "Verein"]
    assert len(rows) == 13
    first = RankingEntry.objects.order_by("rank", "player_id").select_related("player").first()
    assert rows[1][0] == "1" and rows[1][1] == first.player.public_name
    assert rows[1][6] == str(first.placement_points)


def test_player_history_across_years(client, director, desk_user, field):
    play_tournament(
        director=director, desk=desk_user, players=field, end=date(2025, 5, 1), rounds=1
    )
    play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 5, 1), rounds=1
    )
    compute.ranking_rebuild()
    player = field[0]
    html = client.get(reverse("ranking:player", args=[player.pk])).content.decode()
    assert html.count('href="/ranking/2025/"') >= 1 and html.count('href="/ranking/2026/"') >= 1
    assert client.get(reverse("ranking:player", args=[999999])).status_code == 404


# --- API ----------------------------------------------------------------------------------


def test_api_ranking_of_year(client, ranked):
    response = client.get("/api/v1/rankings/2026/")
    assert response.status_code == 200
    data = response.json()
    assert data["year"] == 2026 and data["computed_at"]
    assert len(data["entries"]) == 12
    first = data["entries"][0]
    assert set(first) == {
        "rank",
        "player",
        "tournaments",
        "rounds",
        "games",
        "placement_points",
        "game_points",
        "placings",
        "minus_points",
    }
    entry = RankingEntry.objects.order_by("rank", "player_id").select_related("player").first()
    assert first == {
        "rank": 1,
        "player": {"id": entry.player_id, "name": entry.player.public_name},
        "tournaments": 1,
        "rounds": 3,
        "games": 12,
        "placement_points": entry.placement_points,
        "game_points": entry.game_points,
        "placings": [entry.first, entry.second, entry.third, entry.fourth],
        "minus_points": entry.minus_points,
    }


@pytest.mark.parametrize("year", ["2025", "1", "99999999999999999999", "2200"])
def test_api_unknown_or_empty_year_is_404_json(client, ranked, year):
    response = client.get(f"/api/v1/rankings/{year}/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Nicht gefunden."}


def test_api_non_numeric_year_is_not_500(client, db):
    response = client.get("/api/v1/rankings/abc/")
    assert response.status_code in (404, 422)


# --- Appeals in the browser-less client -----------------------------------------------------


@pytest.fixture
def player_client(client, field):
    user = make_user("spieler-web")
    PlayerAccount.objects.create(user=user, player=field[0])
    client.force_login(user)
    return client


def test_player_files_appeal_with_photo(player_client, ranked, field, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    from unittest import mock

    now = datetime(2026, 6, 10, 12, tzinfo=BERLIN)
    with mock.patch("django.utils.timezone.now", return_value=now):
        page = player_client.get(reverse("ranking:my_area"))
        assert f'href="{reverse("ranking:appeal_new", args=[ranked.pk])}"' in page.content.decode()
        response = player_client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {
                "round_number": "1",
                "table_number": "1",
                "game_number": "2",
                "what_is_wrong": "Falsch addiert",
                "correction_requested": "Bitte +45 für B",
                "attachment": SimpleUploadedFile("foto.png", b"\x89PNG\r\n\x1a\n" + b"0" * 50),
            },
        )
    appeal = Appeal.objects.get()
    assert response.status_code == 302 and response.url == reverse(
        "ranking:appeal_detail", args=[appeal.pk]
    )
    assert appeal.player_id == field[0].pk and appeal.game_number == 2 and not appeal.on_behalf
    detail = player_client.get(response.url).content.decode()
    assert "Eingegangen" in detail and "Falsch addiert" in detail
    download = player_client.get(reverse("ranking:appeal_attachment", args=[appeal.pk]))
    assert download.status_code == 200 and download["Content-Type"] == "image/png"


def test_appeal_page_refuses_day_15_with_deadline(player_client, ranked):
    from unittest import mock

    now = datetime(2026, 6, 22, 0, 0, 5, tzinfo=BERLIN)
    with mock.patch("django.utils.timezone.now", return_value=now):
        response = player_client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {"what_is_wrong": "x", "correction_requested": "y"},
        )
    assert response.status_code == 422
    html = response.content.decode()
    assert (
        "Die Einspruchsfrist ist abgelaufen: Einsprüche waren bis 21.06.2026, 23:59:59 Uhr möglich"
        in html
    )
    assert Appeal.objects.count() == 0


def test_bad_upload_gives_german_message_not_500(player_client, ranked, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    from unittest import mock

    with mock.patch("django.utils.timezone.now", return_value=datetime(2026, 6, 10, tzinfo=BERLIN)):
        response = player_client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {
                "what_is_wrong": "x",
                "correction_requested": "y",
                "attachment": SimpleUploadedFile("virus.exe", b"MZ"),
            },
        )
    assert response.status_code == 422
    assert "Erlaubt sind Fotos (JPEG, PNG, WebP, HEIC) oder PDF" in response.content.decode()


@pytest.mark.parametrize(
    ("username", "roles", "expected"),
    [
        ("anon", None, 302),
        ("plain", (), 403),
        ("ref", (GlobalRole.REFEREE,), 403),
        ("kom", (GlobalRole.COMMISSION,), 403),
        ("dir2", (GlobalRole.DIRECTOR,), 403),
    ],
)
def test_appeal_form_per_role(client, ranked, username, roles, expected):
    if roles is not None:
        client.force_login(make_user(username, role=roles))
    response = client.get(reverse("ranking:appeal_new", args=[ranked.pk]))
    assert response.status_code == expected  # "dir2" directs other tournaments only


def test_director_files_on_behalf_via_form(client, ranked, director, field):
    from unittest import mock

    client.force_login(director)
    with mock.patch("django.utils.timezone.now", return_value=datetime(2026, 6, 9, tzinfo=BERLIN)):
        response = client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {"player": str(field[3].pk), "what_is_wrong": "x", "correction_requested": "y"},
        )
    assert response.status_code == 302
    appeal = Appeal.objects.get()
    assert appeal.player == field[3] and appeal.on_behalf is True


# --- Commission pages ---------------------------------------------------------------------


@pytest.fixture
def appeal(ranked, director, field):
    return appeals_services.appeal_file(
        user=director,
        tournament=ranked,
        player=field[0],
        round_number=1,
        table_number=1,
        what_is_wrong="Spiel 1 falsch",
        correction_requested="B gewinnt",
        now=datetime(2026, 6, 9, tzinfo=BERLIN),
    )


@pytest.mark.parametrize(
    ("roles", "expected"),
    [
        ((GlobalRole.COMMISSION,), 200),
        ((GlobalRole.DIRECTOR,), 403),
        ((GlobalRole.REFEREE,), 403),
        ((), 403),
    ],
)
def test_commission_pages_per_role(client, appeal, roles, expected):
    client.force_login(make_user("u", role=roles))
    assert client.get(reverse("ranking:commission_inbox")).status_code == expected
    assert (
        client.get(reverse("ranking:commission_appeal", args=[appeal.pk])).status_code == expected
    )
    response = client.post(
        reverse("ranking:commission_decide", args=[appeal.pk]),
        {"outcome": "rejected", "reasoning": "x"},
    )
    assert response.status_code in ((expected,) if expected == 403 else (302,))
    assert Decision.objects.exists() == (expected == 200)


def test_inbox_groups_by_status_in_fixed_queries(
    client, appeal, commission_member, django_assert_max_num_queries
):
    client.force_login(commission_member)
    with django_assert_max_num_queries(8):
        html = client.get(reverse("commission_home")).content.decode()
    assert 'data-testid="count-received">1<' in html
    assert 'data-testid="count-decided">0<' in html


def test_commission_sees_context_and_decides_upheld_via_form(
    client,
    appeal,
    commission_member,
    ranked,
    django_capture_on_commit_callbacks,
    eager_celery,
    mailoutbox,
):
    client.force_login(commission_member)
    page = client.get(reverse("ranking:commission_appeal", args=[appeal.pk])).content.decode()
    assert "Versionen der Ergebnisliste" in page and "Version 2" in page
    sheet = ranked.rounds.get(number=1).sheets.get(table__number=1)
    a1 = sheet.confirmed.games[0]["scores"]["A"]
    assert f'name="g1_A" value="{"+" if a1 > 0 else ""}{a1}"' in page  # prefilled
    client.post(reverse("ranking:commission_review", args=[appeal.pk]))
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.UNDER_REVIEW
    data = {
        "outcome": "upheld",
        "reasoning": "B hat gewonnen.",
        "runde": "1",
        "tisch": "1",
        "g1_A": "-10",
        "g1_B": "+60",
        "g1_C": "-20",
        "g1_D": "-30",
    }
    published = sheet.confirmed.games
    # keep the other games as published so only game 1 changes
    for g in published[1:]:
        for letter, value in g["scores"].items():
            data[f"g{g['number']}_{letter}"] = str(value)
        for letter, value in (g.get("no_meld") or {}).items():
            data[f"g{g['number']}_nomeld_{letter}"] = str(value)
        data[f"g{g['number']}_exhausted"] = "1" if g.get("pool_exhausted") else ""
        data[f"g{g['number']}_winner"] = g.get("declared_winner") or ""
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("ranking:commission_decide", args=[appeal.pk]), data)
    assert response.status_code == 302
    decision = Decision.objects.get()
    assert decision.outcome == "upheld" and decision.corrections.get().games[0]["scores"]["B"] == 60
    assert len(mailoutbox) == 1
    sheet.refresh_from_db()
    assert sheet.confirmed.games == published  # tournament result unchanged
    page = client.get(reverse("ranking:commission_appeal", args=[appeal.pk])).content.decode()
    assert (
        "Die Entscheidung ist endgültig" in page and "Entscheidung endgültig speichern" not in page
    )


def test_invalid_correction_in_form_is_422_with_message(client, appeal, commission_member):
    client.force_login(commission_member)
    data = {"outcome": "upheld", "reasoning": "x", "runde": "1", "tisch": "1"}
    for g in range(1, 5):
        data.update({f"g{g}_A": "+60", f"g{g}_B": "-10", f"g{g}_C": "-20", f"g{g}_D": "-20"})
    response = client.post(reverse("ranking:commission_decide", args=[appeal.pk]), data)
    assert response.status_code == 422
    assert "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)." in response.content.decode()
    assert not Decision.objects.exists()


def test_attachment_is_private(client, appeal, settings, tmp_path):
    client.force_login(make_user("neugierig"))
    assert client.get(reverse("ranking:appeal_attachment", args=[appeal.pk])).status_code == 403
    assert client.get(reverse("ranking:appeal_detail", args=[appeal.pk])).status_code == 403


# --- Invitations --------------------------------------------------------------------------


def test_director_invites_and_player_sets_password(
    client, director, field, mailoutbox, django_capture_on_commit_callbacks
):
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("ranking:invite"), {"federation_number": field[5].federation_number}
        )
    assert response.status_code == 302
    assert len(mailoutbox) == 1 and mailoutbox[0].to == [field[5].email]
    link = re.search(r"http://testserver(/ranking/einladung/[^\s]+/)", mailoutbox[0].body).group(1)
    client.logout()
    page = client.get(link)
    assert page.status_code == 200 and field[5].federation_number in page.content.decode()
    bad = client.post(link, {"password": "kurz", "password_again": "kurz"})
    assert bad.status_code == 422
    done = client.post(
        link, {"password": "Rummi-2026-sicher", "password_again": "Rummi-2026-sicher"}
    )
    assert done.status_code == 302 and done.url == reverse("ranking:my_area")
    account = PlayerAccount.objects.get(player=field[5])
    assert account.user.username == field[5].federation_number
    assert client.get(link).status_code == 404  # used once
    assert PlayerInvitation.objects.get().accepted_at is not None
    client.logout()
    login = client.post(
        reverse("login"),
        {"username": field[5].federation_number, "password": "Rummi-2026-sicher"},
    )
    assert login.status_code == 302
    assert "Mein Bereich" in client.get("/").content.decode()


def test_expired_or_unknown_invitation(client, director, field):
    from ranking.accounts import services as accounts

    invitation, token = accounts.player_invite(
        player=field[1], user=director, now=datetime(2026, 1, 1, tzinfo=BERLIN)
    )
    response = client.get(reverse("ranking:invitation_accept", args=[token]))
    assert response.status_code == 404
    assert "abgelaufen" in response.content.decode()
    assert (
        "ungültig"
        in client.get(reverse("ranking:invitation_accept", args=["nix"])).content.decode()
    )


@pytest.mark.parametrize("roles", [(), (GlobalRole.REFEREE,), (GlobalRole.COMMISSION,)])
def test_only_directors_invite(client, roles, field):
    client.force_login(make_user("x", role=roles))
    assert client.get(reverse("ranking:invite")).status_code == 403


def test_my_area_per_role(client, db):
    assert client.get(reverse("ranking:my_area")).status_code == 302
    client.force_login(make_user("nobody"))
    assert client.get(reverse("ranking:my_area")).status_code == 403


def test_login_with_password_works_for_demo_style_accounts(client, field):
    user = make_user("acct")
    PlayerAccount.objects.create(user=user, player=field[2])
    login = client.post(reverse("login"), {"username": "acct", "password": PASSWORD})
    assert login.status_code == 302
    html = client.get(reverse("ranking:my_area")).content.decode()
    assert field[2].full_name in html


def test_status_partial_for_htmx_polling(client, ranked):
    compute.tournament_mark_changed(tournament_id=ranked.pk, enqueue=False)
    html = client.get(reverse("ranking:year", args=[2026]), HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="ranking-status"')
    assert "<table" not in html and "Die Neuberechnung ist ausstehend" in html


def test_current_year_without_data_shows_empty_page(client, db):
    from django.utils import timezone

    year = timezone.localdate().year
    response = client.get(reverse("ranking:year", args=[year]))
    assert response.status_code == 200
    assert "Für dieses Jahr ist noch keine Rangliste berechnet." in response.content.decode()
