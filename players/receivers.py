"""What the players' side listens to: released rounds and corrected tables (the players' e-mails,
issue 16.4), merges and erasures of registry entries (issue 16) and log-ins."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from players.models import PlayerAccount
from players.notifications.services import on_round_released, on_sheet_corrected
from players.privacy.services import on_player_erased, on_players_merged
from tournaments.common.events import (
    player_erased,
    players_merged,
    published_sheet_corrected,
    round_released,
)

round_released.connect(on_round_released, dispatch_uid="players.table_mails")
published_sheet_corrected.connect(on_sheet_corrected, dispatch_uid="players.correction_mails")
players_merged.connect(on_players_merged, dispatch_uid="players.players_merged")
player_erased.connect(on_player_erased, dispatch_uid="players.player_erased")


@receiver(user_logged_in, dispatch_uid="players.player_account")
def remember_player_account(sender, request, user, **kwargs) -> None:
    """Keep "has a player account" in the session: the navigation needs no query per page."""
    if request is not None and hasattr(request, "session"):
        request.session["player_account"] = PlayerAccount.objects.filter(user=user).exists()
