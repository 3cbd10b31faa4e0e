"""The round clock (issue #15.7): the time a round may last, started, paused, resumed and ended
by the director; the hall display counts down from it. Pure: a state folded from the logged
actions. (The time per move, Klub 12.1, is kept by the clocks on the tables; the hall display
only announces it.)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from tournaments.domain.text import N_, Message, message

START, PAUSE, RESUME, END = "start", "pause", "resume", "end"
ACTIONS = (START, PAUSE, RESUME, END)
IDLE, RUNNING, PAUSED, ENDED = "idle", "running", "paused", "ended"
MIN_MINUTES, MAX_MINUTES = 1, 600


@dataclass(frozen=True)
class ClockAction:
    action: str
    at: datetime
    minutes: int | None = None  # the round's length, with START


@dataclass(frozen=True)
class ClockState:
    status: str
    duration_seconds: int = 0
    elapsed_seconds: int = 0  # at `now`, pauses left out
    ends_at: datetime | None = None  # while running

    @property
    def remaining_seconds(self) -> int:
        return max(0, self.duration_seconds - self.elapsed_seconds)

    @property
    def remaining_text(self) -> str:
        """ "1:05:09", "42:07" or "0:00" for the hall display."""
        hours, rest = divmod(self.remaining_seconds, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"

    @property
    def expired(self) -> bool:
        return self.status in (RUNNING, PAUSED) and self.remaining_seconds == 0


_ALLOWED = {START: (IDLE,), PAUSE: (RUNNING,), RESUME: (PAUSED,), END: (RUNNING, PAUSED)}
_REFUSED = {
    START: N_("The round clock is already running or has ended."),
    PAUSE: N_("The round clock is not running."),
    RESUME: N_("The round clock is not paused."),
    END: N_("The round clock is not running."),
}


def refusal(action: str, state: ClockState, minutes: int | None = None) -> Message | None:
    """Why ``action`` is not possible now (a message for the director), or None."""
    if action not in ACTIONS:
        return message(N_("Unknown action of the round clock."))
    if state.status not in _ALLOWED[action]:
        return message(_REFUSED[action])
    if action == START and not (minutes and MIN_MINUTES <= minutes <= MAX_MINUTES):
        return message(
            N_("The length of the round must lie between %(min)s and %(max)s minutes."),
            min=MIN_MINUTES,
            max=MAX_MINUTES,
        )
    return None


def clock_state(actions: Iterable[ClockAction], now: datetime) -> ClockState:
    """Fold the logged actions (oldest first) into the clock's state at ``now``."""
    status, duration, elapsed, since = IDLE, 0, timedelta(0), None
    for a in actions:
        if a.action == START:
            status, duration, elapsed, since = RUNNING, (a.minutes or 0) * 60, timedelta(0), a.at
        elif a.action == PAUSE and status == RUNNING:
            status, elapsed, since = PAUSED, elapsed + (a.at - since), None
        elif a.action == RESUME and status == PAUSED:
            status, since = RUNNING, a.at
        elif a.action == END and status in (RUNNING, PAUSED):
            if since is not None:
                elapsed += a.at - since
            status, since = ENDED, None
    ends_at = None
    if status == RUNNING:
        ends_at = since + timedelta(seconds=duration) - elapsed
        elapsed += max(now - since, timedelta(0))
    seconds = int(elapsed.total_seconds())
    return ClockState(status, duration, min(seconds, duration) if duration else seconds, ends_at)
