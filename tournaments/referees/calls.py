"""Calls for a referee from a table's phone page (issue #15.6, Klub 4.1: players call a referee
at any time). Each call is recorded; a referee takes it and closes it, each exactly once, with
who and when; closing may name the warning or ruling it led to (Klub 4.2, 4.4).

Referee pages are staff pages and not cached; but the calls list polls live (ETag/304 on the
desk generation, `common/live.py`), so every open, take and close bumps that generation.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.enums import RoundStatus
from tournaments.models import PlayerWarning, RefereeCall, Round, Ruling, Table, Tournament

CALL_STAFF_ONLY = gettext_lazy(
    "Only referees, the head referee and the director of this tournament."
)


def _at(moment) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


@transaction.atomic
@tournament_write
def referee_call_open(*, table: Table, reason: str = "", device: str = "") -> RefereeCall:
    """A table calls a referee (no account: the table's token was checked by the caller). While
    the table has an open call, calling again returns that call: pressing twice calls once."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=table.round_id)
    require_not_finished(rnd.tournament)
    if rnd.status != RoundStatus.RELEASED:
        raise ValidationError(
            _("This round is not being played right now; please speak to the referee directly.")
        )
    existing = RefereeCall.objects.filter(table_id=table.pk, closed_at__isnull=True).first()
    if existing is not None:
        return existing
    call = RefereeCall.objects.create(
        tournament=rnd.tournament,
        round=rnd,
        table_id=table.pk,
        reason=(reason or "").strip()[:300],
        device=(device or "")[:200],
    )
    events.event_desk_data_changed(rnd.tournament)  # the referees' live calls list
    events.announce(events.referee_called, tournament_id=rnd.tournament_id, call_id=call.pk)
    return call


def _lock(call: RefereeCall, user) -> RefereeCall:
    # Who took or closed it is read after the lock, not joined into the locked read: a row that
    # changed while we waited comes back new, but a joined row would be the old one (PostgreSQL).
    locked = (
        RefereeCall.objects.select_for_update(of=("self",))
        .select_related("tournament", "table")
        .get(pk=call.pk)
    )
    permissions.require(permissions.can_answer_calls(user, locked.tournament), CALL_STAFF_ONLY)
    require_not_finished(locked.tournament)
    if locked.closed_at is not None:
        raise ValidationError(
            _("The call of table %(table)s was already closed at %(time)s by %(user)s.")
            % {
                "table": locked.table.number,
                "time": _at(locked.closed_at),
                "user": locked.closed_by.get_username(),
            }
        )
    return locked


@transaction.atomic
@tournament_write
def referee_call_take(*, call: RefereeCall, user) -> RefereeCall:
    """A referee goes to the table. Taken once: a second referee gets a clear conflict; the
    same referee pressing again changes nothing."""
    locked = _lock(call, user)
    if locked.taken_by_id is not None:
        if locked.taken_by_id == user.pk:
            return locked
        raise ValidationError(
            _("The call of table %(table)s was already taken by %(user)s at %(time)s.")
            % {
                "table": locked.table.number,
                "user": locked.taken_by.get_username(),
                "time": _at(locked.taken_at),
            }
        )
    locked.taken_by, locked.taken_at = user, timezone.now()
    locked.save(update_fields=["taken_by", "taken_at"])
    events.event_desk_data_changed(locked.tournament)
    return locked


def _check_links(tournament: Tournament, warning, ruling) -> None:
    event = set(Tournament.objects.same_event(tournament).values_list("pk", flat=True))
    if warning is not None and warning.tournament_id not in event:
        raise ValidationError({"warning": _("This warning does not belong to this tournament.")})
    if ruling is not None and ruling.tournament_id not in event:
        raise ValidationError({"ruling": _("This decision does not belong to this tournament.")})


@transaction.atomic
@tournament_write
def referee_call_close(
    *,
    call: RefereeCall,
    user,
    outcome: str,
    warning: PlayerWarning | None = None,
    ruling: Ruling | None = None,
) -> RefereeCall:
    """The call is done: how it ended, and the warning or ruling it led to, if any. Closed
    once, by whoever took it, the head referee or the director; a call nobody took is taken
    and closed at once."""
    locked = _lock(call, user)
    others = locked.taken_by_id not in (None, user.pk)
    if others and not permissions.can_head_referee(user, locked.tournament):
        raise ValidationError(
            _(
                "The call of table %(table)s was taken by %(user)s; only they, the head referee "
                "or the director can close it."
            )
            % {"table": locked.table.number, "user": locked.taken_by.get_username()}
        )
    outcome = (outcome or "").strip()
    if not outcome and warning is None and ruling is None:
        raise ValidationError({"outcome": _("Please note briefly how the call ended.")})
    _check_links(locked.tournament, warning, ruling)
    now = timezone.now()
    if locked.taken_by_id is None:
        locked.taken_by, locked.taken_at = user, now
    locked.closed_by, locked.closed_at = user, now
    locked.outcome, locked.warning, locked.ruling = outcome, warning, ruling
    locked.save(
        update_fields=[
            "taken_by",
            "taken_at",
            "closed_by",
            "closed_at",
            "outcome",
            "warning",
            "ruling",
        ]  # fmt: skip
    )
    events.event_desk_data_changed(locked.tournament)
    return locked
