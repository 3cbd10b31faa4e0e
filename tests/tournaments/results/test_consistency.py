"""The stored lines equal a fresh re-score (issue 14): on simulated tournaments of every format,
after the back-fill of the data migration, and the check finds (and repairs) a difference."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.support.builders import (
    TIED_SHEET_THREE,
    make_house_tournament,
    make_user,
    play_round,
    register_players,
    simulate_tournament,
)
from tournaments.models import Absence, ScoredLine, ScoredRound, Seat
from tournaments.results.selectors import scored_line_mismatches
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db

FORMATS = {
    "city, reserves": ("--players", "18", "--seed", "21"),
    "final": ("--players", "14", "--category", "beginners", "--final", "--seed", "22"),
    "three-player tables": (
        "--players", "13", "--category", "special", "--rounds", "2", "--games", "3",
        "--three-player-tables", "--seed", "23",
    ),
    "house final, tie at the cut": (
        "--players", "7", "--category", "special", "--rounds", "1", "--games", "3",
        "--three-player-tables", "--house-final", "--tie-at-cut", "--seed", "24",
    ),
    "red card mid-round": ("--players", "10", "--red-card-mid-round", "--seed", "25"),
    "red card at a table of three": (
        "--players", "13", "--category", "special", "--rounds", "2", "--games", "3",
        "--three-player-tables", "--red-card-mid-round", "--seed", "28",
    ),
    "table of three left with one": (
        "--players", "13", "--category", "special", "--rounds", "2", "--games", "3",
        "--three-player-tables", "--red-card-mid-round", "--withdrawal-mid-round",
        "--seed", "42",
    ),
    "red card in a final of two": (
        "--players", "7", "--category", "special", "--rounds", "1", "--games", "3",
        "--three-player-tables", "--house-final", "--red-card-mid-round",
        "--red-card-round", "2", "--seed", "30",
    ),
    "before 2014": ("--players", "8", "--year", "2012", "--seed", "26"),
    "teams": ("--players", "16", "--category", "special", "--rounds", "2", "--teams", "2",
              "--seed", "27"),
}  # fmt: skip


def seat_games(tournament) -> int:
    """Games actually played per seat: every seat of a sheet's table, minus games not played;
    a table left with fewer than two players plays no more games (SPEC §7)."""
    out = {
        (a.round_id, a.player_id): a.from_game
        for a in Absence.objects.in_force().filter(round__tournament=tournament)
    }
    tables: dict[int, list[int | None]] = {}
    for seat in Seat.objects.filter(round__tournament=tournament):
        tables.setdefault(seat.table_id, []).append(out.get((seat.round_id, seat.player_id)))
    played = 0
    for firsts in tables.values():
        for game in range(1, tournament.games_per_round + 1):
            playing = sum(1 for first in firsts if first is None or first > game)
            played += playing if playing >= 2 else 0
    return played


@pytest.mark.parametrize("name", FORMATS)
def test_stored_lines_equal_a_fresh_score_on_simulated_tournaments(name):
    t = simulate_tournament(*FORMATS[name])

    assert scored_line_mismatches([t.pk]) == []
    assert ScoredLine.objects.filter(tournament=t).count() == seat_games(t)
    played = ScoredLine.objects.filter(tournament=t).values("table_id", "player_id").distinct()
    assert ScoredRound.objects.filter(tournament=t).count() == played.count()


def test_red_card_mid_round_leaves_the_seat_out_of_the_games_not_played():
    t = simulate_tournament(*FORMATS["red card mid-round"])
    absence = Absence.objects.in_force().get(round__tournament=t)
    assert (absence.round.number, absence.from_game) == (1, 2)
    lines = ScoredLine.objects.filter(round=absence.round, player=absence.player)
    assert list(lines.values_list("game_number", "table_number", "letter")) == [(1, 1, "D")]
    for game in (2, 3, 4):  # the other three finish as a game of three (SPEC §7)
        played = ScoredLine.objects.filter(round=absence.round, table_number=1, game_number=game)
        assert sorted(played.values_list("letter", flat=True)) == ["A", "B", "C"]
        # 4, 3, 1 or, with a shared 2nd place, 4, 2, 2 (Klub 10.1 for three players)
        assert sum(played.values_list("placement_points", flat=True)) == 8


def test_house_format_lines_hold_the_shared_second_place(director, players):
    t = make_house_tournament(director=director, has_final=False)
    register_players(t, players, count=6)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=5)
    play_round(rnd, director=director, desk=make_user("orga"), sheets={1: TIED_SHEET_THREE})

    game_3 = ScoredLine.objects.filter(round=rnd, table_number=1, game_number=3)
    assert sorted(game_3.values_list("letter", "place", "placement_points")) == [
        ("A", 2, 2), ("B", 2, 2), ("C", 1, 4),
    ]  # fmt: skip
    assert scored_line_mismatches([t.pk]) == []


@pytest.fixture
def simulated():
    return simulate_tournament(*FORMATS["city, reserves"])


def test_the_check_finds_a_changed_line_and_repairs_it(simulated):
    line = ScoredLine.objects.filter(tournament=simulated).order_by("pk").first()
    ScoredLine.objects.filter(pk=line.pk).update(game_points=line.game_points + 1)

    found = scored_line_mismatches([simulated.pk])
    assert [m.message for m in found] == [
        f"{simulated.name} (Nr. {simulated.pk}), Runde {line.round_number}, Tisch "
        f"{line.table_number}: 1 Zeilen fehlen oder weichen ab, 1 gespeicherte sind "
        "überzählig oder falsch."
    ]
    with pytest.raises(CommandError, match="1 Abweichungen"):
        call_command("check_scored_lines", "--tournament", str(simulated.pk))

    call_command("check_scored_lines", "--repair")
    assert scored_line_mismatches() == []


def test_the_check_finds_a_changed_round_sum(simulated):
    row = ScoredRound.objects.filter(tournament=simulated).order_by("pk").first()
    ScoredRound.objects.filter(pk=row.pk).update(placement_points=row.placement_points + 1)

    (mismatch,) = scored_line_mismatches([simulated.pk])
    assert mismatch.message.endswith(
        "1 Zeilen fehlen oder weichen ab, 1 gespeicherte sind überzählig oder falsch."
    )


def test_the_check_finds_missing_lines(simulated):
    table = ScoredLine.objects.filter(tournament=simulated).order_by("pk").first().table
    ScoredLine.objects.filter(table=table).delete()

    (mismatch,) = scored_line_mismatches()
    assert mismatch.tournament_id == simulated.pk
    assert "16 Zeilen fehlen oder weichen ab, 0 gespeicherte" in mismatch.message
