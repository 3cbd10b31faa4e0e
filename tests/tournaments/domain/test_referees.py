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
    ],
)
def test_not_played_by_game(rule, from_games, games, expected):
    assert not_played_by_game(from_games, games=games) == expected, rule
