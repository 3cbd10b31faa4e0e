"""The player account's part of merging and erasing players (issue 16): its rows that name a
player (the account, invitations, the log of e-mails sent).

Receivers of ``events.players_merged`` and ``events.player_erased``; they run inside the
tournament side's transaction, so a refusal here rolls the whole merge back. The ranking's rows
(appeals, correction lines) are ranking/privacy/services.py's.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from players.models import Notification, PlayerAccount, PlayerInvitation, PushSubscription
from players.push.services import push_devices_forget
from tournaments.mail.services import mail_forget


def on_players_merged(sender, kept_id: int, removed_id: int, moved: dict, **kwargs) -> None:
    """Move the removed entry's account, invitations and e-mail log.

    At most one account survives: if both entries have one, the merge is refused (two people
    log in; which password would stay is not ours to decide).
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
    # the log of e-mails sent (a repeated job must not mail the kept entry again)
    moved["notifications"] = Notification.objects.filter(player_id=removed_id).update(
        player_id=kept_id
    )
    # push devices belong to the account's log-in: they follow the account (counted here)
    moved["push_devices"] = PushSubscription.objects.filter(
        user__player_account__player_id=kept_id
    ).count()


def on_player_erased(sender, player_id: int, **kwargs) -> None:
    """Clear what the account holds about the person: the log-in and names, open invitations
    (they carry the e-mail), the account's address in the outbox, its push devices."""
    for account in PlayerAccount.objects.select_related("user").filter(player_id=player_id):
        user = account.user
        mail_forget(addresses=[user.email])
        push_devices_forget(user_ids=[user.pk])
        user.username = f"geloescht-{user.pk}"
        user.first_name = user.last_name = user.email = ""
        user.is_active = False
        user.set_unusable_password()
        user.save()
    PlayerInvitation.objects.filter(player_id=player_id).delete()
