"""The director's round clock (issue #15.7): start, pause, resume, end. Each is a new log row
with who and when; the hall display shows the clock, so each is announced like public data."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments import permissions
from tournaments.clock.selectors import clock_actions, round_clock
from tournaments.common import events
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.domain import clock
from tournaments.domain.clock import ClockState
from tournaments.enums import RoundStatus
from tournaments.models import Round, RoundClockAction


def _act(rnd: Round, user, action: str, minutes: int | None = None) -> ClockState:
    # Lock the round: two directors pressing at once end in one action and a clear refusal.
    locked = Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)
    permissions.require_director(user, locked.tournament)
    require_not_finished(locked.tournament)
    if locked.status == RoundStatus.DRAWN:
        raise ValidationError("Die Paarung dieser Runde ist noch nicht freigegeben.")
    if locked.status == RoundStatus.PUBLISHED:
        raise ValidationError("Diese Runde ist bereits veröffentlicht.")
    actions = clock_actions(locked)
    refused = clock.refusal(action, round_clock(locked, actions=actions), minutes)
    if refused:
        raise ValidationError(refused)
    RoundClockAction.objects.create(
        round=locked,
        number=len(actions) + 1,
        action=action,
        minutes=minutes if action == clock.START else None,
        at=timezone.now(),
        created_by=user,
    )
    events.public_data_changed(locked.tournament_id)  # the hall display shows the clock
    return round_clock(locked)


@transaction.atomic
@tournament_write
def round_clock_start(*, rnd: Round, user, minutes: int) -> ClockState:
    """Start the round's clock with its length in minutes."""
    return _act(rnd, user, clock.START, minutes)


@transaction.atomic
@tournament_write
def round_clock_pause(*, rnd: Round, user) -> ClockState:
    """Stop the clock (a dispute, a break); the time left is kept."""
    return _act(rnd, user, clock.PAUSE)


@transaction.atomic
@tournament_write
def round_clock_resume(*, rnd: Round, user) -> ClockState:
    """Run on from the time left at the pause: the end moves by the pause's length."""
    return _act(rnd, user, clock.RESUME)


@transaction.atomic
@tournament_write
def round_clock_end(*, rnd: Round, user) -> ClockState:
    """The round's playing time is over (the hall display says so until publication)."""
    return _act(rnd, user, clock.END)
