"""What the ranking listens to: published results (SPEC §9), released rounds and corrected
tables (the players' e-mails, issue 16.4), merges and erasures of players (issue 16) and log-ins."""

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from ranking.compute.services import on_results_changed
from ranking.models import PlayerAccount
from ranking.notifications.services import on_round_released, on_sheet_corrected
from ranking.privacy.services import on_player_erased, on_players_merged
from tournaments.common.events import (
    player_erased,
    players_merged,
    published_sheet_corrected,
    results_changed,
    round_released,
)

results_changed.connect(on_results_changed, dispatch_uid="ranking.results_changed")
round_released.connect(on_round_released, dispatch_uid="ranking.table_mails")
published_sheet_corrected.connect(on_sheet_corrected, dispatch_uid="ranking.correction_mails")
players_merged.connect(on_players_merged, dispatch_uid="ranking.players_merged")
player_erased.connect(on_player_erased, dispatch_uid="ranking.player_erased")


@receiver(user_logged_in, dispatch_uid="ranking.player_account")
def remember_player_account(sender, request, user, **kwargs) -> None:
    """Keep "has a player account" in the session: the navigation needs no query per page."""
    if request is not None and hasattr(request, "session"):
        request.session["player_account"] = PlayerAccount.objects.filter(user=user).exists()
