"""Scoring a stored result sheet (SPEC §6 read through §4: Klub 10.1, 11.4, 19)."""

import pytest

from tournaments.domain.rules import RULES_2014, RuleSet
from tournaments.domain.scoring import InvalidGame
from tournaments.domain.sheets import score_sheet

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
