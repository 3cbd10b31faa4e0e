"""Seats inside a round (SPEC §3; Klub 7.2, 9.1; our reading for 3-player tables)."""

import pytest

from tournaments.domain.seating import GameSeating, seat_plan

SPEC_TABLE = [
    # game, starts, S, W, N, E (SPEC §3, Klub 7.2)
    (1, "A", "A", "B", "C", "D"),
    (2, "B", "A", "D", "C", "B"),
    (3, "C", "A", "D", "B", "C"),
    (4, "D", "A", "C", "B", "D"),
]


@pytest.mark.parametrize(("game", "starter", "south", "west", "north", "east"), SPEC_TABLE)
def test_seat_plan_four_players_matches_every_row_of_the_spec_table(
    game, starter, south, west, north, east
):
    seating = seat_plan(4)[game - 1]
    assert seating == GameSeating(
        game=game,
        starter=starter,
        order=(south, west, north, east),
        compass=(("S", south), ("W", west), ("N", north), ("E", east)),
    )


def test_seat_plan_player_b_sits_west_east_north_north():
    # Klub 7.2: "Spieler B spielt also an Position WEST ... OST ... NORD ... NORD".
    assert [game.position_of("B") for game in seat_plan(4)] == ["W", "E", "N", "N"]


def test_seat_plan_seat_a_never_moves_and_everyone_starts_once():
    plan = seat_plan(4)
    assert {game.position_of("A") for game in plan} == {"S"}
    assert [game.starter for game in plan] == ["A", "B", "C", "D"]


THREE_PLAYER_TABLE = [
    # game, starts, S, W, N (SPEC §3 "3-player tables", our reading of Klub 7.2 without D)
    (1, "A", "A", "B", "C"),
    (2, "B", "A", "C", "B"),
    (3, "C", "A", "B", "C"),
    (4, "A", "A", "C", "B"),
]


@pytest.mark.parametrize(("game", "starter", "south", "west", "north"), THREE_PLAYER_TABLE)
def test_seat_plan_three_players_matches_every_row_of_the_spec_reading(
    game, starter, south, west, north
):
    assert seat_plan(3)[game - 1] == GameSeating(
        game=game,
        starter=starter,
        order=(south, west, north),
        compass=(("S", south), ("W", west), ("N", north)),
    )


def test_seat_plan_three_players_b_and_c_change_sides_every_game():
    # SPEC §3: the order of neighbours changes as often as possible (Klub 7.2's purpose).
    assert [game.position_of("B") for game in seat_plan(3)] == ["W", "N", "W", "N"]
    assert [game.position_of("C") for game in seat_plan(3)] == ["N", "W", "N", "W"]


@pytest.mark.parametrize("games", [1, 2, 3])
def test_seat_plan_short_rounds_use_the_first_games_of_the_pattern(games):
    assert seat_plan(4, games) == seat_plan(4)[:games]
    assert seat_plan(3, games) == seat_plan(3)[:games]


def test_seat_plan_final_of_two_alternates_the_start():
    """000 §1B, our reading: A South, B North; A starts odd games, B even ones."""
    plan = seat_plan(2)
    assert [game.starter for game in plan] == ["A", "B", "A", "B"]
    assert {game.compass for game in plan} == {(("S", "A"), ("N", "B"))}


@pytest.mark.parametrize(("table_size", "games"), [(1, 4), (5, 4), (4, 0), (4, 5)])
def test_seat_plan_rejects_impossible_tables_and_game_counts(table_size, games):
    with pytest.raises(ValueError):
        seat_plan(table_size, games)


def test_position_of_unknown_letter_raises():
    with pytest.raises(KeyError):
        seat_plan(3)[0].position_of("D")
