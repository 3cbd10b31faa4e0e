"""Ranking endpoints of API v1 (`/api/v1/rankings/…`): published ranking snapshots only."""

from datetime import datetime

from django.http import Http404
from django.utils.translation import gettext_lazy
from ninja import Router, Schema

from ranking.public import listing
from ranking.public import selectors as public_selectors
from tournaments.api.schemas import ErrorOut
from tournaments.common.http import year_or_404

router = Router(tags=["Ranking"])


class PlayerRef(Schema):
    id: int
    name: str


class RankingEntryOut(Schema):
    rank: int
    player: PlayerRef
    tournaments: int
    rounds: int
    games: int
    placement_points: int
    game_points: int
    placings: list[int]
    minus_points: int


class RankingOut(Schema):
    year: int
    computed_at: datetime
    entries: list[RankingEntryOut]


@router.get(
    "/{year}/",
    response={200: RankingOut, 404: ErrorOut},
    summary=gettext_lazy("German Rummikub ranking of one year"),
    description=gettext_lazy(
        "Rank, player (public name), tournaments, rounds, games, placement points "
        "(Platzierungspunkte), game points (Spielpunkte), placings (1st–4th) and minus points; "
        "ordered like the tournament standings (Klub 10.1). 404 for years without a computed "
        "ranking."
    ),
)
def ranking_of_year(request, year: int):
    year = year_or_404(year)
    snapshot = public_selectors.ranking_snapshot(year)
    if snapshot is None or snapshot.computed_at is None:
        raise Http404
    entries = listing.year_rows(snapshot)
    if not entries:
        raise Http404
    return {
        "year": snapshot.year,
        "computed_at": snapshot.computed_at,
        "entries": [
            {
                "rank": e.rank,
                "player": {"id": e.player_id, "name": e.name},
                "tournaments": e.tournaments,
                "rounds": e.rounds,
                "games": e.games,
                "placement_points": e.placement_points,
                "game_points": e.game_points,
                "placings": list(e.placings),
                "minus_points": e.minus_points,
            }
            for e in entries
        ],
    }
