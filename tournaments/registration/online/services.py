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
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import tournament_write
from tournaments.enums import RegistrationSource, SignupStatus, TournamentStatus
from tournaments.models import Player, Registration, SignupRequest, Tournament
from tournaments.registration import services as registration_services

log = logging.getLogger(__name__)


def signup_closes_at(tournament: Tournament) -> datetime:
    """The director's deadline, else the start of the first tournament day (Berlin time)."""
    if tournament.signup_deadline is not None:
        return tournament.signup_deadline
    return timezone.make_aware(datetime.combine(tournament.start_date, time.min))


def _when(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%d.%m.%Y um %H:%M Uhr")


def _require_open(locked: Tournament, now: datetime, *, action: str) -> None:
    """Online only while registration is open, before round 1 and before the deadline."""
    if locked.status == TournamentStatus.RUNNING or locked.rounds.exists():
        raise ValidationError(
            f"Das Turnier läuft bereits; {action} nur noch bei der Turnierleitung."
        )
    if locked.status != TournamentStatus.REGISTRATION:
        raise ValidationError("Für dieses Turnier ist die Anmeldung nicht geöffnet.")
    closes = signup_closes_at(locked)
    if now >= closes:
        raise ValidationError(
            f"Der Anmeldeschluss war am {_when(closes)}; {action} nur noch bei der Turnierleitung."
        )


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
            raise ValidationError("Sie sind für dieses Turnier bereits angemeldet.")
        where = "im Juniorenfeld" if registered.tournament.is_junior_field else "im Hauptfeld"
        raise ValidationError(f"Sie sind bereits {where} angemeldet; nur ein Feld ist möglich.")
    waiting = SignupRequest.objects.open().filter(player=player, tournament__in=event).first()
    if waiting is not None:
        if waiting.tournament_id != locked.pk:
            raise ValidationError(
                "Sie haben sich bereits für das andere Feld dieses Turniers angemeldet."
            )
        raise ValidationError(
            "Sie stehen bereits auf der Warteliste."
            if waiting.status == SignupStatus.WAITING
            else "Ihre Anmeldung wartet bereits auf die Bestätigung der Turnierleitung."
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
    _require_open(locked, now, action="Anmeldungen")
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
        tournament=locked, player=player, status=status, requested_by=user, created_at=now
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
    _require_open(locked, now, action="Abmeldungen")
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
        raise ValidationError("Sie sind für dieses Turnier nicht angemeldet.")
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
            f"Über diese Anmeldung ist bereits entschieden ({request.get_status_display()})."
        )
    if locked.rounds.exists():
        raise ValidationError(
            "Nach der Auslosung der ersten Runde meldet die Turnierleitung direkt an."
        )
    request.decided_at, request.decided_by = now, user
    # Approved: onto the waiting list by its sign-up time, then free places are filled in order.
    request.status = SignupStatus.WAITING if approve else SignupStatus.DECLINED
    request.save(update_fields=["status", "decided_at", "decided_by"])
    if approve:
        registration_services.waitlist_move_up(locked=locked, now=now)
        request.refresh_from_db()
    if request.status != SignupStatus.ACCEPTED:  # moving up has queued its own mail
        registration_services.signup_mail_enqueue(request.pk)
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


SUBJECTS = {
    SignupStatus.ACCEPTED: "Sie sind im Teilnehmerfeld",
    SignupStatus.WAITING: "Sie stehen auf der Warteliste",
    SignupStatus.DECLINED: "Ihre Anmeldung wurde nicht angenommen",
}


def signup_mail_send(*, request_id: int, now: datetime | None = None) -> bool:
    """Tell the player the request's status, once per status (a repeated task sends nothing).
    Returns whether a mail was sent."""
    request = (
        SignupRequest.objects.select_related("player", "tournament").filter(pk=request_id).first()
    )
    if request is None:  # gone (its tournament deleted): nothing to tell
        return False
    subject = SUBJECTS.get(request.status)
    email = request.player.email
    if subject is None or not email:
        return False
    claimed = (
        SignupRequest.objects.filter(pk=request_id, status=request.status)
        .exclude(mailed_status=F("status"))
        .update(mailed_status=F("status"))
    )
    if not claimed:
        return False
    try:
        send_mail(
            f"{subject}: {request.tournament.name}",
            _body(request),
            settings.DEFAULT_FROM_EMAIL,
            [email],
        )
    except Exception:
        SignupRequest.objects.filter(pk=request_id).update(mailed_status="")  # retry may send
        raise
    return True


def _body(request: SignupRequest) -> str:
    t, p = request.tournament, request.player
    day = t.start_date.strftime("%d.%m.%Y")
    greeting = f"Guten Tag {p.first_name} {p.last_name},\n\n"
    if request.status == SignupStatus.ACCEPTED:
        approved = request.decided_at is not None and request.moved_up_at == request.decided_at
        how = (
            "Die Turnierleitung hat Ihre Anmeldung bestätigt"
            if approved
            else "Ein Platz ist frei geworden und Sie sind von der Warteliste nachgerückt"
        )
        text = (
            f"{how}: Sie sind für „{t.name}“ am {day} im Teilnehmerfeld.\n\n"
            "Ob Sie als Ersatzspieler spielen, entscheidet die Turnierleitung (Klub 6.1). "
            "Bitte checken Sie am Turniertag ein.\n"
        )
    elif request.status == SignupStatus.WAITING:
        text = (
            f"Das Teilnehmerfeld von „{t.name}“ am {day} ist voll. Sie stehen auf der "
            f"Warteliste auf Platz {waiting_position(request)}. Wird ein Platz frei, rücken "
            "Sie automatisch nach; wir schreiben Ihnen dann.\n"
        )
    else:
        text = f"Die Turnierleitung hat Ihre Anmeldung zu „{t.name}“ am {day} nicht angenommen.\n"
    return greeting + text + "\nAbmelden können Sie sich in Ihrem Bereich bis zum Anmeldeschluss.\n"


# --- Check-in on the day from the player's phone (issue 16.3) -------------------------------

CHECK_IN_MINUTES = (30, 60, 90, 120, 180)
"""How long the director may open the players' own check-in at once."""


def _when_time(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%H:%M Uhr")


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
        raise ValidationError("Bitte eine der angebotenen Dauern wählen.")
    if main.status not in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        raise ValidationError("Check-in gibt es nur bei offener Anmeldung oder laufendem Turnier.")
    today = timezone.localdate(now)
    if not main.start_date <= today <= main.end_date:
        raise ValidationError(
            f"Den Check-in für Spieler öffnet die Turnierleitung am Turniertag "
            f"({main.start_date:%d.%m.%Y})."
        )
    _window_set(main, opens=now, closes=now + timedelta(minutes=minutes))
    return main


@transaction.atomic
@tournament_write
def check_in_window_close(*, tournament: Tournament, user, now: datetime | None = None) -> None:
    now = now or timezone.now()
    main = _lock_main(tournament)
    permissions.require_director(user, main)
    if not main.check_in_open(now):
        raise ValidationError("Der Check-in für Spieler ist nicht geöffnet.")
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
                f"Der Check-in ist seit {_when_time(closes)} geschlossen; bitte melden Sie sich "
                "am Orgatisch."
            )
        raise ValidationError(
            "Der Check-in ist noch nicht geöffnet; die Turnierleitung öffnet ihn am Turniertag."
        )
    registration = (
        Registration.objects.select_for_update()
        .active()
        .filter(player=player, tournament__in=Tournament.objects.same_event(main))
        .first()
    )
    if registration is None:
        raise ValidationError(
            "Sie sind für dieses Turnier nicht angemeldet; bitte melden Sie sich am Orgatisch."
        )
    if registration.checked_in_at is not None:
        raise ValidationError(
            f"Sie sind bereits eingecheckt ({_when_time(registration.checked_in_at)})."
        )
    registration.checked_in_at = now
    registration.save(update_fields=["checked_in_at"])
    events.public_data_changed(registration.tournament_id)
    return registration
