"""The player's e-mails about an online registration (issue 16.2): in the field (approved, or
moved up from the waiting list), on the waiting list, not accepted. Queued in the transaction
that sets the status, once per status, in the language the player signed up in."""

from __future__ import annotations

from datetime import date

from django.conf import settings
from django.db.models import F

from tournaments.enums import SignupStatus
from tournaments.mail.kinds import MailKind
from tournaments.mail.services import mail_queue
from tournaments.models import SignupRequest

KIND_OF_STATUS = {
    SignupStatus.ACCEPTED: "entry_accepted",
    SignupStatus.WAITING: "entry_waiting",
    SignupStatus.DECLINED: "entry_declined",
}


def _dated(values: dict) -> dict:
    """The first day as a date: the template writes it in the recipient's format."""
    return {**values, "start_date": date.fromisoformat(values["start_date"])}


SAMPLE = {
    "first_name": "Ada",
    "last_name": "Lovelace",
    "tournament": "Spring Open 2026",
    "start_date": "2026-12-12",
    "approved": False,
    "position": 0,
}
KINDS = (
    MailKind(KIND_OF_STATUS[SignupStatus.ACCEPTED], sample=SAMPLE, prepare=_dated),
    MailKind(KIND_OF_STATUS[SignupStatus.WAITING], sample=SAMPLE | {"position": 3}, prepare=_dated),
    MailKind(KIND_OF_STATUS[SignupStatus.DECLINED], sample=SAMPLE, prepare=_dated),
)


def entry_mail_queue(*, request: SignupRequest, position: int = 0) -> bool:
    """Queue the mail about the request's current status unless it went out for this status
    already (`mailed_status` is the claim); `position` on the waiting list. Returns whether a
    mail was queued. The caller holds the transaction."""
    kind = KIND_OF_STATUS.get(request.status)
    player, tournament = request.player, request.tournament
    if kind is None or not player.email:
        return False
    claimed = (
        SignupRequest.objects.filter(pk=request.pk, status=request.status)
        .exclude(mailed_status=F("status"))
        .update(mailed_status=F("status"))
    )
    if not claimed:
        return False
    mail_queue(
        kind=kind,
        key=str(request.pk),
        to=[player.email],
        language=request.language or settings.LANGUAGE_CODE,
        context={
            "first_name": player.first_name,
            "last_name": player.last_name,
            "tournament": tournament.name,
            "start_date": tournament.start_date.isoformat(),
            "approved": request.decided_at is not None
            and request.moved_up_at == request.decided_at,
            "position": position,
        },
    )
    return True
