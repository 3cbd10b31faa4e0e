"""A player's own registration online (issue 16): register and withdraw until the director's
deadline, the waiting list, the director's approval, the e-mails about it.

The caller vouches that `user` acts for `player` (the ranking app's player area resolves the
player from the user's account); reserves stay the director's decision (Klub 6.1): an online
registration is never a reserve.
"""

from __future__ import annotations

import logging
from datetime import datetime, time, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import tournament_write
from tournaments.enums import RegistrationSource, SignupStatus, TournamentStatus
from tournaments.models import Player, Registration, SignupRequest, Tournament
from tournaments.registration import mails
from tournaments.registration import services as registration_services

log = logging.getLogger(__name__)


def signup_closes_at(tournament: Tournament) -> datetime:
    """The director's deadline, else the start of the first tournament day (Berlin time)."""
    if tournament.signup_deadline is not None:
        return tournament.signup_deadline
    return timezone.make_aware(datetime.combine(tournament.start_date, time.min))


def _day(value) -> str:
    return formats.date_format(value, "SHORT_DATE_FORMAT")


def _when(moment: datetime) -> str:
    """'25.11.2026 um 14:00 Uhr'."""
    local = timezone.localtime(moment)
    return _("%(date)s at %(time)s") % {"date": _day(local), "time": _when_time(moment)}


def _require_open(locked: Tournament, now: datetime, *, withdraw: bool) -> None:
    """Online only while registration is open, before round 1 and before the deadline."""
    if locked.status == TournamentStatus.RUNNING or locked.rounds.exists():
        raise ValidationError(
            _("The tournament is already running; withdrawals only through the director.")
            if withdraw
            else _("The tournament is already running; registrations only through the director.")
        )
    if locked.status != TournamentStatus.REGISTRATION:
        raise ValidationError(_("Registration for this tournament is not open."))
    closes = signup_closes_at(locked)
    if now >= closes:
        message = (
            _("Registration closed on %(when)s; withdrawals only through the director.")
            if withdraw
            else _("Registration closed on %(when)s; registrations only through the director.")
        )
        raise ValidationError(message % {"when": _when(closes)})


def _lock(tournament: Tournament) -> Tournament:
    """Both fields of an event serialise on the main tournament's row, then this one's."""
    list(Tournament.objects.select_for_update().filter(pk=tournament.main_tournament_id))
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _lock_main(tournament: Tournament) -> Tournament:
    """The main tournament, locked: the check-in window is the event's (both fields)."""
    return Tournament.objects.select_for_update().get(pk=tournament.main_tournament_id)


def _require_not_signed_up(locked: Tournament, player: Player) -> None:
    """Once per event: not here, not in the other field, not waiting anywhere (Klub 6.3)."""
    event = Tournament.objects.same_event(locked)
    registered = (
        Registration.objects.active()
        .filter(player=player, tournament__in=event)
        .select_related("tournament")
        .first()
    )
    if registered is not None:
        if registered.tournament_id == locked.pk:
            raise ValidationError(_("You are already registered for this tournament."))
        raise ValidationError(
            _("You are already registered in the junior field; only one field is possible.")
            if registered.tournament.is_junior_field
            else _("You are already registered in the main field; only one field is possible.")
        )
    waiting = SignupRequest.objects.open().filter(player=player, tournament__in=event).first()
    if waiting is not None:
        if waiting.tournament_id != locked.pk:
            raise ValidationError(
                _("You have already signed up for the other field of this tournament.")
            )
        raise ValidationError(
            _("You are already on the waiting list.")
            if waiting.status == SignupStatus.WAITING
            else _("Your registration is already waiting for the director's approval.")
        )


@transaction.atomic
@tournament_write
def signup_register(
    *, tournament: Tournament, player: Player, user, now: datetime | None = None
) -> Registration | SignupRequest:
    """A place in the field if one is free and nobody waits, else the waiting list; with the
    director's approval switched on, first a request for it."""
    now = now or timezone.now()
    locked = _lock(tournament)
    _require_open(locked, now, withdraw=False)
    _require_not_signed_up(locked, player)
    events.public_data_changed(locked.pk)
    if locked.signup_approval:
        return _request(locked, player, user, SignupStatus.PENDING, now)
    nobody_waits = not SignupRequest.objects.filter(tournament=locked).waiting_list().exists()
    if nobody_waits and registration_services.free_places(locked) != 0:
        return registration_services.registration_add(
            tournament=locked,
            player=player,
            reserve=False,
            user=user,
            source=RegistrationSource.ONLINE,
        )
    return _request(locked, player, user, SignupStatus.WAITING, now)


def _request(locked, player, user, status, now) -> SignupRequest:
    return SignupRequest.objects.create(
        tournament=locked,
        player=player,
        status=status,
        requested_by=user,
        created_at=now,
        language=translation.get_language() or settings.LANGUAGE_CODE,
    )


@transaction.atomic
@tournament_write
def signup_withdraw(
    *, tournament: Tournament, player: Player, user, now: datetime | None = None
) -> None:
    """The player's own withdrawal: from the waiting list or request, or from the field (the
    first on the waiting list moves up)."""
    now = now or timezone.now()
    locked = _lock(tournament)
    _require_open(locked, now, withdraw=True)
    request = (
        SignupRequest.objects.select_for_update().open().filter(tournament=locked, player=player)
    ).first()
    if request is not None:
        request.status = SignupStatus.WITHDRAWN
        request.decided_at = now
        request.save(update_fields=["status", "decided_at"])
        return
    registration = Registration.objects.active().filter(tournament=locked, player=player).first()
    if registration is None:
        raise ValidationError(_("You are not registered for this tournament."))
    registration_services.registration_update(registration=registration, withdrawn=True, user=user)


@transaction.atomic
@tournament_write
def signup_decide(
    *, request: SignupRequest, approve: bool, user, now: datetime | None = None
) -> SignupRequest:
    """The director approves (a free place, else the waiting list) or declines a request."""
    now = now or timezone.now()
    locked = _lock(request.tournament)
    permissions.require_director(user, locked)
    request = SignupRequest.objects.select_for_update().get(pk=request.pk)
    if request.status != SignupStatus.PENDING:
        raise ValidationError(
            _("This registration has already been decided (%(status)s).")
            % {"status": request.get_status_display()}
        )
    if locked.rounds.exists():
        raise ValidationError(
            _("After the draw of the first round the director registers players directly.")
        )
    request.decided_at, request.decided_by = now, user
    # Approved: onto the waiting list by its sign-up time, then free places are filled in order.
    request.status = SignupStatus.WAITING if approve else SignupStatus.DECLINED
    request.save(update_fields=["status", "decided_at", "decided_by"])
    if approve:
        registration_services.waitlist_move_up(locked=locked, now=now)
        request.refresh_from_db()
    if request.status != SignupStatus.ACCEPTED:  # moving up has queued its own mail
        _mail(request)
    events.public_data_changed(locked.pk)
    return request


def waiting_position(request: SignupRequest) -> int:
    """1 for the first on the waiting list."""
    earlier = SignupRequest.objects.filter(tournament_id=request.tournament_id).waiting_list()
    return (
        earlier.filter(created_at__lt=request.created_at).count()
        + earlier.filter(created_at=request.created_at, pk__lt=request.pk).count()
        + 1
    )


def signup_mail_send(*, request_id: int) -> bool:
    """The work of the task `tournaments.signup_mail`, which jobs queued before the outbox
    (issue 26) still name: the request's mail is queued unless it went out for this status.
    Returns whether a mail was queued."""
    request = (
        SignupRequest.objects.select_related("player", "tournament").filter(pk=request_id).first()
    )
    if request is None:  # gone (its tournament deleted): nothing to tell
        return False
    with transaction.atomic():
        return _mail(request)


def _mail(request: SignupRequest) -> bool:
    position = waiting_position(request) if request.status == SignupStatus.WAITING else 0
    return mails.entry_mail_queue(request=request, position=position)


# --- Check-in on the day from the player's phone (issue 16.3) -------------------------------

CHECK_IN_MINUTES = (30, 60, 90, 120, 180)
"""How long the director may open the players' own check-in at once."""


def _when_time(moment: datetime) -> str:
    return pgettext("clock time", "%(time)s") % {
        "time": timezone.localtime(moment).strftime("%H:%M")
    }


@transaction.atomic
@tournament_write
def check_in_window_open(
    *, tournament: Tournament, minutes: int, user, now: datetime | None = None
) -> Tournament:
    """Open the players' own check-in for both fields of the event, on a tournament day."""
    now = now or timezone.now()
    main = _lock_main(tournament)
    permissions.require_director(user, main)
    if minutes not in CHECK_IN_MINUTES:
        raise ValidationError(_("Please choose one of the durations offered."))
    if main.status not in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        raise ValidationError(
            _("Check-in exists only while registration is open or the tournament is running.")
        )
    today = timezone.localdate(now)
    if not main.start_date <= today <= main.end_date:
        raise ValidationError(
            _("The director opens the players' check-in on the day of the tournament (%(day)s).")
            % {"day": _day(main.start_date)}
        )
    _window_set(main, opens=now, closes=now + timedelta(minutes=minutes))
    events.announce(events.check_in_opened, tournament_id=main.pk, opens_at=now.isoformat())
    return main


@transaction.atomic
@tournament_write
def check_in_window_close(*, tournament: Tournament, user, now: datetime | None = None) -> None:
    now = now or timezone.now()
    main = _lock_main(tournament)
    permissions.require_director(user, main)
    if not main.check_in_open(now):
        raise ValidationError(_("The players' check-in is not open."))
    _window_set(main, opens=main.check_in_opens_at, closes=now)


def _window_set(main: Tournament, *, opens: datetime, closes: datetime) -> None:
    main.check_in_opens_at, main.check_in_closes_at = opens, closes
    main.save(update_fields=["check_in_opens_at", "check_in_closes_at", "updated_at"])
    for t in Tournament.objects.same_event(main):
        Tournament.objects.filter(pk=t.pk).update(
            check_in_opens_at=opens, check_in_closes_at=closes
        )
        events.public_data_changed(t.pk)


@transaction.atomic
@tournament_write
def check_in_self(*, tournament: Tournament, player: Player, now: datetime | None = None):
    """The player checks in inside the window, in whichever field of the event they play."""
    now = now or timezone.now()
    main = _lock_main(tournament)
    if not main.check_in_open(now):
        closes = main.check_in_closes_at
        if closes is not None and main.check_in_opens_at <= now:
            raise ValidationError(
                _("Check-in has been closed since %(time)s; please report to the desk.")
                % {"time": _when_time(closes)}
            )
        raise ValidationError(
            _("Check-in is not open yet; the director opens it on the day of the tournament.")
        )
    registration = (
        Registration.objects.select_for_update()
        .active()
        .filter(player=player, tournament__in=Tournament.objects.same_event(main))
        .first()
    )
    if registration is None:
        raise ValidationError(
            _("You are not registered for this tournament; please report to the desk.")
        )
    if registration.checked_in_at is not None:
        raise ValidationError(
            _("You are already checked in (%(time)s).")
            % {"time": _when_time(registration.checked_in_at)}
        )
    if not registration.reserve:
        registration_services.require_check_in_place(registration.tournament, adding=1)
    registration.checked_in_at = now
    registration.save(update_fields=["checked_in_at"])
    events.public_data_changed(registration.tournament_id)
    return registration
