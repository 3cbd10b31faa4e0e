"""One game's result (SPEC §4; Klub 10.1, 11.4, 19.1, 19.2): one row per rule example.

Each row cites its rule. A row gives the seats' points in the order A, B, C(, D) and the
expected (letter, game points, minus points, place, placement points, winner) per seat.
Bad sheets are in test_scoring_validation.py.
"""

import pytest

from tests.support.games import game
from tournaments.domain.rules import (
    RULES_2014,
    RULES_HOUSE,
    RULES_PRE_2014,
    RULESETS,
    get_ruleset,
)
from tournaments.domain.scoring import (
    GameInput,
    InvalidGame,
    SeatScore,
    placement_points_for,
    score_game,
    validate_game,
)


def summary(result):
    return [
        (e.letter, e.game_points, e.minus_points, e.place, e.placement_points, e.winner)
        for e in result.entries
    ]


SCORED = [
    (
        "Klub 19.1: the winner takes the others' minus points; the table sums to 0",
        game(60, -10, -20, -30),
        [
            ("A", 60, 0, 1, 4, True),
            ("B", -10, 10, 2, 3, False),
            ("C", -20, 20, 3, 1, False),
            ("D", -30, 30, 4, 0, False),
        ],
    ),
    (
        "Klub 10.1: places 1,2,2,4 give 4,2,2,0",
        game(-10, 40, -20, -10),
        [
            ("A", -10, 10, 2, 2, False),
            ("B", 40, 0, 1, 4, True),
            ("C", -20, 20, 4, 0, False),
            ("D", -10, 10, 2, 2, False),
        ],
    ),
    (
        "Klub 10.1: places 1,2,2,2 give 4,2,2,2",
        game(30, -10, -10, -10),
        [
            ("A", 30, 0, 1, 4, True),
            ("B", -10, 10, 2, 2, False),
            ("C", -10, 10, 2, 2, False),
            ("D", -10, 10, 2, 2, False),
        ],
    ),
    (
        "Klub 10.1: places 1,2,3,3 give 4,3,1,1",
        game(50, -10, -20, -20),
        [
            ("A", 50, 0, 1, 4, True),
            ("B", -10, 10, 2, 3, False),
            ("C", -20, 20, 3, 1, False),
            ("D", -20, 20, 3, 1, False),
        ],
    ),
    (
        "SPEC §4 (our reading): a 3-player table gives 4, 3, 1",
        game(-15, 45, -30),
        [
            ("A", -15, 15, 2, 3, False),
            ("B", 45, 0, 1, 4, True),
            ("C", -30, 30, 3, 1, False),
        ],
    ),
    (
        "SPEC §4 (our reading): a shared 2nd place at a 3-player table gives 2, 2",
        game(20, -10, -10),
        [
            ("A", 20, 0, 1, 4, True),
            ("B", -10, 10, 2, 2, False),
            ("C", -10, 10, 2, 2, False),
        ],
    ),
    (
        "Klub 19.2: no first meld is -100, could have melded is -200; the winner gets the plus",
        game(310, -100, -200, -10, no_meld={"B": 100, "C": 200}),
        [
            ("A", 310, 0, 1, 4, True),
            ("B", -100, 100, 3, 1, False),
            ("C", -200, 200, 4, 0, False),
            ("D", -10, 10, 2, 3, False),
        ],
    ),
    (
        "Klub 11.4: pool exhausted, everyone writes the rack; the lowest sum wins, no 0-sum",
        game(-5, -12, -30, -7, exhausted=True),
        [
            ("A", -5, 5, 1, 4, True),
            ("B", -12, 12, 3, 1, False),
            ("C", -30, 30, 4, 0, False),
            ("D", -7, 7, 2, 3, False),
        ],
    ),
    (
        "Klub 11.4: equal lowest sums: the sheet names the winner",
        game(-5, -12, -5, -7, exhausted=True, winner="C"),
        [
            ("A", -5, 5, 2, 3, False),
            ("B", -12, 12, 4, 0, False),
            ("C", -5, 5, 1, 4, True),
            ("D", -7, 7, 3, 1, False),
        ],
    ),
    (
        "Klub 11.4 + 10.1: the named winner of a three-way tie; the others share 2nd",
        game(-8, -8, -8, -20, exhausted=True, winner="B"),
        [
            ("A", -8, 8, 2, 2, False),
            ("B", -8, 8, 1, 4, True),
            ("C", -8, 8, 2, 2, False),
            ("D", -20, 20, 4, 0, False),
        ],
    ),
    (
        "Klub 11.4 → 19.2: pool exhausted without a first meld counts the flat value",
        game(-100, -120, -45, -80, exhausted=True, no_meld={"A": 100}),
        [
            ("A", -100, 100, 3, 1, False),
            ("B", -120, 120, 4, 0, False),
            ("C", -45, 45, 1, 4, True),
            ("D", -80, 80, 2, 3, False),
        ],
    ),
    (
        "Klub 11.4: naming the lowest sum as winner is accepted",
        game(-5, -12, -30, -7, exhausted=True, winner="A"),
        [
            ("A", -5, 5, 1, 4, True),
            ("B", -12, 12, 3, 1, False),
            ("C", -30, 30, 4, 0, False),
            ("D", -7, 7, 2, 3, False),
        ],
    ),
    (
        "Klub 19.1: naming the player with the plus as winner is accepted",
        game(60, -10, -20, -30, winner="A"),
        [
            ("A", 60, 0, 1, 4, True),
            ("B", -10, 10, 2, 3, False),
            ("C", -20, 20, 3, 1, False),
            ("D", -30, 30, 4, 0, False),
        ],
    ),
    (
        "000 §1B, SPEC §1 (our reading): the final of two table winners gives 4, 3",
        game(-12, 12),
        [("A", -12, 12, 2, 3, False), ("B", 12, 0, 1, 4, True)],
    ),
    (
        "SPEC §4 bounds: 788 minus and 3 × 788 plus are possible",
        game(2364, -788, -788, -788),
        [
            ("A", 2364, 0, 1, 4, True),
            ("B", -788, 788, 2, 2, False),
            ("C", -788, 788, 2, 2, False),
            ("D", -788, 788, 2, 2, False),
        ],
    ),
]


@pytest.mark.parametrize(("rule", "g", "expected"), SCORED, ids=[row[0] for row in SCORED])
@pytest.mark.parametrize("ruleset", [RULES_2014, RULES_PRE_2014], ids=["2014", "pre2014"])
def test_score_game(rule, g, expected, ruleset):
    """One game scores the same under every rule set; only the standings chain differs (§5)."""
    assert validate_game(g, ruleset=ruleset) == ()
    assert summary(score_game(g, ruleset=ruleset)) == expected


PLACEMENT = [
    ("Klub 10.1: 1st 4, 2nd 3, 3rd 1, 4th 0", (1, 2, 3, 4), 4, (4, 3, 1, 0)),
    ("Klub 10.1: places 1,2,2,4", (2, 1, 4, 2), 4, (2, 4, 0, 2)),
    ("Klub 10.1: places 1,2,2,2", (2, 2, 1, 2), 4, (2, 2, 4, 2)),
    ("Klub 10.1: places 1,2,3,3", (3, 1, 3, 2), 4, (1, 4, 1, 3)),
    ("SPEC §4: 3-player table", (3, 2, 1), 3, (1, 3, 4)),
    ("SPEC §4: 3-player table, shared 2nd", (2, 1, 2), 3, (2, 4, 2)),
    ("SPEC §1 (our reading): the final of two", (2, 1), 2, (3, 4)),
]


@pytest.mark.parametrize(
    ("rule", "places", "size", "points"), PLACEMENT, ids=[r[0] for r in PLACEMENT]
)
def test_placement_points_for(rule, places, size, points):
    assert placement_points_for(places, size) == points


@pytest.mark.parametrize(
    ("places", "size", "message"),
    [
        ((1, 1, 3, 4), 4, r"Impossible places \(1, 1, 3, 4\)"),  # one winner only
        ((1, 2, 3), 4, "3 places do not fit a table of 4"),
    ],
)
def test_placement_points_for_refuses_impossible_patterns(places, size, message):
    with pytest.raises(ValueError, match=message):
        placement_points_for(places, size)


def test_ruleset_values_match_spec():
    assert (RULES_2014.code, RULES_2014.joker_value) == ("2014", 30)
    assert (RULES_PRE_2014.code, RULES_HOUSE.code) == ("pre2014", "house")
    assert (RULES_2014.max_minus, RULES_2014.max_plus) == (788, 2364)
    assert RULESETS == {"2014": RULES_2014, "pre2014": RULES_PRE_2014, "house": RULES_HOUSE}


def test_entries_come_sorted_by_letter_whatever_the_input_order():
    g = GameInput(
        number=3,
        scores=(SeatScore("D", -30), SeatScore("B", -10), SeatScore("A", 60), SeatScore("C", -20)),
    )
    result = score_game(g, ruleset=RULES_2014)
    assert [e.letter for e in result.entries] == ["A", "B", "C", "D"]
    assert result.entry("D").placement_points == 0
    assert (result.number, result.pool_exhausted) == (3, False)


def test_scoring_an_invalid_game_raises_with_every_error():
    with pytest.raises(InvalidGame) as info:
        score_game(game(60, None, -20, None), ruleset=RULES_2014)
    assert [(e.code, e.letter) for e in info.value.errors] == [
        ("missing_score", "B"),
        ("missing_score", "D"),
    ]
    assert (
        str(info.value) == "Spiel 1, Spieler B: Feld ist leer.; Spiel 1, Spieler D: Feld ist leer."
    )


def test_get_ruleset_unknown_code():
    assert get_ruleset("pre2014") is RULES_PRE_2014
    with pytest.raises(ValueError, match="Unknown rule set: '1999'"):
        get_ruleset("1999")
