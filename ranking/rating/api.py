"""Rating endpoints of API v1 (`/api/v1/ratings/…`, issue 33): the skill rating beside the
German ranking, from published games only. Not the German ranking (`/api/v1/rankings/…`)."""

from datetime import date, datetime

from django.http import Http404
from django.utils.translation import gettext_lazy
from ninja import Router, Schema

from ranking.models import ALL_TIME
from ranking.rating import listing, selectors
from tournaments.api.schemas import ErrorOut
from tournaments.common import access
from tournaments.common.http import year_or_404

router = Router(tags=["Rating"])


class PlayerRef(Schema):
    id: int
    name: str


class RatingLineOut(Schema):
    place: int
    player: PlayerRef
    rating: float
    mu: float
    sigma: float
    games: int
    change: float
    last_played: date


class RatingListOut(Schema):
    year: int | None
    computed_at: datetime
    lines: list[RatingLineOut]


class PlayerListOut(Schema):
    year: int | None
    place: int
    rating: float
    mu: float
    sigma: float
    games: int


class RatingPointOut(Schema):
    date: date
    tournament_id: int
    round: int
    rating: float
    mu: float
    sigma: float
    games: int


class PlayerRatingOut(Schema):
    player: PlayerRef
    lists: list[PlayerListOut]
    history: list[RatingPointOut]


def _list(year: int) -> dict:
    scope = selectors.rating_scope(year)
    if scope is None or scope.computed_at is None:
        raise Http404
    rows = listing.list_rows(scope)
    if not rows:
        raise Http404
    return {
        "year": None if year == ALL_TIME else year,
        "computed_at": scope.computed_at,
        "lines": [
            {
                "place": r.rank,
                "player": {"id": r.player_id, "name": r.name},
                "rating": r.display,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "change": r.change,
                "last_played": r.last_date,
            }
            for r in rows
        ],
    }


@router.get(
    "/",
    response={200: RatingListOut, 404: ErrorOut},
    summary=gettext_lazy("Skill rating over all years"),
    description=gettext_lazy(
        "Not the German ranking: a skill rating (OpenSkill, Plackett-Luce) from every "
        "published game, reserves' games included. `rating` is the conservative value "
        "mu − 3·sigma, `mu` the estimated strength, `sigma` its uncertainty, `change` the "
        "change of `rating` in the player's last round."
    ),
)
def rating_all_time(request):
    return _list(ALL_TIME)


@router.get(
    "/players/{player_id}/",
    response={200: PlayerRatingOut, 404: ErrorOut},
    summary=gettext_lazy("A player's skill rating and its history"),
    description=gettext_lazy(
        "Not the German ranking. `lists`: the player's line in the all-time list (`year` "
        "null) and in each year's list; `history`: the all-time rating after each rated "
        "round, in the rating's order (tournament start date, tournament, round). 404 for a "
        "player without rated games."
    ),
)
def rating_of_player(request, player_id: int):
    lists = selectors.player_ratings(player_id=player_id)
    if not lists:
        raise Http404
    player = access.player_or_404(player_id)
    return {
        "player": {"id": player.pk, "name": player.public_name},
        "lists": [
            {
                "year": None if r.year == ALL_TIME else r.year,
                "place": r.rank,
                "rating": r.display,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
            }
            for r in lists
        ],
        "history": [
            {
                "date": p.date,
                "tournament_id": p.tournament_id,
                "round": p.round_number,
                "rating": p.display,
                "mu": p.mu,
                "sigma": p.sigma,
                "games": p.games,
            }
            for p in selectors.player_rating_history(player_id=player_id)
        ],
    }


@router.get(
    "/{year}/",
    response={200: RatingListOut, 404: ErrorOut},
    summary=gettext_lazy("Skill rating of one year"),
    description=gettext_lazy(
        "Not the German ranking: a skill rating from every published game of the year "
        "(everyone starts anew on 1 January), fields as in the all-time list. 404 for years "
        "without a computed rating."
    ),
)
def rating_of_year(request, year: int):
    year = year_or_404(year)
    return _list(year)
