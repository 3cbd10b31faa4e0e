"""Career endpoint of API v1 (`/api/v1/players/{id}/career/`, issue 33.5): published data only,
names as on the public pages (initials where a player does not publish the name)."""

from __future__ import annotations

from datetime import date

from django.http import Http404
from django.utils.translation import gettext_lazy
from ninja import Router, Schema

from ranking.careers import selectors
from tournaments.api.schemas import ErrorOut
from tournaments.common import access
from tournaments.merge.selectors import kept_player_id

router = Router(tags=["Careers and clubs"])


class CareerTallyOut(Schema):
    tournaments: int
    rounds: int
    games: int
    games_won: int
    placings: list[int]
    placement_points: int
    game_points: int
    placement_points_per_game: float
    game_points_per_game: float


class CareerRankingPositionOut(Schema):
    year: int
    rank: int
    field: int


class CareerResultOut(Schema):
    tournament_id: int
    name: str
    date: date
    rank: int
    field: int
    finalist: bool


class CareerYearOut(Schema):
    year: int
    totals: CareerTallyOut
    ranking: CareerRankingPositionOut | None
    finals: int
    best_result: CareerResultOut | None


class CareerOpponentOut(Schema):
    player_id: int
    name: str
    games: int
    ahead: int
    behind: int
    level: int


class CareerGameOut(Schema):
    tournament_id: int
    tournament: str
    date: date
    round: int
    final: bool
    game: int
    place: int
    placement_points: int
    game_points: int
    reserve: bool


class CareerOut(Schema):
    player_id: int
    name: str
    club: str
    club_slug: str
    totals: CareerTallyOut
    finals: int
    years: list[CareerYearOut]
    ranking_positions: list[CareerRankingPositionOut]
    best_results: list[CareerResultOut]
    head_to_head: list[CareerOpponentOut]
    last_games: list[CareerGameOut]


def _tally(t) -> dict:
    return {
        "tournaments": t.tournaments,
        "rounds": t.rounds,
        "games": t.games,
        "games_won": t.won,
        "placings": list(t.placings),
        "placement_points": t.placement_points,
        "game_points": t.game_points,
        "placement_points_per_game": t.placement_points_per_game / 100,
        "game_points_per_game": t.game_points_per_game / 100,
    }


def _position(p) -> dict | None:
    return {"year": p.year, "rank": p.rank, "field": p.field} if p else None


def _result(r) -> dict | None:
    if r is None:
        return None
    return {
        "tournament_id": r.tournament_id, "name": r.name, "date": r.day, "rank": r.rank,
        "field": r.field, "finalist": r.finalist,
    }  # fmt: skip


def career_out(career: selectors.Career) -> dict:
    return {
        "player_id": career.player_id,
        "name": career.name,
        "club": career.club,
        "club_slug": career.club_slug,
        "totals": _tally(career.total),
        "finals": career.finals,
        "years": [
            {
                "year": y.year, "totals": _tally(y.tally), "ranking": _position(y.ranking),
                "finals": y.finals, "best_result": _result(y.best),
            }
            for y in career.years
        ],
        "ranking_positions": [_position(p) for p in career.positions],
        "best_results": [_result(r) for r in career.best],
        "head_to_head": [
            {"player_id": o.player_id, "name": o.name, "games": o.games, "ahead": o.ahead,
             "behind": o.behind, "level": o.level}
            for o in career.opponents
        ],
        "last_games": [
            {"tournament_id": g.tournament_id, "tournament": g.tournament, "date": g.day,
             "round": g.round_number, "final": g.final, "game": g.game_number, "place": g.place,
             "placement_points": g.placement_points, "game_points": g.game_points,
             "reserve": g.reserve}
            for g in career.last
        ],
    }  # fmt: skip


@router.get(
    "/{player_id}/career/",
    response={200: CareerOut, 404: ErrorOut},
    summary=gettext_lazy("A player's career"),
    description=gettext_lazy(
        "Every published game of public tournaments, per ranking year and over all years: "
        "tournaments, rounds, games, games won (1st places), placings 1st–4th (a shared place "
        "counts as the place the sheet gives, Klub 10.1), placement points (Platzierungspunkte) "
        "and game points (Spielpunkte) with their averages per game; the official ranking's "
        "position per year, the best final standings places, finals reached, head-to-head "
        "against every opponent met and the last ten games. Reserves' games count here (the "
        "ranking does not rank them). A merged entry answers with its kept entry's career; 404 "
        "for a player without published games or ranking."
    ),
)
def player_career(request, player_id: int):
    kept = kept_player_id(player_id)
    player = access.player_or_404(kept if kept is not None else player_id)
    career = selectors.career(player)
    if not career.has_games and not career.positions:
        raise Http404
    return career_out(career)
