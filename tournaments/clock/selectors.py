"""The round clock's state, folded from its log (issue #15.7)."""

from django.utils import timezone

from tournaments.domain.clock import ClockAction, ClockState, clock_state
from tournaments.models import Round, RoundClockAction


def clock_actions(rnd: Round) -> list[RoundClockAction]:
    return list(RoundClockAction.objects.filter(round=rnd).select_related("created_by"))


def round_clock(rnd: Round, *, actions: list[RoundClockAction] | None = None) -> ClockState:
    """The clock now; ``actions`` if the caller has read the log already."""
    rows = clock_actions(rnd) if actions is None else actions
    return clock_state((ClockAction(a.action, a.at, a.minutes) for a in rows), now=timezone.now())
