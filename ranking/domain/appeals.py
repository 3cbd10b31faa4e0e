"""Appeals to the rules commission (SPEC §8; Klub 3, 4.2.3): the 14-day window in Berlin time.

Who may appeal and what a decision changes (the ranking only) are checked by the services.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")


APPEAL_DAYS = 14


def appeal_last_day(end_date: date) -> date:
    """Day 14 after the tournament's last day: appeals are heard until the end of this day."""
    return end_date + timedelta(days=APPEAL_DAYS)


def appeal_deadline(end_date: date) -> datetime:
    """23:59:59 Europe/Berlin of day 14 (aware): the last second an appeal is accepted."""
    return datetime.combine(appeal_last_day(end_date), time(23, 59, 59), tzinfo=BERLIN)


def appeal_window_closes(end_date: date) -> datetime:
    """The first instant no appeal is accepted: midnight starting day 15, Berlin time.

    Computed as a local wall-clock time, so the window is right across DST changes (a day of
    23 or 25 hours), not 15 × 24 hours after the last day.
    """
    return datetime.combine(appeal_last_day(end_date) + timedelta(days=1), time(0), tzinfo=BERLIN)


def appeal_in_time(end_date: date, at: datetime) -> bool:
    """True while an appeal filed at ``at`` (aware) is in time."""
    if at.tzinfo is None:
        raise ValueError("The instant needs a time zone.")
    return at < appeal_window_closes(end_date)
