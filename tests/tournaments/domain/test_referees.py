"""Referee rules without a database (Klub 4.2.2, 4.5)."""

import pytest

from tournaments.domain.referees import (
    WarningRecord,
    WarningSummary,
    goes_to_head_referee,
    not_played_by_game,
    summarize,
)


def test_summarize_counts_active_warnings_by_kind_and_withdrawn_apart():
    summary = summarize(
        [
            WarningRecord("unofficial", True),
            WarningRecord("unofficial", True),
            WarningRecord("yellow", True),
            WarningRecord("red", False),
        ]
    )

    assert summary == WarningSummary(unofficial=2, yellow=1, red=0, withdrawn=1)
    assert summary.has_yellow is True
    assert summary.excluded is False
    assert summary.empty is False


def test_summarize_active_red_card_means_excluded():
    summary = summarize([WarningRecord("red", True)])

    assert summary.excluded is True
    assert summary.has_yellow is False


def test_summarize_nothing_is_empty():
    summary = summarize([])

    assert summary == WarningSummary(0, 0, 0, 0)
    assert summary.empty is True


def test_summarize_withdrawn_yellow_does_not_count_as_yellow():
    summary = summarize([WarningRecord("yellow", False)])

    assert summary.has_yellow is False
    assert summary.withdrawn == 1


@pytest.mark.parametrize(
    ("objections", "expected"), [(0, False), (1, False), (2, False), (3, True), (4, True)]
)
def test_goes_to_head_referee_when_more_than_two_object(objections, expected):
    assert goes_to_head_referee(objections) is expected


@pytest.mark.parametrize("objections", [-1, 5, 100])
def test_goes_to_head_referee_rejects_impossible_counts(objections):
    with pytest.raises(ValueError, match="0 to 4"):
        goes_to_head_referee(objections)


@pytest.mark.parametrize(
    ("rule", "from_games", "games", "expected"),
    [
        (
            "SPEC §7 (our reading): card in game 3, games 3 and 4 not played, 1 and 2 stand",
            {"C": 3},
            4,
            {3: ("C",), 4: ("C",)},
        ),
        (
            "SPEC §7: withdrawal from game 1, the whole round",
            {"D": 1},
            4,
            {n: ("D",) for n in (1, 2, 3, 4)},
        ),
        ("SPEC §7: card in the last game, only that game", {"A": 4}, 4, {4: ("A",)}),
        (
            "SPEC §7: two players out, each from his game",
            {"B": 2, "D": 3},
            4,
            {2: ("B",), 3: ("B", "D"), 4: ("B", "D")},
        ),
        ("000 §1B: 3 games per round", {"C": 2}, 3, {2: ("C",), 3: ("C",)}),
        ("SPEC §7: nobody out", {}, 4, {}),
        (
            "SPEC §7 (our reading): a table of four losing three is left with one, no game",
            {"A": 2, "B": 3, "C": 4},
            4,
            {2: ("A",), 3: ("A", "B"), 4: ("A", "B", "C", "D")},
        ),
    ],
)
def test_not_played_by_game(rule, from_games, games, expected):
    assert not_played_by_game(from_games, games=games, letters="ABCD") == expected, rule


@pytest.mark.parametrize(
    ("rule", "letters", "from_games", "expected"),
    [
        (
            "Klub 4.5.1, SPEC §7: a table of three loses C in game 2, A and B play on as two",
            "ABC",
            {"C": 2},
            {2: ("C",), 3: ("C",)},
        ),
        (
            "SPEC §7: a table of three left with one player, its remaining games not played",
            "ABC",
            {"B": 2, "C": 3},
            {2: ("B",), 3: ("A", "B", "C")},
        ),
        (
            "SPEC §7: a table of three, two out in the same game",
            "ABC",
            {"A": 1, "C": 1},
            {n: ("A", "B", "C") for n in (1, 2, 3)},
        ),
        (
            "SPEC §7: a final of two loses A in game 3, the game and the rest not played",
            "AB",
            {"A": 3},
            {3: ("A", "B")},
        ),
    ],
)
def test_not_played_by_game_at_small_tables(rule, letters, from_games, expected):
    assert not_played_by_game(from_games, games=3, letters=letters) == expected, rule
