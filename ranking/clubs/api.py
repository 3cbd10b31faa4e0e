"""Club endpoints of API v1 (`/api/v1/clubs/…`, issue 33.5): published data only."""

from __future__ import annotations

from datetime import date

from django.http import Http404
from django.utils.translation import gettext_lazy
from ninja import Router, Schema

from ranking.clubs import selectors
from tournaments.api.schemas import ErrorOut
from tournaments.common.http import year_or_404

router = Router(tags=["Careers and clubs"])


class ClubRef(Schema):
    slug: str
    name: str
    players: int


class ClubTableLineOut(Schema):
    rank: int
    club: ClubRef
    ranked_members: int
    placement_points: int
    average: float


class ClubTableOut(Schema):
    year: int
    lines: list[ClubTableLineOut]


class ClubMemberOut(Schema):
    player_id: int
    name: str
    tournaments: int
    games: int
    games_won: int
    best_ranking_position: int | None


class ClubYearOut(Schema):
    year: int
    players: int
    tournaments: int
    games: int
    games_won: int
    placement_points: int
    club_table_rank: int | None
    clubs: int
    ranked_members: int
    ranked_placement_points: int
    average: float | None


class ClubHostedOut(Schema):
    tournament_id: int
    name: str
    date: date


class ClubOut(Schema):
    slug: str
    name: str
    members: list[ClubMemberOut]
    years: list[ClubYearOut]
    hosted: list[ClubHostedOut]


@router.get(
    "/",
    response=list[ClubRef],
    summary=gettext_lazy("Clubs"),
    description=gettext_lazy(
        "Every club with a member who played a published game, by name: its slug (the key of "
        "the other club endpoints) and how many of its members played."
    ),
)
def club_list(request):
    return [
        {"slug": c.slug, "name": c.name, "players": len(c.player_ids)}
        for c in selectors.directory().values()
    ]


@router.get(
    "/tables/{year}/",
    response={200: ClubTableOut, 404: ErrorOut},
    summary=gettext_lazy("Club table of a ranking year"),
    description=gettext_lazy(
        "Per club, its members in that year's German ranking: how many, the sum of their "
        "placement points and the average per member; ordered by the sum, then the average, "
        "equal ones sharing a place. 404 for a year without a computed ranking."
    ),
)
def club_table(request, year: int):
    if year_or_404(year) not in selectors.club_tables():
        raise Http404
    clubs = selectors.directory()
    return {
        "year": year,
        "lines": [
            {
                "rank": line.rank,
                "club": {
                    "slug": line.slug,
                    "name": line.name,
                    "players": len(clubs[line.slug].player_ids) if line.slug in clubs else 0,
                },
                "ranked_members": line.members,
                "placement_points": line.placement_points,
                "average": line.average / 100,
            }
            for line in selectors.year_table(year)
        ],
    }


@router.get(
    "/{slug}/",
    response={200: ClubOut, 404: ErrorOut},
    summary=gettext_lazy("A club"),
    description=gettext_lazy(
        "The club's members who played (public names), its members' games and its place in the "
        "club table per year, and the public tournaments it organised. 404 for an unknown club."
    ),
)
def club_detail(request, slug: str):
    club = selectors.club(slug[:200])
    if club is None:
        raise Http404
    return {
        "slug": club.slug,
        "name": club.name,
        "members": [
            {"player_id": m.player_id, "name": m.name, "tournaments": m.tournaments,
             "games": m.games, "games_won": m.won, "best_ranking_position": m.best_rank}
            for m in club.members
        ],
        "years": [
            {"year": y.year, "players": y.players, "tournaments": y.tournaments, "games": y.games,
             "games_won": y.won, "placement_points": y.placement_points,
             "club_table_rank": y.line.rank if y.line else None, "clubs": y.clubs,
             "ranked_members": y.line.members if y.line else 0,
             "ranked_placement_points": y.line.placement_points if y.line else 0,
             "average": y.line.average / 100 if y.line else None}
            for y in club.years
        ],
        "hosted": [
            {"tournament_id": h.tournament_id, "name": h.name, "date": h.day} for h in club.hosted
        ],
    }  # fmt: skip
