"""What the ranking listens to: published results (SPEC §9), merges and erasures of players
(issue 16: its appeals and correction lines; issue 33: the skill rating's rows). The players'
e-mails and accounts listen in players/receivers.py. A saved or deleted ranking year, appeal
or tournament forgets the year pages' versions after commit (`compute.versions`)."""

from django.db import transaction
from django.db.models.signals import post_delete, post_save

from ranking.compute import versions
from ranking.compute.services import on_results_changed
from ranking.models import Appeal, RankingYear
from ranking.privacy.services import on_player_erased, on_players_merged
from ranking.rating import services as rating_services
from tournaments.common.events import player_erased, players_merged, results_changed
from tournaments.models import Tournament

results_changed.connect(on_results_changed, dispatch_uid="ranking.results_changed")
players_merged.connect(on_players_merged, dispatch_uid="ranking.players_merged")
player_erased.connect(on_player_erased, dispatch_uid="ranking.player_erased")
players_merged.connect(rating_services.on_players_merged, dispatch_uid="ranking.rating.merged")
player_erased.connect(rating_services.on_player_erased, dispatch_uid="ranking.rating.erased")


def _year_pages_changed(**kwargs) -> None:
    versions.forget_year_versions()  # this transaction's next read (e.g. its own redirect)
    transaction.on_commit(versions.forget_year_versions)  # what others read meanwhile


for _model in (RankingYear, Appeal, Tournament):
    for _signal in (post_save, post_delete):
        _signal.connect(
            _year_pages_changed, sender=_model, dispatch_uid=f"ranking.versions.{_model.__name__}"
        )
