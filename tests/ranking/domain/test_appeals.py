"""The 14 days for an appeal (SPEC §8; Klub 4.2.3, 3): until 23:59:59 Berlin time of day 14
after the tournament's last day, across daylight-saving changes. One row per case."""

from datetime import UTC, date, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ranking.domain.appeals import BERLIN, appeal_deadline, appeal_in_time


def berlin(y, m, d, hh=0, mm=0, ss=0, micro=0):
    return datetime(y, m, d, hh, mm, ss, micro, tzinfo=BERLIN)


def utc(y, m, d, hh=0, mm=0, ss=0):
    return datetime(y, m, d, hh, mm, ss, tzinfo=UTC)


IN_TIME = [
    # rule, last tournament day, moment, in time
    (
        "Klub 4.2.3: the last second of day 14",
        date(2026, 6, 7),
        berlin(2026, 6, 21, 23, 59, 59),
        True,
    ),
    (
        "Klub 4.2.3: ... to the microsecond",
        date(2026, 6, 7),
        berlin(2026, 6, 21, 23, 59, 59, 999999),
        True,
    ),
    ("Klub 4.2.3: day 15 is late", date(2026, 6, 7), berlin(2026, 6, 22), False),
    (
        "Berlin time: the same instant in UTC (summer, +2 h)",
        date(2026, 6, 7),
        utc(2026, 6, 21, 21, 59, 59),
        True,
    ),
    ("Berlin time: one second later in UTC", date(2026, 6, 7), utc(2026, 6, 21, 22), False),
    ("Klub 4.2.3: the tournament day itself", date(2026, 12, 12), berlin(2026, 12, 12, 18), True),
    ("Klub 4.2.3: day 14 at noon", date(2026, 12, 12), berlin(2026, 12, 26, 12), True),
    ("Klub 4.2.3: just after day 14", date(2026, 12, 12), berlin(2026, 12, 27, 0, 0, 1), False),
    (
        "DST spring: day 14 (29 March) has 23 hours",
        date(2026, 3, 15),
        utc(2026, 3, 29, 21, 59, 59),
        True,
    ),
    ("DST spring: day 15 begins", date(2026, 3, 15), utc(2026, 3, 29, 22), False),
    (
        "DST autumn: day 14 (25 October) has 25 hours",
        date(2026, 10, 11),
        utc(2026, 10, 25, 22, 59, 59),
        True,
    ),
    ("DST autumn: day 15 begins", date(2026, 10, 11), utc(2026, 10, 25, 23), False),
    (
        "DST autumn: 14 × 24 h would close an hour early",
        date(2026, 10, 11),
        utc(2026, 10, 25, 22, 30),
        True,
    ),
]


@pytest.mark.parametrize(("rule", "end", "at", "expected"), IN_TIME, ids=[r[0] for r in IN_TIME])
def test_appeal_in_time(rule, end, at, expected):
    assert appeal_in_time(end, at) is expected


def test_deadline():
    assert appeal_deadline(date(2026, 6, 7)) == berlin(2026, 6, 21, 23, 59, 59)
    assert appeal_deadline(date(2026, 3, 15)).utcoffset() == timedelta(hours=2)
    assert appeal_deadline(date(2026, 10, 11)).utcoffset() == timedelta(hours=1)


def test_naive_time_is_a_programming_error():
    with pytest.raises(ValueError):
        appeal_in_time(date(2026, 1, 1), datetime(2026, 1, 2))


@given(
    end=st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)),
    offset_seconds=st.integers(min_value=-3 * 86400, max_value=30 * 86400),
)
def test_in_time_iff_berlin_date_is_at_most_day_14(end, offset_seconds):
    start_of_end = datetime.combine(end, time(0), tzinfo=BERLIN)
    at = (start_of_end.astimezone(UTC) + timedelta(seconds=offset_seconds)).astimezone(UTC)
    local_day = at.astimezone(BERLIN).date()
    assert appeal_in_time(end, at) == (local_day <= end + timedelta(days=14))
