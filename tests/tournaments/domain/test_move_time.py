"""Time per move (SPEC §1; Klub 12.1, house format 000 §1B), one row per rule case."""

import pytest

from tests.support.texts import german
from tournaments.domain.formats import move_time_errors, move_time_text

CLUB = "Klub-Turniere spielen mit 1 Minute pro Zug (Klub 12.1)."
RANGE = (
    "Die Zeit pro Zug liegt zwischen 10 und 600 Sekunden; leer lassen, wenn ohne Zeitlimit "
    "gespielt wird."
)

ERRORS = [
    # rule, special tournament, seconds per move, expected
    ("Klub 12.1: one minute in every round", False, 60, {}),
    ("Klub 12.1: no other time for club tournaments", False, 90, {"seconds_per_move": CLUB}),
    (
        "Klub 12.1: club tournaments always play with a clock",
        False,
        None,
        {"seconds_per_move": CLUB},
    ),
    ("000 §1B: a special tournament may play without a limit", True, None, {}),
    ("000 §1B: ... or announce its own time", True, 30, {}),
    ("000 §1B: the club minute is fine too", True, 60, {}),
    ("our bounds: at least 10 s", True, 9, {"seconds_per_move": RANGE}),
    ("our bounds: at most 10 min", True, 601, {"seconds_per_move": RANGE}),
    ("our bounds: 10 s is allowed", True, 10, {}),
    ("our bounds: 10 min is allowed", True, 600, {}),
]


@pytest.mark.parametrize(
    ("rule", "special", "seconds", "expected"), ERRORS, ids=[r[0] for r in ERRORS]
)
def test_move_time_errors(rule, special, seconds, expected):
    errors = move_time_errors(special=special, seconds_per_move=seconds)
    assert {field: german(text) for field, text in errors.items()} == expected


TEXTS = [
    (None, "ohne Zeitlimit"),
    (60, "1 Minute"),
    (120, "2 Minuten"),
    (90, "90 Sekunden"),
    (45, "45 Sekunden"),
]


@pytest.mark.parametrize(("seconds", "text"), TEXTS)
def test_move_time_text_as_announced(seconds, text):
    assert german(move_time_text(seconds)) == text
