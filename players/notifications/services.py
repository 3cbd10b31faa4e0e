"""The players' e-mails (issue 16.4): "your table" when a round is released, a note when a
published result of their table is corrected; their choices and the calendar feed link.

One Celery job per release or correction (enqueued on commit, by id) decides who is told and
queues their mails in the outbox (tournaments/mail), which sends, retries and sweeps them. Each
player is claimed by a `Notification` row with a unique key (kind, round or sheet version,
player), written with the mail in one transaction, so a repeated or concurrent job queues
nobody twice.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from players.accounts.language import CODES
from players.models import Notification, NotificationKind, PlayerAccount, PlayerPreferences
from players.notifications import mails, selectors
from tournaments import permissions
from tournaments.common import breaker
from tournaments.enums import RoundStatus
from tournaments.mail.services import mail_queue
from tournaments.models import Round, SheetVersion

log = logging.getLogger(__name__)

TABLE_TASK = "ranking.notify_table"
CORRECTION_TASK = "ranking.notify_correction"


def notify_enqueue(task: str, object_id: int) -> None:
    """After commit, the job by name and id; a broker that is down must not fail the write."""
    transaction.on_commit(lambda: _enqueue(task, object_id))


def _enqueue(task: str, object_id: int) -> None:
    if not breaker.publish(task, object_id):  # the release stands; the sweep queues the mails
        log.warning("Mails %s for %s not queued.", task, object_id)


def on_round_released(sender, round_id: int, **kwargs) -> None:
    """Receiver of `events.round_released` (inside the release transaction)."""
    notify_enqueue(TABLE_TASK, round_id)


def on_sheet_corrected(sender, version_id: int, **kwargs) -> None:
    """Receiver of `events.published_sheet_corrected` (inside the correction transaction)."""
    notify_enqueue(CORRECTION_TASK, version_id)


def _queue_each(*, kind: str, mail_kind: str, ref_id: int, tournament_id: int, recipients, values):
    """Claim each player and queue their mail together; returns how many were queued now
    (players claimed by an earlier run are skipped)."""
    queued = 0
    done = selectors.already_claimed(kind, ref_id)
    for recipient in recipients:
        player = recipient.seat.player
        if player.pk in done:
            continue
        try:
            with transaction.atomic():
                Notification.objects.create(
                    kind=kind,
                    ref_id=ref_id,
                    player=player,
                    tournament_id=tournament_id,
                    sent_at=timezone.now(),
                )
                mail_queue(
                    kind=mail_kind,
                    key=f"{ref_id}:{player.pk}",
                    to=[recipient.email],
                    language=recipient.language,  # the player's, not the worker's
                    context=values(recipient.seat),
                )
        except IntegrityError:  # queued by an earlier (or a concurrent) run
            continue
        queued += 1
    return queued


def _or_only(kind: str, ref_id: int, only_player: int | None, everyone):
    """Everyone's recipients, or (a push message given up, issue 34) only that player, whether
    the e-mail is switched on or not."""
    if only_player is None:
        return everyone()
    return selectors.fallback_recipients(kind, ref_id, only_player)


def table_mails_send(*, round_id: int, only_player: int | None = None) -> int:
    """ "Your table" to every player of a released round who wants it (`only_player`: to that
    player, wanted or not: a push message given up); returns mails queued."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    if rnd is None or rnd.status == RoundStatus.DRAWN:  # gone, or not public
        return 0
    pairing = mails.link("pairing_by_name", rnd.tournament_id, rnd.number)
    return _queue_each(
        kind=NotificationKind.TABLE,
        mail_kind=mails.YOUR_TABLE,
        ref_id=rnd.pk,
        tournament_id=rnd.tournament_id,
        recipients=_or_only(
            NotificationKind.TABLE, rnd.pk, only_player, lambda: selectors.table_recipients(rnd)
        ),
        values=lambda seat: (
            mails.player_values(seat, rnd)
            | {"seat": seat.letter, "reserve": seat.reserve, "link": pairing}
        ),
    )


def correction_mails_send(*, version_id: int, only_player: int | None = None) -> int:
    """The note to the players of a corrected published table (`only_player`: as for the
    table's mail); returns mails queued."""
    version = (
        SheetVersion.objects.select_related("sheet__table__round__tournament")
        .filter(pk=version_id)
        .first()
    )
    if version is None or version.sheet.table.round.status != RoundStatus.PUBLISHED:
        return 0
    table = version.sheet.table
    rnd = table.round
    extra = {
        "reason": version.reason,
        "results": mails.link("round_results", rnd.tournament_id, rnd.number),
        "standings": mails.link("standings", rnd.tournament_id),
    }
    return _queue_each(
        kind=NotificationKind.CORRECTION,
        mail_kind=mails.RESULT_CORRECTION,
        ref_id=version.pk,
        tournament_id=rnd.tournament_id,
        recipients=_or_only(
            NotificationKind.CORRECTION,
            version.pk,
            only_player,
            lambda: selectors.correction_recipients(table),
        ),
        values=lambda seat: mails.player_values(seat, rnd) | extra,
    )


SWEEP_HOURS = 12


def notifications_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Beat's safety net: the jobs of the last hours again (a broker that was down lost them).
    Idempotent like the jobs: whoever was claimed is skipped; returns how many were queued."""
    since = (now or timezone.now()) - timedelta(hours=SWEEP_HOURS)
    queued = {"table": 0, "correction": 0}
    for round_id in selectors.rounds_to_sweep(since):
        queued["table"] += table_mails_send(round_id=round_id)
    for version_id in selectors.corrections_to_sweep(since):
        queued["correction"] += correction_mails_send(version_id=version_id)
    return queued


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
