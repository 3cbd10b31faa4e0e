"""The ranking's part of merging and erasing players (issue 16): its rows that name a player.

Receivers of ``events.players_merged`` and ``events.player_erased``; they run inside the
tournament side's transaction, so a refusal here rolls the whole merge back.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ranking.models import (
    Appeal,
    CorrectionLine,
    Notification,
    PlayerAccount,
    PlayerInvitation,
)

REDACTED = "[gelöscht auf Antrag der Person]"


def on_players_merged(sender, kept_id: int, removed_id: int, moved: dict, **kwargs) -> None:
    """Move the removed entry's account, invitations, appeals, correction lines and e-mail log.

    At most one account survives: if both entries have one, the merge is refused (two people
    log in; which password would stay is not ours to decide). Derived rows (ranking entries,
    contributions) are not moved: they go with the removed entry and the recompute rebuilds them.
    """
    accounts = list(
        PlayerAccount.objects.select_for_update().filter(player_id__in=[kept_id, removed_id])
    )
    if len(accounts) == 2:
        raise ValidationError(
            _("Both entries have a player account: please dissolve one of them first.")
        )
    moved["accounts"] = PlayerAccount.objects.filter(player_id=removed_id).update(player_id=kept_id)
    moved["invitations"] = PlayerInvitation.objects.filter(player_id=removed_id).update(
        player_id=kept_id
    )
    moved["appeals"] = Appeal.objects.filter(player_id=removed_id).update(player_id=kept_id)
    moved["correction_lines"] = CorrectionLine.objects.filter(player_id=removed_id).update(
        player_id=kept_id
    )
    # the log of e-mails sent (a repeated job must not mail the kept entry again)
    moved["notifications"] = Notification.objects.filter(player_id=removed_id).update(
        player_id=kept_id
    )


def on_player_erased(sender, player_id: int, **kwargs) -> None:
    """Clear what the ranking side holds about the person: the account's log-in and names, open
    invitations (they carry the e-mail), the free texts and attachments of the appeals. The
    appeals, decisions and corrections themselves stay (they changed the ranking)."""
    for account in PlayerAccount.objects.select_related("user").filter(player_id=player_id):
        user = account.user
        user.username = f"geloescht-{user.pk}"
        user.first_name = user.last_name = user.email = ""
        user.is_active = False
        user.set_unusable_password()
        user.save()
    PlayerInvitation.objects.filter(player_id=player_id).delete()
    for appeal in Appeal.objects.filter(player_id=player_id):
        if appeal.attachment:
            name, storage = appeal.attachment.name, appeal.attachment.storage
            transaction.on_commit(lambda n=name, s=storage: s.delete(n))
        Appeal.objects.filter(pk=appeal.pk).update(
            what_is_wrong=REDACTED, correction_requested=REDACTED, attachment=""
        )
