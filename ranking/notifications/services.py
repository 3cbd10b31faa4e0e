"""The players' e-mails (issue 16.4): "your table" when a round is released, a note when a
published result of their table is corrected; their choices and the calendar feed link.

One Celery job per release or correction (enqueued on commit, by id). Each mail is claimed by a
`Notification` row with a unique key (kind, round or sheet version, player) before it is sent, so
a repeated or concurrent job sends nobody twice; a mail that fails gives its claim back and the
job fails, so a retry sends exactly the missing ones.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import get_connection, send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ranking.accounts.language import CODES
from ranking.models import Notification, NotificationKind, PlayerAccount, PlayerPreferences
from ranking.notifications import selectors
from tournaments import permissions
from tournaments.enums import RoundStatus
from tournaments.models import Round, SheetVersion

log = logging.getLogger(__name__)

TABLE_TASK = "ranking.notify_table"
CORRECTION_TASK = "ranking.notify_correction"


class MailsMissing(Exception):
    """Some mails of a job could not be sent (their claims were given back): retry the job."""


def notify_enqueue(task: str, object_id: int) -> None:
    """After commit, the job by name and id; a broker that is down must not fail the write."""
    transaction.on_commit(lambda: _enqueue(task, object_id))


def _enqueue(task: str, object_id: int) -> None:
    try:
        current_app.signature(task).apply_async(
            args=(object_id,),
            retry=True,
            retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.2},
        )
    except Exception:  # the release stands; only the e-mails are missing (logged)
        log.warning("Mails %s for %s not queued.", task, object_id, exc_info=True)


def on_round_released(sender, round_id: int, **kwargs) -> None:
    """Receiver of `events.round_released` (inside the release transaction)."""
    notify_enqueue(TABLE_TASK, round_id)


def on_sheet_corrected(sender, version_id: int, **kwargs) -> None:
    """Receiver of `events.published_sheet_corrected` (inside the correction transaction)."""
    notify_enqueue(CORRECTION_TASK, version_id)


def _link(name: str, *args, query: str = "") -> str:
    return f"{settings.SITE_URL}{reverse(name, args=args)}{query}"


def _footer() -> str:
    return _("\n--\nYou can unsubscribe from these e-mails in your area:\n%(link)s\n") % {
        "link": _link("ranking:notifications")
    }


def _send_each(*, kind: str, ref_id: int, tournament_id: int, recipients, compose) -> int:
    """Claim, send, mark sent; returns how many went out now. Raises MailsMissing at the end
    if any failed (their claims are gone, so the retry sends only those)."""
    sent = failed = 0
    connection = get_connection()
    done = selectors.already_claimed(kind, ref_id)
    for recipient in recipients:
        player = recipient.seat.player
        if player.pk in done:
            continue
        try:
            with transaction.atomic():
                claim = Notification.objects.create(
                    kind=kind, ref_id=ref_id, player=player, tournament_id=tournament_id
                )
        except IntegrityError:  # sent (or being sent) by an earlier run
            continue
        with translation.override(recipient.language):  # the player's, not the worker's
            subject, body = compose(recipient)
        try:
            send_mail(
                subject,
                body,
                settings.DEFAULT_FROM_EMAIL,
                [recipient.email],
                connection=connection,
            )
        except Exception:
            log.warning("Mail %s %s to player %s failed.", kind, ref_id, player.pk)
            Notification.objects.filter(pk=claim.pk).delete()
            failed += 1
            continue
        Notification.objects.filter(pk=claim.pk).update(sent_at=timezone.now())
        sent += 1
    if failed:
        raise MailsMissing(f"{failed} mail(s) {kind} {ref_id} not sent")
    return sent


def table_mails_send(*, round_id: int) -> int:
    """ "Your table" to every player of a released round who wants it; returns mails sent."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if rnd is None or rnd.status == RoundStatus.DRAWN:  # gone, or not public
        return 0
    t = rnd.tournament
    pairing = _link("pairing_by_name", t.pk, rnd.number)

    def compose(recipient):
        seat, p = recipient.seat, recipient.seat.player
        reserve = _(" (as a reserve)") if seat.reserve else ""
        values = {
            "first_name": p.first_name,
            "last_name": p.last_name,
            "round": rnd.number,
            "tournament": t.name,
            "table": seat.table.number,
            "seat": seat.letter,
            "reserve": reserve,
            "link": pairing,
        }
        body = (
            _(
                "Dear %(first_name)s %(last_name)s,\n\n"
                "the pairing of round %(round)s of “%(tournament)s” has been released.\n\n"
                "Your table: %(table)s\n"
                "Your seat: %(seat)s%(reserve)s\n\n"
                "All tables by name (“My table”):\n%(link)s\n\n"
                "Good luck!\n"
            )
            % values
            + _footer()
        )
        subject = _("Round %(round)s: table %(table)s, seat %(seat)s – %(tournament)s") % values
        return subject, body

    return _send_each(
        kind=NotificationKind.TABLE,
        ref_id=rnd.pk,
        tournament_id=t.pk,
        recipients=selectors.table_recipients(rnd),
        compose=compose,
    )


def correction_mails_send(*, version_id: int) -> int:
    """The note to the players of a corrected published table; returns mails sent."""
    version = (
        SheetVersion.objects.select_related("sheet__table__round__tournament")
        .filter(pk=version_id)
        .first()
    )
    if version is None or version.sheet.table.round.status != RoundStatus.PUBLISHED:
        return 0
    table = version.sheet.table
    rnd, t = table.round, table.round.tournament
    results = _link("round_results", t.pk, rnd.number)
    standings = _link("standings", t.pk)

    def compose(recipient):
        p = recipient.seat.player
        reason = _("Reason: %(reason)s\n\n") % {"reason": version.reason} if version.reason else ""
        values = {
            "first_name": p.first_name,
            "last_name": p.last_name,
            "round": rnd.number,
            "tournament": t.name,
            "table": table.number,
            "reason": reason,
            "results": results,
            "standings": standings,
        }
        body = (
            _(
                "Dear %(first_name)s %(last_name)s,\n\n"
                "the tournament director has corrected the published result of your table "
                "%(table)s in round %(round)s of “%(tournament)s”. The standings have changed "
                "because of it.\n\n"
                "%(reason)s"
                "Results of round %(round)s:\n%(results)s\n\n"
                "Standings:\n%(standings)s\n"
            )
            % values
            + _footer()
        )
        subject = _("Correction: table %(table)s, round %(round)s – %(tournament)s") % values
        return subject, body

    return _send_each(
        kind=NotificationKind.CORRECTION,
        ref_id=version.pk,
        tournament_id=t.pk,
        recipients=selectors.correction_recipients(table),
        compose=compose,
    )


SWEEP_HOURS = 12


def notifications_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Beat's safety net: the jobs of the last hours again (a broker that was down lost them).
    Idempotent like the jobs: whoever got a mail is skipped; returns how many went out now."""
    since = (now or timezone.now()) - timedelta(hours=SWEEP_HOURS)
    sent = {"table": 0, "correction": 0}
    for round_id in selectors.rounds_to_sweep(since):
        sent["table"] += _swept(table_mails_send, round_id=round_id)
    for version_id in selectors.corrections_to_sweep(since):
        sent["correction"] += _swept(correction_mails_send, version_id=version_id)
    return sent


def _swept(job, **ids) -> int:
    try:
        return job(**ids)
    except MailsMissing:  # the mail server fails now: the next sweep tries again
        log.warning("Mails %s still incomplete.", ids)
        return 0


# --- The player's own choices ----------------------------------------------------------------


def _account(user) -> PlayerAccount:
    account = (
        PlayerAccount.objects.filter(user=user).first()
        if getattr(user, "is_authenticated", False)
        else None
    )
    permissions.require(account is not None, _("Only with a player account."))
    return account


def _locked_preferences(user) -> PlayerPreferences:
    account = _account(user)
    PlayerPreferences.objects.get_or_create(account=account)
    return PlayerPreferences.objects.select_for_update().get(account=account)


@transaction.atomic
def preferences_update(
    *, user, table_mail: bool, correction_mail: bool, language: str = ""
) -> PlayerPreferences:
    """Switch each kind of e-mail on or off, and choose their language (empty: keep it), for
    the user's own account only."""
    preferences = _locked_preferences(user)
    preferences.table_mail = bool(table_mail)
    preferences.correction_mail = bool(correction_mail)
    if language:
        preferences.language = _language(language)
    preferences.save(update_fields=["table_mail", "correction_mail", "language", "updated_at"])
    return preferences


def _language(code: str) -> str:
    if code not in CODES:
        raise ValidationError({"language": _("Unknown language.")})
    return code


@transaction.atomic
def mail_language_remember(*, user, language: str) -> bool:
    """The language switch of a logged-in player also sets the language of the player's e-mails
    (issue 17). Users without a player account and unknown codes change nothing; returns
    whether a choice was stored."""
    if language not in CODES or not getattr(user, "is_authenticated", False):
        return False
    if not PlayerAccount.objects.filter(user=user).exists():
        return False
    preferences = _locked_preferences(user)
    if preferences.language != language:
        preferences.language = language
        preferences.save(update_fields=["language", "updated_at"])
    return True


@transaction.atomic
def calendar_link_renew(*, user, now: datetime | None = None) -> PlayerPreferences:
    """A new secret feed link; the old one stops working at once (a calendar app that has it
    gets 404 from now on)."""
    preferences = _locked_preferences(user)
    preferences.calendar_token = secrets.token_urlsafe(24)
    preferences.calendar_token_created_at = now or timezone.now()
    preferences.save(update_fields=["calendar_token", "calendar_token_created_at", "updated_at"])
    return preferences


@transaction.atomic
def calendar_link_revoke(*, user) -> PlayerPreferences:
    """No feed link any more (until a new one is made)."""
    preferences = _locked_preferences(user)
    if not preferences.calendar_token:
        raise ValidationError(_("There is no calendar link that could be deleted."))
    preferences.calendar_token = ""
    preferences.calendar_token_created_at = None
    preferences.save(update_fields=["calendar_token", "calendar_token_created_at", "updated_at"])
    return preferences
