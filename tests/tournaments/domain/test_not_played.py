"""A seat that did not play a game: red card or withdrawal in the middle of a round (SPEC §7,
Klub 4.5.1, 4.2), scored as a game of the remaining players (SPEC §4, Klub 10.1)."""

import pytest

from tests.support.texts import german
from tournaments.domain.rules import RULES_2014
from tournaments.domain.scoring import GameError, GameInput, SeatScore, validate_game
from tournaments.domain.sheets import score_sheet

ABCD = ("A", "B", "C", "D")


def scored(games, letters=ABCD):
    """Per game: its number and, per seat letter, (game points, place, placement points)."""
    return [
        (
            result.number,
            {e.letter: (e.game_points, e.place, e.placement_points) for e in result.entries},
        )
        for result in score_sheet(games, letters=letters, ruleset=RULES_2014)
    ]


@pytest.mark.parametrize(
    ("rule", "game", "expected"),
    [
        (
            "SPEC §7 + §4: C out, the others play a 3-player game, 4, 3, 1",
            {"number": 3, "scores": {"A": 30, "B": -10, "D": -20}, "not_played": ["C"]},
            {"A": (30, 1, 4), "B": (-10, 2, 3), "D": (-20, 3, 1)},
        ),
        (
            "SPEC §4 (our reading): 3 players, a shared 2nd place gives 2, 2",
            {"number": 3, "scores": {"A": -15, "B": -15, "C": 30}, "not_played": ["D"]},
            {"A": (-15, 2, 2), "B": (-15, 2, 2), "C": (30, 1, 4)},
        ),
        (
            "SPEC §7: a cell written for the absent seat is ignored, no line for it",
            {"number": 4, "scores": {"A": -5, "B": 20, "C": -7, "D": -13}, "not_played": ["A"]},
            {"B": (20, 1, 4), "C": (-7, 2, 3), "D": (-13, 3, 1)},
        ),
        (
            "Klub 11.4 in a 3-player game: pool exhausted, lowest rack wins, sum not 0",
            {
                "number": 2,
                "scores": {"A": -40, "C": -5, "D": -9},
                "pool_exhausted": True,
                "not_played": ["B"],
            },
            {"A": (-40, 3, 1), "C": (-5, 1, 4), "D": (-9, 2, 3)},
        ),
        (
            "Klub 19.2 in a 3-player game: no first meld, -100",
            {
                "number": 1,
                "scores": {"A": 110, "B": -100, "C": -10},
                "no_meld": {"B": 100},
                "not_played": ["D"],
            },
            {"A": (110, 1, 4), "B": (-100, 3, 1), "C": (-10, 2, 3)},
        ),
        (
            "SPEC §7: an empty not_played list is a normal 4-player game (Klub 19.1)",
            {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}, "not_played": []},
            {"A": (60, 1, 4), "B": (-10, 2, 3), "C": (-20, 3, 1), "D": (-30, 4, 0)},
        ),
    ],
)
def test_score_sheet_with_a_seat_not_played(rule, game, expected):
    assert scored([game]) == [(game["number"], expected)], rule


def test_games_before_the_exclusion_stand_and_later_ones_have_three_players():
    """SPEC §7: games already played stand; from the red card on, the seat has no line."""
    games = [
        {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
        {"number": 2, "scores": {"A": -10, "B": -20, "C": 45, "D": -15}},
        {"number": 3, "scores": {"A": -12, "B": 20, "D": -8}, "not_played": ["C"]},
        {"number": 4, "scores": {"A": 33, "B": -30, "D": -3}, "not_played": ["C"]},
    ]
    assert [sorted(letters) for _, letters in scored(games)] == [
        ["A", "B", "C", "D"],
        ["A", "B", "C", "D"],
        ["A", "B", "D"],
        ["A", "B", "D"],
    ]


@pytest.mark.parametrize(
    ("rule", "game", "letters", "expected"),
    [
        (
            "SPEC §4 control sum over the remaining players only (Klub 19.1)",
            GameInput(
                3, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("D", -30)), not_played=("C",)
            ),
            ABCD,
            [("sum_not_zero", None, "Spiel 3: Die Summe ist -10 statt 0 (Kontrollsumme).")],
        ),
        (
            "SPEC §7: a remaining player's empty cell is still an error",
            GameInput(
                3,
                (SeatScore("A", 30), SeatScore("B", None), SeatScore("D", -30)),
                not_played=("C",),
            ),
            ABCD,
            [("missing_score", "B", "Spiel 3, Spieler B: Feld ist leer.")],
        ),
        (
            "Klub 6.1: the absent seat and the players together are the table's letters",
            GameInput(
                3, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("C", -20)), not_played=("C",)
            ),
            ABCD,
            [
                (
                    "player_count",
                    None,
                    "Spiel 3: Die 4 Spieler müssen die Buchstaben A–D je einmal tragen "
                    "(eingetragen: A, B, C, C).",
                )
            ],
        ),
        (
            "SPEC §7 + §4: a game needs 3 players; two seats out leave a game of 2",
            GameInput(3, (SeatScore("A", 30), SeatScore("B", -30)), not_played=("C", "D")),
            ABCD,
            [
                (
                    "player_count",
                    None,
                    "Spiel 3: Ein Spiel braucht mindestens 3 Spieler, hier spielen 2 (SPEC §7).",
                )
            ],
        ),
    ],
)
def test_validate_game_with_a_seat_not_played(rule, game, letters, expected):
    errors = validate_game(game, ruleset=RULES_2014)
    assert [(e.code, e.letter, german(e.message)) for e in errors] == expected, rule
    assert all(isinstance(e, GameError) for e in errors)
