"""The ranking's part of merging and erasing players (issue 16): its rows that name a player.

Receivers of ``events.players_merged`` and ``events.player_erased``; they run inside the
tournament side's transaction, so a refusal here rolls the whole merge back. The account's rows
(account, invitations, e-mail log) are players/privacy/services.py's; its receivers run first
(players is installed before ranking), so two accounts refuse the merge before anything here.
"""

from __future__ import annotations

from django.db import transaction

from ranking.models import Appeal, AppealAddition, CorrectionLine

REDACTED = "[gelöscht auf Antrag der Person]"


def on_players_merged(sender, kept_id: int, removed_id: int, moved: dict, **kwargs) -> None:
    """Move the removed entry's appeals and correction lines. Derived rows (ranking entries,
    contributions) are not moved: they go with the removed entry and the recompute rebuilds
    them."""
    moved["appeals"] = Appeal.objects.filter(player_id=removed_id).update(player_id=kept_id)
    moved["correction_lines"] = CorrectionLine.objects.filter(player_id=removed_id).update(
        player_id=kept_id
    )


def on_player_erased(sender, player_id: int, **kwargs) -> None:
    """Clear the free texts and attachments of the person's appeals and their additions. The
    appeals, decisions and corrections themselves stay (they changed the ranking)."""
    for appeal in Appeal.objects.filter(player_id=player_id):
        if appeal.attachment:
            name, storage = appeal.attachment.name, appeal.attachment.storage
            transaction.on_commit(lambda n=name, s=storage: s.delete(n))
        Appeal.objects.filter(pk=appeal.pk).update(
            what_is_wrong=REDACTED, correction_requested=REDACTED, attachment=""
        )
    # additions are never edited otherwise (issue 30.5); erasure is the one exception
    for addition in AppealAddition.objects.filter(appeal__player_id=player_id):
        if addition.attachment:
            name, storage = addition.attachment.name, addition.attachment.storage
            transaction.on_commit(lambda n=name, s=storage: s.delete(n))
        AppealAddition.objects.filter(pk=addition.pk).update(
            text=REDACTED, attachment="", attachment_size=0
        )
