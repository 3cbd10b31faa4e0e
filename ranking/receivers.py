"""What the ranking listens to: published results (SPEC §9), merges and erasures of players
(issue 16: its appeals and correction lines; issue 33: the skill rating's rows). The players'
e-mails and accounts listen in players/receivers.py."""

from ranking.compute.services import on_results_changed
from ranking.privacy.services import on_player_erased, on_players_merged
from ranking.rating import services as rating_services
from tournaments.common.events import player_erased, players_merged, results_changed

results_changed.connect(on_results_changed, dispatch_uid="ranking.results_changed")
players_merged.connect(on_players_merged, dispatch_uid="ranking.players_merged")
player_erased.connect(on_player_erased, dispatch_uid="ranking.player_erased")
players_merged.connect(rating_services.on_players_merged, dispatch_uid="ranking.rating.merged")
player_erased.connect(rating_services.on_player_erased, dispatch_uid="ranking.rating.erased")
