"""Standings page, CSV, hall display and the public page cache (issue 5)."""

import csv
import io
import re

import pytest
from django.urls import reverse

from tests.support.builders import (
    KNOWN_STANDINGS,
    make_named_players,
    make_user,
    play_known_round,
    simulate_tournament,
)
from tests.support.celery import celery_conf
from tests.support.reading import player_at
from tournaments.enums import RoundStatus, StaffRole, WarningGround, WarningKind
from tournaments.models import (
    Player,
    PlayerWarning,
    Registration,
    ResultSheet,
    Round,
    TournamentStaff,
)
from tournaments.sheets import services as sheet_services
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


def row_names(html: str) -> list[str]:
    return re.findall(r'<th scope="row"><a href="/spieler/\d+/">([^<]+)</a>', html)


def test_standings_page_lists_the_known_round_in_rank_order(client, director, desk_user):
    known = play_known_round(director=director, desk=desk_user, players=make_named_players())
    rnd = known.rounds.get(number=1)

    html = client.get(reverse("standings", args=[known.pk])).content.decode()

    expected = [player_at(rnd, table, letter).full_name for (table, letter), *_ in KNOWN_STANDINGS]
    assert row_names(html) == expected
    assert "nach Runde 1" in html


def test_standings_reserves_have_no_rank_and_are_marked(client, finished):
    table = standings_table(finished)
    reserves = [e for e in table.entries if e.reserve]

    html = client.get(reverse("standings", args=[finished.pk])).content.decode()

    assert len(reserves) == 2  # 14 players need two reserves (SPEC §1)
    assert all(e.rank is None for e in reserves)
    assert html.count('badge-reserve">Ersatz<') == 2


def test_standings_never_show_unpublished_results(client):
    tournament = simulate_tournament("--players", "8", "--seed", "5", "--stop-after", "1")
    round_two = Round.objects.get(tournament=tournament, number=2)
    assert round_two.status == RoundStatus.RELEASED
    desk = TournamentStaff.objects.filter(tournament=tournament, role=StaffRole.DESK).get().user
    table = round_two.tables.first()
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    games = [{"number": n, "scores": {"A": 35, "B": -5, "C": -10, "D": -20}} for n in range(1, 5)]
    assert letters == ("A", "B", "C", "D")
    sheet_services.sheet_save(table=table, games=games, expected_version=0, user=desk)

    table_after = standings_table(tournament)
    html = client.get(reverse("standings", args=[tournament.pk])).content.decode()

    assert table_after.after_round == 1
    assert all(e.games in (0, 4) for e in table_after.entries)
    assert "nach Runde 1" in html and "nach Runde 2" not in html


def test_standings_after_an_earlier_round_on_request(client, finished):
    html = client.get(reverse("standings", args=[finished.pk]), {"nach_runde": "1"}).content
    after_one = standings_table(finished, after_round=1)

    assert after_one.round_numbers == (1,)
    assert row_names(html.decode()) == [e.player.public_name for e in after_one.entries]
    assert all(e.games in (0, 4) for e in after_one.entries)


@pytest.mark.parametrize("value", ["9", "abc", "-1", "1" * 40, "0"])
def test_standings_bad_round_parameter_falls_back_to_latest(client, finished, value):
    response = client.get(reverse("standings", args=[finished.pk]), {"nach_runde": value})

    assert response.status_code == 200
    assert "nach Runde 2" in response.content.decode()


def test_standings_search_highlights_matches_and_htmx_gets_only_the_table(client, finished):
    target = standings_table(finished).entries[3].player
    query = target.last_name

    full = client.get(reverse("standings", args=[finished.pk]), {"q": query}).content.decode()
    partial = client.get(
        reverse("standings", args=[finished.pk]),
        {"q": query},
        headers={"HX-Request": "true", "HX-Target": "standings-table"},
    ).content.decode()

    expected = sum(
        1
        for e in standings_table(finished).entries
        if query.lower() in e.player.public_name.lower()
    )
    assert full.count('class="highlight"') == expected >= 1
    assert partial.lstrip().startswith('<div id="standings-table">')
    assert "<html" not in partial
    assert partial.count('class="highlight"') == expected


def test_standings_excluded_player_is_listed_without_rank(client, finished, director):
    table = standings_table(finished)
    victim = next(e for e in table.entries if e.rank == 1).player
    PlayerWarning.objects.create(
        tournament=finished,
        player=victim,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
    )

    entries = standings_table(finished).entries
    html = client.get(reverse("standings", args=[finished.pk])).content.decode()

    mine = next(e for e in entries if e.player == victim)
    assert mine.rank is None and mine.excluded
    assert entries[0].rank == 1 and entries[0].player != victim
    assert entries[-1].player == victim  # after the reserves
    assert html.count(">ausgeschlossen<") == 1


def test_standings_final_round_orders_finalists_first(client):
    tournament = simulate_tournament(
        "--players", "12", "--category", "beginners", "--final", "--seed", "4", "--year", "2026"
    )
    final = Round.objects.get(tournament=tournament, kind="final")
    finalist_ids = set(final.seats.values_list("player_id", flat=True))

    table = standings_table(tournament)
    html = client.get(reverse("standings", args=[tournament.pk])).content.decode()

    assert table.final_round == final.number
    assert {e.player.pk for e in table.entries[:4]} == finalist_ids
    assert [e.rank for e in table.entries[:4]] == sorted(e.rank for e in table.entries[:4])
    assert all(e.finalist for e in table.entries[:4])
    assert "nach der Finalrunde" in html
    assert "Die Finalisten stehen vorn" in html


def test_standings_query_count_does_not_grow_with_the_field(client, django_assert_max_num_queries):
    small = simulate_tournament("--players", "8", "--category", "beginners", "--seed", "1")
    large = simulate_tournament("--players", "40", "--seed", "2")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for t in (small, large):
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(reverse("standings", args=[t.pk])).status_code == 200
        counts.append(len(ctx.captured_queries))

    assert counts[0] == counts[1]
    with django_assert_max_num_queries(12):
        client.get(reverse("standings", args=[large.pk]) + "?nocache=1")


def test_standings_csv_is_excel_friendly(client, finished):
    response = client.get(reverse("standings_csv", args=[finished.pk]))
    body = response.content.decode("utf-8")

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="rangliste-')
    assert body.startswith("\ufeffRang;Name;Verein;Platzierungspunkte;Spielpunkte;")
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=";"))
    table = standings_table(finished)
    assert len(rows) == 1 + len(table.entries)
    first = table.entries[0]
    assert rows[1][:5] == [
        "1",
        first.player.public_name,
        first.player.club,
        str(first.placement_points),
        str(first.game_points),
    ]
    assert rows[0][-4:] == [
        "R1 Platzierungspunkte",
        "R1 Spielpunkte",
        "R2 Platzierungspunkte",
        "R2 Spielpunkte",
    ]
    assert sum(1 for r in rows[1:] if r[11] == "Ersatzspieler") == 2


def test_draft_tournament_standings_are_not_public(client, tournament):
    for name in ("standings", "standings_csv", "hall_display"):
        assert client.get(reverse(name, args=[tournament.pk])).status_code == 404


def test_standings_unknown_tournament_is_404(client):
    assert client.get("/turniere/999999999999999999999/rangliste/").status_code == 404


@pytest.mark.warm_up
def test_public_pages_are_cached_and_invalidated_by_a_correction(
    client, director, django_capture_on_commit_callbacks
):
    """A correction while the tournament runs (after the end results are frozen, SPEC §6)."""
    running = simulate_tournament(
        "--players",
        "14",
        "--category",
        "beginners",
        "--seed",
        "11",
        "--year",
        "2026",
        "--stop-after",
        "1",
    )
    url = reverse("standings", args=[running.pk])
    first = client.get(url)
    second = client.get(url)
    assert first["X-Public-Cache"] == "miss"
    assert second["X-Public-Cache"] == "hit"
    assert second.content == first.content

    TournamentStaff.objects.get_or_create(
        tournament=running, user=director, role=StaffRole.DIRECTOR
    )
    sheet = ResultSheet.objects.filter(round__tournament=running, round__number=1).first()
    games = [dict(g) for g in sheet.confirmed.games]
    letters = sorted(games[0]["scores"])
    games[0] = {
        "number": 1,
        "scores": {x: (30 * (len(letters) - 1) if x == letters[0] else -30) for x in letters},
    }
    with (
        celery_conf(task_always_eager=True, task_eager_propagates=True),  # warm-up here, too
        django_capture_on_commit_callbacks(execute=True),  # the bump follows the commit
    ):
        sheet_services.sheet_save(
            table=sheet.table,
            games=games,
            expected_version=sheet.version,
            user=director,
            reason="Übertragungsfehler",
        )

    third = client.get(url)
    # After commit the generation moved on and the warm-up (eager Celery here) rendered the new
    # page: a hit, with the corrected standings.
    assert third["X-Public-Cache"] == "hit"
    assert third.content != second.content
    assert row_names(third.content.decode()) == [
        e.player.public_name for e in standings_table(running).entries
    ]


def test_logged_in_users_are_never_served_from_the_cache(client, finished):
    url = reverse("standings", args=[finished.pk])
    client.get(url)
    client.force_login(make_user("gast"))

    response = client.get(url)

    assert "X-Public-Cache" not in response


def test_hall_display_shows_pairing_while_a_round_is_played_then_standings(client):
    tournament = simulate_tournament(
        "--players", "8", "--category", "beginners", "--seed", "7", "--stop-after", "1"
    )
    url = reverse("hall_display", args=[tournament.pk])

    playing = client.get(url).content.decode()
    round_two = Round.objects.get(tournament=tournament, number=2)
    seat = round_two.seats.select_related("player", "table").first()
    standings_view = client.get(url, {"ansicht": "rangliste"}).content.decode()
    partial = client.get(url, headers={"HX-Request": "true"}).content.decode()

    assert "Runde 2 · Ihr Tisch" in playing
    assert f"Tisch {seat.table.number} {seat.letter}" in playing
    assert 'data-hx-trigger="every 1500ms, live-now"' in playing  # live (issue #15.5)
    assert "Rangliste · nach Runde 1" in standings_view
    assert partial.lstrip().startswith('<div id="screen"')


def test_standings_leave_out_registered_players_who_never_played(client, finished):
    no_show = Player.objects.create(federation_number="NS-1", first_name="Nie", last_name="Da")
    Registration.objects.create(tournament=finished, player=no_show)

    entries = standings_table(finished).entries
    html = client.get(reverse("standings", args=[finished.pk])).content.decode()

    assert no_show not in [e.player for e in entries]
    assert len(entries) == Registration.objects.filter(tournament=finished).count() - 1
    assert "Da, Nie" not in html


def test_hiding_a_name_refreshes_cached_public_pages(
    client, finished, django_capture_on_commit_callbacks
):
    from tournaments.registry.services import player_save

    url = reverse("standings", args=[finished.pk])
    player = standings_table(finished).entries[0].player
    assert player.full_name in client.get(url).content.decode()

    player.publish_name = False
    with django_capture_on_commit_callbacks(execute=True):
        player_save(player=player)

    html = client.get(url).content.decode()
    assert player.full_name not in html
    assert player.public_name in html


def test_public_pages_refuse_post(client, finished):
    """Read-only pages: a POST (CSRF token from any form) was rendered cold, past the cache."""
    for name in ("standings", "standings_csv", "hall_display", "tournament_public"):
        response = client.post(reverse(name, args=[finished.pk]))

        assert response.status_code == 405, name
        assert response["Allow"] == "GET, HEAD"
