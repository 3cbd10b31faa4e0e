"""A player's public page: tables, games and results; warnings only for staff."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils import translation

from tests.support.builders import (
    correct_published_sheet,
    make_released_round,
    make_user,
    play_round,
    simulate_tournament,
)
from tournaments.common.formats import local_format
from tournaments.enums import GlobalRole, StaffRole, WarningGround, WarningKind
from tournaments.history.selectors import player_history
from tournaments.models import (
    PlayerWarning,
    Registration,
    Seat,
    TournamentStaff,
)
from tournaments.results.selectors import Correction
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


def test_player_page_shows_tables_games_and_results(client, finished):
    entry = standings_table(finished).entries[0]
    html = client.get(reverse("player_page", args=[entry.player.pk])).content.decode()

    assert finished.name in html
    assert html.count("<h3>Runde ") == 2
    assert html.count("Tisch ") >= 2
    totals = re.findall(
        r'<tfoot><tr><th scope="row">Runde</th><td class="num"><strong>(-?\d+)', html
    )
    assert sum(map(int, totals)) == entry.game_points
    assert "Verwarnungen" not in html


def test_player_page_warnings_only_for_staff(client, finished, director):
    player = standings_table(finished).entries[0].player
    PlayerWarning.objects.create(
        tournament=finished,
        player=player,
        kind=WarningKind.YELLOW,
        ground=WarningGround.DROPPED_TILES,
    )
    url = reverse("player_page", args=[player.pk])

    public = client.get(url).content.decode()
    referee = make_user("schiri-hier", role=GlobalRole.REFEREE)
    TournamentStaff.objects.create(tournament=finished, user=referee, role=StaffRole.REFEREE)
    other = make_user("schiri-anders", role=GlobalRole.REFEREE)
    client.force_login(other)
    other_view = client.get(url).content.decode()
    client.force_login(referee)
    staff_view = client.get(url).content.decode()

    assert "Gelbe Karte" not in public and "Verwarnungen" not in public
    assert "Gelbe Karte" not in other_view
    assert "Gelbe Karte" in staff_view and "Heruntergefallene Steine" in staff_view
    assert other is not None


def test_player_page_hides_draft_tournaments_and_unknown_players(client, tournament, players):
    Registration.objects.create(tournament=tournament, player=players[0])

    assert client.get(reverse("player_page", args=[players[0].pk])).status_code == 404
    assert client.get("/spieler/987654/").status_code == 404


def test_player_page_query_count_is_constant(client, django_assert_max_num_queries):
    first = simulate_tournament(
        "--players", "8", "--category", "beginners", "--seed", "21", "--year", "2025"
    )
    player = Registration.objects.filter(tournament=first, reserve=False).first().player
    with django_assert_max_num_queries(10):
        client.get(reverse("player_page", args=[player.pk]))
    for seed in (22, 23):
        t = simulate_tournament("--players", "8", "--seed", str(seed), "--year", "2025")
        if not Registration.objects.filter(tournament=t, player=player).exists():
            Registration.objects.create(tournament=t, player=player)
    with django_assert_max_num_queries(10):
        assert client.get(reverse("player_page", args=[player.pk]) + "?x=2").status_code == 200


def test_player_page_marks_a_corrected_table(client, director, players, desk_user):
    """Issue 28.6: the table's players see when and why its published result was corrected."""
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    play_round(rnd, director=director, desk=desk_user)
    version = correct_published_sheet(rnd, table=1, director=director, reason="Tippfehler")
    at_one = Seat.objects.filter(round=rnd, table__number=1).first().player
    at_two = Seat.objects.filter(round=rnd, table__number=2).first().player
    with translation.override("de"):
        day = local_format(version.created_at, "DATE_FORMAT")

    corrected = client.get(reverse("player_page", args=[at_one.pk])).content.decode()
    standing = client.get(reverse("player_page", args=[at_two.pk])).content.decode()

    mark = (
        '<p class="notice notice-warn correction-note" data-testid="correction">'
        f"korrigiert am {day} (Tippfehler)</p>"
    )
    assert corrected.count(mark) == 1
    assert 'data-testid="correction"' not in standing
    (line,) = player_history(at_one, user=AnonymousUser())
    assert [r.correction for r in line.rounds] == [
        Correction(corrected_at=version.created_at, reason="Tippfehler")
    ]
