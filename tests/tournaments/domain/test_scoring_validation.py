"""Bad sheets (SPEC §4; Klub 10.2, 11.4, 19.1, 19.2): every problem of a game, one German
message each, all reported at once. One row per case, citing the rule it protects."""

import pytest

from tests.support.games import game
from tests.support.texts import english, german_errors
from tournaments.domain.rules import RULES_2014, RULES_PRE_2014
from tournaments.domain.scoring import GameError, GameInput, SeatScore, validate_game


def error(code, letter, message, number=1):
    return GameError(code, number, letter, message)


INVALID = [
    (
        "Klub 19.1: the control sum is 0",
        game(70, -10, -20, -30),
        [error("sum_not_zero", None, "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme).")],
    ),
    (
        "Klub 19.1: the control sum is 0 (too low)",
        game(50, -10, -20, -30, number=3),
        [error("sum_not_zero", None, "Spiel 3: Die Summe ist -10 statt 0 (Kontrollsumme).", 3)],
    ),
    (
        "Klub 19.1: one winner",
        game(60, 10, -40, -30),
        [
            error(
                "several_winners",
                None,
                "Spiel 1: Mehrere Spieler haben Pluspunkte (A, B), es gibt nur einen Gewinner.",
            )
        ],
    ),
    (
        "Klub 19.1: a winner",
        game(-10, -10, -20, -30),
        [error("no_winner", None, "Spiel 1: Kein Spieler hat Pluspunkte, der Gewinner fehlt.")],
    ),
    (
        "Klub 10.2: every cell filled",
        game(60, -10, None, -30, number=2),
        [error("missing_score", "C", "Spiel 2, Spieler C: Feld ist leer.", 2)],
    ),
    (
        "Klub 10.2: an empty sheet is four empty cells, no follow-up errors",
        game(None, None, None, None),
        [error("missing_score", x, f"Spiel 1, Spieler {x}: Feld ist leer.") for x in "ABCD"],
    ),
    (
        "SPEC §4 bounds: at most 788 minus and 3 × 788 plus",
        game(10040, -10000, -10, -30),
        [
            error(
                "plus_out_of_bounds",
                "A",
                "Spiel 1, Spieler A: +10040 ist unmöglich: mehr als 2364 Pluspunkte gibt es nicht.",
            ),
            error(
                "minus_out_of_bounds",
                "B",
                "Spiel 1, Spieler B: -10000 ist unmöglich: mehr als 788 Minuspunkte gibt es nicht.",
            ),
        ],
    ),
    (
        "SPEC §4 bounds: plus",
        game(10000, -10, -20, -30),
        [
            error(
                "plus_out_of_bounds",
                "A",
                "Spiel 1, Spieler A: +10000 ist unmöglich: mehr als 2364 Pluspunkte gibt es nicht.",
            )
        ],
    ),
    (
        "Klub 19.1: who does not win has minus points",
        game(60, 0, -20, -40),
        [
            error(
                "loser_not_negative",
                "B",
                "Spiel 1, Spieler B: 0 Punkte sind nicht möglich: Wer nicht gewinnt, hat "
                "Minuspunkte.",
            )
        ],
    ),
    (
        "Klub 19.1: a zero and a wrong sum are both reported",
        game(60, 0, -20, -30),
        [
            error(
                "loser_not_negative",
                "B",
                "Spiel 1, Spieler B: 0 Punkte sind nicht möglich: Wer nicht gewinnt, hat "
                "Minuspunkte.",
            ),
            error("sum_not_zero", None, "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."),
        ],
    ),
    (
        "Klub 19.1: several winners make the sum meaningless",
        game(60, 10, -40, -40),
        [
            error(
                "several_winners",
                None,
                "Spiel 1: Mehrere Spieler haben Pluspunkte (A, B), es gibt nur einen Gewinner.",
            )
        ],
    ),
    (
        "Klub 6.1, 000 §1A/§1B: 2 to 4 players",
        game(10),
        [error("player_count", None, "Spiel 1: Ein Tisch hat 2 bis 4 Spieler, hier sind es 1.")],
    ),
    (
        "Klub 7.2: letters A-D once each",
        GameInput(
            1, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("B", -10), SeatScore("D", -10))
        ),
        [
            error(
                "player_count",
                None,
                "Spiel 1: Die 4 Spieler müssen die Buchstaben A–D je einmal tragen "
                "(eingetragen: A, B, B, D).",
            )
        ],
    ),
    (
        "Klub 19.2: the flat value is -100",
        game(230, -130, -100, no_meld={"B": 100}),
        [
            error(
                "no_meld_value",
                "B",
                "Spiel 1, Spieler B: Ohne erste Auslage zählen pauschal -100 (Klub 19.2), "
                "eingetragen ist -130.",
            )
        ],
    ),
    (
        "Klub 19.2: 100 or 200, nothing else",
        game(250, -150, -100, no_meld={"B": 150}),
        [
            error(
                "no_meld_value",
                "B",
                "Spiel 1, Spieler B: Ohne erste Auslage gibt es pauschal 100 oder 200 "
                "Minuspunkte (Klub 19.2), nicht 150.",
            )
        ],
    ),
    (
        "Klub 11.4: a tie on the lowest sum needs the named winner",
        game(-5, -12, -5, -7, number=4, exhausted=True),
        [
            error(
                "exhausted_tie_needs_winner",
                None,
                "Spiel 4: Pool leer und gleich niedrige Summe bei A, C: Der Bogen muss den "
                "Gewinner nennen (weniger Steine oder Schiedsrichter, Klub 11.4).",
                4,
            )
        ],
    ),
    (
        "Klub 11.4: the named winner has the lowest sum",
        game(-5, -12, -5, -7, exhausted=True, winner="B"),
        [
            error(
                "declared_winner_invalid",
                "B",
                "Spiel 1, Spieler B: Als Gewinner genannt, hat aber nicht die niedrigste Summe "
                "(A, C, Klub 11.4).",
            )
        ],
    ),
    (
        "Klub 11.4: with the pool exhausted everyone writes minus points",
        game(5, -12, -30, 7, number=2, exhausted=True),
        [
            error(
                "exhausted_positive",
                x,
                f"Spiel 2, Spieler {x}: Pool leer: Alle schreiben ihre Steine als Minuspunkte "
                f"(Klub 11.4), +{p} ist nicht möglich.",
                2,
            )
            for x, p in (("A", 5), ("D", 7))
        ],
    ),
    (
        "Klub 10.2: the named winner sits at the table",
        game(60, -10, -20, -30, winner="E"),
        [
            error(
                "declared_winner_invalid",
                None,
                "Spiel 1: Der genannte Gewinner 'E' sitzt nicht an diesem Tisch.",
            )
        ],
    ),
    (
        "Klub 19.1: at a normal end the winner is who has the plus",
        game(60, -10, -20, -30, winner="B"),
        [
            error(
                "declared_winner_invalid",
                "B",
                "Spiel 1, Spieler B: Als Gewinner genannt, aber Spieler A hat die Pluspunkte.",
            )
        ],
    ),
]


@pytest.mark.parametrize(("rule", "g", "expected"), INVALID, ids=[row[0] for row in INVALID])
@pytest.mark.parametrize("ruleset", [RULES_2014, RULES_PRE_2014], ids=["2014", "pre2014"])
def test_validate_game(rule, g, expected, ruleset):
    """The German texts as the desk sees them (msgids rendered by locale/de)."""
    assert german_errors(validate_game(g, ruleset=ruleset)) == tuple(expected)


def test_the_core_holds_english_msgids_with_values():
    """The core's message is the English msgid and its values; German exists only at the site."""
    (only,) = validate_game(game(70, -10, -20, -30), ruleset=RULES_2014)
    reason = only.message.params["text"]
    assert only.message.text == "Game %(game)s: %(text)s"
    assert (reason.text, reason.params) == (
        "The sum is %(total)s instead of 0 (control sum).",
        {"total": "+10"},
    )
    assert english(only.message) == "Game 1: The sum is +10 instead of 0 (control sum)."


@pytest.mark.parametrize(
    ("rule", "g", "codes"),
    [
        (
            "Klub 10.2: several problems, all reported",
            game(None, -900, -10, -30, no_meld={"C": 100}),
            [("missing_score", "A"), ("minus_out_of_bounds", "B"), ("no_meld_value", "C")],
        ),
        (
            "Klub 6.1: five players",
            GameInput(1, tuple(SeatScore(x, -1) for x in "ABCDE")),
            [("player_count", None)],
        ),
        (
            "000 §1A: a 3-player table is A-C",
            GameInput(1, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("D", -20))),
            [("player_count", None)],
        ),
    ],
)
def test_validate_game_codes(rule, g, codes):
    assert [(e.code, e.letter) for e in validate_game(g, ruleset=RULES_2014)] == codes


def test_the_sum_of_an_exhausted_pool_is_not_checked():
    """Klub 11.4: the game ends without a winner laying out; the racks don't sum to 0."""
    assert validate_game(game(-5, -12, -30, -7, exhausted=True), ruleset=RULES_2014) == ()
