"""A player's career (issue 33.1): published games of public tournaments, the official ranking's
positions, the tournaments' final places. Plain values, built in a fixed number of queries
(seven, plus a few per finished tournament whose stored places are out of date: see
`tournaments.standings.snapshots.standings_places_many`) and cached per version
(`public_version`).

What counts: every published game of a public tournament, as a reserve too (they played; the
numbers say "games played", not the ranking's). The ranking positions are the official ranking's
(SPEC §9), which leaves reserves and struck tournaments out and takes the commission's
corrections: the page says which is which.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db.models import Count, Max, Sum

from ranking.domain import careers as domain
from ranking.models import RankingEntry, RankingYear
from tournaments.common import events
from tournaments.common.public_cache import cached_once
from tournaments.domain.clubs import club_display, club_slug
from tournaments.enums import RoundKind, RoundStatus
from tournaments.history.selectors import tournament_places
from tournaments.models import Player, ScoredLine, Tournament
from tournaments.models.setup import PUBLIC_STATUSES

#: how many best results, opponents on the first screen and last games the page shows
BEST_RESULTS, LAST_GAMES = 5, 10


@dataclass(frozen=True, slots=True)
class RankingPosition:
    year: int
    rank: int
    field: int  #: players ranked that year


@dataclass(frozen=True, slots=True)
class ResultLine:
    """A tournament result: the final standings' place."""

    tournament_id: int
    name: str
    day: date
    rank: int
    field: int
    finalist: bool


@dataclass(frozen=True, slots=True)
class YearLine:
    year: int
    tally: domain.Tally
    ranking: RankingPosition | None
    finals: int
    best: ResultLine | None


@dataclass(frozen=True, slots=True)
class OpponentLine:
    player_id: int
    name: str
    games: int
    ahead: int
    behind: int
    level: int


@dataclass(frozen=True, slots=True)
class GameLine:
    tournament_id: int
    tournament: str
    day: date
    round_number: int
    final: bool
    game_number: int
    place: int
    placement_points: int
    game_points: int
    reserve: bool


@dataclass(frozen=True, slots=True)
class Career:
    player_id: int
    name: str
    club: str
    club_slug: str
    total: domain.Tally
    years: tuple[YearLine, ...]
    positions: tuple[RankingPosition, ...]
    best: tuple[ResultLine, ...]
    finals: int
    opponents: tuple[OpponentLine, ...]
    last: tuple[GameLine, ...]

    @property
    def has_games(self) -> bool:
        return self.total.games > 0


_OWN = (
    "tournament_id", "round_number", "round__kind", "table_id", "game_number", "place",
    "placement_points", "game_points", "reserve",
)  # fmt: skip


def _own_lines(player_id: int) -> list[tuple]:
    return list(
        ScoredLine.objects.filter(
            player_id=player_id,
            round__status=RoundStatus.PUBLISHED,
            tournament__status__in=PUBLIC_STATUSES,
        ).values_list(*_OWN)
    )


def _positions(player_id: int) -> tuple[RankingPosition, ...]:
    """The player's place in every computed year's ranking, oldest first (two queries)."""
    own = list(
        RankingEntry.objects.filter(player_id=player_id, ranking_year__computed_at__isnull=False)
        .values_list("ranking_year_id", "ranking_year__year", "rank")
        .order_by("ranking_year__year")
    )
    if not own:
        return ()
    sizes = dict(
        RankingEntry.objects.filter(ranking_year_id__in=[y for y, _year, _r in own])
        .order_by()
        .values("ranking_year_id")
        .annotate(n=Count("pk"))
        .values_list("ranking_year_id", "n")
    )
    return tuple(RankingPosition(year, rank, sizes[yid]) for yid, year, rank in own)


def _names(player_ids) -> dict[int, str]:
    return {
        pk: Player.public_name_of(first, last, publish)
        for pk, first, last, publish in Player.objects.filter(pk__in=list(player_ids)).values_list(
            "pk", "first_name", "last_name", "publish_name"
        )
    }


def career_build(player: Player) -> Career:
    """The career of ``player`` computed now (see the module docstring)."""
    rows = _own_lines(player.pk)
    tournaments = {
        t.pk: t for t in Tournament.objects.filter(pk__in={r[0] for r in rows}).order_by()
    }
    games = [
        domain.CareerGame(
            tournament_id=tid,
            year=tournaments[tid].ranking_year,
            day=tournaments[tid].start_date,
            round_number=number,
            final=kind == RoundKind.FINAL,
            table_id=table_id,
            game_number=game,
            place=place,
            placement_points=pp,
            game_points=gp,
            reserve=reserve,
        )
        for tid, number, kind, table_id, game, place, pp, gp, reserve in rows
    ]
    seats = (  # `domain.SeatResult`'s fields, as plain tuples (thousands of them)
        ScoredLine.objects.filter(table_id__in={g.table_id for g in games})
        .order_by()
        .values_list("table_id", "game_number", "player_id", "place")
    )
    meetings = domain.head_to_head(player.pk, seats)
    names = _names(m.opponent_id for m in meetings)
    places = tournament_places(player.pk, list(tournaments.values()))
    results = [
        domain.TournamentResult(
            tid, tournaments[tid].ranking_year, tournaments[tid].start_date, p.rank, p.field,
            p.finalist,
        )
        for tid, p in places.items()
        if p.rank is not None
    ]  # fmt: skip

    def line(result: domain.TournamentResult) -> ResultLine:
        t = tournaments[result.tournament_id]
        return ResultLine(t.pk, t.name, t.start_date, result.rank, result.field, result.finalist)

    positions = _positions(player.pk)
    by_year = {p.year: p for p in positions}
    years = []
    for year, year_tally in domain.tally_by_year(games).items():
        of_year = [r for r in results if r.year == year]
        best = domain.best_results(of_year, count=1)
        years.append(
            YearLine(
                year=year,
                tally=year_tally,
                ranking=by_year.get(year),
                finals=sum(1 for r in of_year if r.finalist),
                best=line(best[0]) if best else None,
            )
        )
    return Career(
        player_id=player.pk,
        name=player.public_name,
        club=club_display(player.club),
        club_slug=club_slug(player.club),
        total=domain.tally(games),
        years=tuple(years),
        positions=positions,
        best=tuple(line(r) for r in domain.best_results(results, count=BEST_RESULTS)),
        finals=sum(1 for r in results if r.finalist),
        opponents=tuple(
            OpponentLine(m.opponent_id, names.get(m.opponent_id, ""), *m[1:]) for m in meetings
        ),
        last=tuple(
            GameLine(
                g.tournament_id, tournaments[g.tournament_id].name, g.day, g.round_number,
                g.final, g.game_number, g.place, g.placement_points, g.game_points, g.reserve,
            )
            for g in domain.last_games(games, count=LAST_GAMES)
        ),
    )  # fmt: skip


def ranking_version() -> tuple:
    """What of the official ranking a career or club page shows: every year's snapshot (a
    recompute or a mark moves ``generation`` or ``computed_at``). One query."""
    found = RankingYear.objects.aggregate(
        n=Count("pk"), g=Sum("generation"), at=Max("computed_at"), top=Max("pk")
    )
    return (found["n"], found["g"], found["at"], found["top"])


def public_version() -> str:
    """The version of the pages built from every tournament's public data and the ranking:
    the global generation (results, names, clubs, consent) and `ranking_version`."""
    shown = (events.global_generation(), *ranking_version())
    return hashlib.sha256(repr(shown).encode()).hexdigest()[:20]


def career(player: Player) -> Career:
    """`career_build`, cached per version (uncached if public caching is off)."""
    seconds = settings.PUBLIC_CACHE_SECONDS
    if seconds <= 0:
        return career_build(player)
    key = f"public:career:{player.pk}:{public_version()}"
    value, _state = cached_once(key, lambda: career_build(player), timeout=seconds)
    return value
