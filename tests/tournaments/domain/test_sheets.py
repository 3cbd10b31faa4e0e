"""Scoring a stored result sheet (SPEC §6 read through §4: Klub 10.1, 11.4, 19)."""

import pytest

from tournaments.domain.rules import RULES_2014, RuleSet
from tournaments.domain.scoring import InvalidGame
from tournaments.domain.sheets import (
    LINE_COLUMNS,
    ROUND_COLUMNS,
    line_rows,
    round_rows,
    score_sheet,
    sheet_lines,
)

ABCD = ("A", "B", "C", "D")


def scored(games, letters=ABCD, ruleset=RULES_2014):
    """Per game: its number and, per seat letter, (game points, place, placement points)."""
    return [
        (
            result.number,
            {e.letter: (e.game_points, e.place, e.placement_points) for e in result.entries},
        )
        for result in score_sheet(games, letters=letters, ruleset=ruleset)
    ]


@pytest.mark.parametrize(
    ("rule", "games", "letters", "expected"),
    [
        (
            "Klub 19.1 (the rules' example), 10.1",
            [{"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}}],
            ABCD,
            [(1, {"A": (60, 1, 4), "B": (-10, 2, 3), "C": (-20, 3, 1), "D": (-30, 4, 0)})],
        ),
        (
            "Klub 10.1: places 1, 2, 2, 4 give 4, 2, 2, 0",
            [{"number": 1, "scores": {"A": -10, "B": 50, "C": -10, "D": -30}}],
            ABCD,
            [(1, {"A": (-10, 2, 2), "B": (50, 1, 4), "C": (-10, 2, 2), "D": (-30, 4, 0)})],
        ),
        (
            "Klub 11.4: pool exhausted, the sheet names the winner of a tie",
            [
                {
                    "number": 1,
                    "scores": {"A": -5, "B": -5, "C": -20, "D": -30},
                    "pool_exhausted": True,
                    "declared_winner": "B",
                }
            ],
            ABCD,
            [(1, {"A": (-5, 2, 3), "B": (-5, 1, 4), "C": (-20, 3, 1), "D": (-30, 4, 0)})],
        ),
        (
            "Klub 19.2: no first meld, -100",
            [
                {
                    "number": 1,
                    "scores": {"A": 130, "B": -100, "C": -20, "D": -10},
                    "no_meld": {"B": 100},
                }
            ],
            ABCD,
            [(1, {"A": (130, 1, 4), "B": (-100, 4, 0), "C": (-20, 3, 1), "D": (-10, 2, 3)})],
        ),
        (
            "000 §1A: a table of three scores 4, 3, 1",
            [{"number": 1, "scores": {"A": -12, "B": -3, "C": 15}}],
            ("A", "B", "C"),
            [(1, {"A": (-12, 3, 1), "B": (-3, 2, 3), "C": (15, 1, 4)})],
        ),
        (
            "Klub 10.2: the games in the order the sheet holds them",
            [
                {"number": 2, "scores": {"A": -5, "B": 45, "C": -20, "D": -20}},
                {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
            ],
            ABCD,
            [
                (2, {"A": (-5, 2, 3), "B": (45, 1, 4), "C": (-20, 3, 1), "D": (-20, 3, 1)}),
                (1, {"A": (60, 1, 4), "B": (-10, 2, 3), "C": (-20, 3, 1), "D": (-30, 4, 0)}),
            ],
        ),
        ("Klub 10.2: a sheet without games", [], ABCD, []),
    ],
)
def test_score_sheet(rule, games, letters, expected):
    assert scored(games, letters) == expected, rule


def test_score_sheet_checks_by_the_rule_set_given():
    """The tournament's rule set bounds the cells (SPEC §4); a stricter one refuses this sheet."""
    games = [{"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}}]
    strict = RuleSet(
        code="strict", label="strict", chain=RULES_2014.chain, joker_value=30, max_minus=25
    )
    assert len(score_sheet(games, letters=ABCD, ruleset=RULES_2014)) == 1
    with pytest.raises(InvalidGame) as error:
        score_sheet(games, letters=ABCD, ruleset=strict)
    assert str(error.value) == (
        "Spiel 1, Spieler D: -30 ist unmöglich: mehr als 25 Minuspunkte gibt es nicht."
    )


def test_a_sheet_as_stored_one_row_per_seat_and_game_and_per_seat_and_round():
    """The rows a valid version is stored as (the tournament's lines and the ranking's
    correction lines alike); D did not play game 2 (SPEC §7): no line, one game in the round."""
    games = [
        {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
        {
            "number": 2,
            "scores": {"A": -100, "B": 125, "C": -25},
            "no_meld": {"A": 100},
            "not_played": ["D"],
        },
    ]
    seats = {"A": (11, False), "B": (12, False), "C": (13, True), "D": (14, False)}
    lines = sheet_lines(games, letters=ABCD, ruleset=RULES_2014)

    rows = [dict(zip(LINE_COLUMNS, row, strict=True)) for row in line_rows(lines, seats)]
    rounds = [dict(zip(ROUND_COLUMNS, row, strict=True)) for row in round_rows(lines, seats)]

    line = {"pool_exhausted": False, "no_meld": None}
    assert rows == [
        line | {"player_id": 11, "letter": "A", "reserve": False, "game_number": 1,
                "game_points": 60, "minus_points": 0, "place": 1, "placement_points": 4,
                "winner": True},
        line | {"player_id": 12, "letter": "B", "reserve": False, "game_number": 1,
                "game_points": -10, "minus_points": 10, "place": 2, "placement_points": 3,
                "winner": False},
        line | {"player_id": 13, "letter": "C", "reserve": True, "game_number": 1,
                "game_points": -20, "minus_points": 20, "place": 3, "placement_points": 1,
                "winner": False},
        line | {"player_id": 14, "letter": "D", "reserve": False, "game_number": 1,
                "game_points": -30, "minus_points": 30, "place": 4, "placement_points": 0,
                "winner": False},
        line | {"player_id": 11, "letter": "A", "reserve": False, "game_number": 2,
                "game_points": -100, "minus_points": 100, "place": 3, "placement_points": 1,
                "winner": False, "no_meld": 100},
        line | {"player_id": 12, "letter": "B", "reserve": False, "game_number": 2,
                "game_points": 125, "minus_points": 0, "place": 1, "placement_points": 4,
                "winner": True},
        line | {"player_id": 13, "letter": "C", "reserve": True, "game_number": 2,
                "game_points": -25, "minus_points": 25, "place": 2, "placement_points": 3,
                "winner": False},
    ]  # fmt: skip
    assert rounds == [
        {"player_id": 11, "reserve": False, "placement_points": 5, "game_points": -40,
         "first": 1, "second": 0, "third": 1, "fourth": 0, "minus_points": 100, "games": 2},
        {"player_id": 12, "reserve": False, "placement_points": 7, "game_points": 115,
         "first": 1, "second": 1, "third": 0, "fourth": 0, "minus_points": 10, "games": 2},
        {"player_id": 13, "reserve": True, "placement_points": 4, "game_points": -45,
         "first": 0, "second": 1, "third": 1, "fourth": 0, "minus_points": 45, "games": 2},
        {"player_id": 14, "reserve": False, "placement_points": 0, "game_points": -30,
         "first": 0, "second": 0, "third": 0, "fourth": 1, "minus_points": 30, "games": 1},
    ]  # fmt: skip


def test_score_sheet_refuses_a_seat_missing_on_the_sheet():
    games = [{"number": 1, "scores": {"A": 60, "B": -10, "C": -50}}]
    with pytest.raises(InvalidGame) as error:
        score_sheet(games, letters=ABCD, ruleset=RULES_2014)
    assert str(error.value) == "Spiel 1, Spieler D: Feld ist leer."


def test_version_games_marks_what_changed_against_the_version_before():
    """Issue #17.6: the history marks changed cells; a first version marks nothing."""
    from tournaments.domain.sheets import version_games

    before = [{"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}}]
    after = [
        {
            "number": 1,
            "scores": {"A": 70, "B": -10, "C": -20, "D": -40},
            "pool_exhausted": False,
        }
    ]

    (game,) = version_games(after, before)
    (first,) = version_games(before, None)

    assert [(c.letter, c.points, c.changed) for c in game.cells] == [
        ("A", 70, True), ("B", -10, False), ("C", -20, False), ("D", -40, True),
    ]  # fmt: skip
    assert (game.changed, game.exhausted_changed, game.winner_changed) == (True, False, False)
    assert first.changed is False


def test_version_games_marks_a_newly_named_winner_and_a_no_meld():
    from tournaments.domain.sheets import version_games

    before = [{"number": 4, "pool_exhausted": True, "scores": {"A": -7, "B": -7}}]
    after = [
        {
            "number": 4,
            "pool_exhausted": True,
            "declared_winner": "B",
            "scores": {"A": -7, "B": -7},
            "no_meld": {"A": 100},
        }
    ]

    (game,) = version_games(after, before)

    assert (game.winner, game.winner_changed, game.exhausted_changed) == ("B", True, False)
    assert [(c.letter, c.no_meld, c.changed) for c in game.cells] == [
        ("A", 100, True), ("B", None, False),
    ]  # fmt: skip
