"""Referee rules without a database (Klub 4.2.2, 4.5)."""

import pytest

from tournaments.domain.referees import (
    WarningRecord,
    WarningSummary,
    goes_to_head_referee,
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
    with pytest.raises(ValueError, match="0 bis 4"):
        goes_to_head_referee(objections)
