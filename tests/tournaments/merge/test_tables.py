"""Every table that names a player is handled when two entries are merged (issue 16): a new
foreign key to Player fails here until the merge moves it (or says why it need not)."""

from tournaments.merge.services import MOVED_MODELS
from tournaments.models import Player

MOVED_BY_THE_RANKING = {
    "PlayerAccount",
    "PlayerInvitation",
    "Appeal",
    "CorrectionLine",
    "Notification",
}
"""Moved by the receivers of the players_merged signal: players.privacy.services (account,
invitations, e-mail log) and ranking.privacy.services (appeals, correction lines)."""
NOT_MOVED = {
    "RankingEntry": "derived: deleted with the removed entry, rebuilt by the recompute",
    "TournamentContribution": "as above",
    "PlayerMerge": "earlier merges into the removed entry are re-pointed, counted apart",
    "PlayerRating": "derived: the skill rating's lists, deleted with the removed entry and "
    "recomputed from both entries' first rated round (ranking.rating.services)",
    "RatingChange": "as above: the rating's history",
}


def test_every_table_naming_a_player_is_moved_by_the_merge():
    naming = {
        field.related_model.__name__
        for field in Player._meta.get_fields(include_hidden=True)
        if field.auto_created and not field.concrete  # reverse relations, "+" ones too
    }
    moved = {model.__name__ for _key, model in MOVED_MODELS}
    assert naming == moved | MOVED_BY_THE_RANKING | set(NOT_MOVED)
    assert moved.isdisjoint(MOVED_BY_THE_RANKING | set(NOT_MOVED))
