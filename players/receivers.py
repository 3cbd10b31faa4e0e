"""What the players' side listens to: released rounds and corrected tables (the players' e-mails,
issue 16.4) and their push messages (issue 34), merges and erasures of registry entries (issue
16) and log-ins."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from players.models import PlayerAccount
from players.notifications.services import on_round_released, on_sheet_corrected
from players.privacy.services import on_player_erased, on_players_merged
from players.push import services as push
from tournaments.common.events import (
    check_in_opened,
    player_erased,
    players_merged,
    published_sheet_corrected,
    referee_called,
    round_published,
    round_released,
    sheet_disputed,
    sheet_entered,
    waitlist_moved_up,
)

round_released.connect(on_round_released, dispatch_uid="players.table_mails")
published_sheet_corrected.connect(on_sheet_corrected, dispatch_uid="players.correction_mails")
players_merged.connect(on_players_merged, dispatch_uid="players.players_merged")
player_erased.connect(on_player_erased, dispatch_uid="players.player_erased")
# push messages to the devices that chose them (issue 34)
round_released.connect(push.on_round_released, dispatch_uid="players.push_table")
round_published.connect(push.on_round_published, dispatch_uid="players.push_published")
published_sheet_corrected.connect(push.on_sheet_corrected, dispatch_uid="players.push_correction")
waitlist_moved_up.connect(push.on_waitlist_moved_up, dispatch_uid="players.push_moved_up")
check_in_opened.connect(push.on_check_in_opened, dispatch_uid="players.push_check_in")
referee_called.connect(push.on_referee_called, dispatch_uid="players.push_call")
sheet_disputed.connect(push.on_sheet_disputed, dispatch_uid="players.push_dispute")
sheet_entered.connect(push.on_sheet_entered, dispatch_uid="players.push_entered")


@receiver(user_logged_in, dispatch_uid="players.player_account")
def remember_player_account(sender, request, user, **kwargs) -> None:
    """Keep "has a player account" in the session: the navigation needs no query per page."""
    if request is not None and hasattr(request, "session"):
        request.session["player_account"] = PlayerAccount.objects.filter(user=user).exists()
