"""Reads of the public ranking pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.db import connection
from django.db.models import Count, Q

from ranking.compute.selectors import StrikeState, strike_states, year_tournaments
from ranking.domain import appeals as domain_appeals
from ranking.enums import AppealStatus
from ranking.models import (
    Appeal,
    RankingEntry,
    RankingYear,
)
from tournaments.enums import RoundStatus
from tournaments.models import (
    Player,
    Tournament,
)


def ranking_snapshot(year: int) -> RankingYear | None:
    return RankingYear.objects.filter(year=year).first()


class RankingRow(NamedTuple):
    """A line of the public ranking as plain values (cheap to cache for 3,000 players)."""

    rank: int
    player_id: int
    name: str
    club: str
    tournaments: int
    rounds: int
    games: int
    placement_points: int
    #: placement points per game in hundredths, rounded half up (shown as 2,35)
    per_game: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int

    def matches(self, query: str) -> bool:
        """Search (lower-case ``query``): the rank if it is a number, else name or club."""
        if query.isdigit():
            return str(self.rank) == query.lstrip("0")
        return query in self.name.lower() or (bool(self.club) and query in self.club.lower())


def _hundredths(points: int, games: int) -> int:
    return (200 * points + games) // (2 * games) if games else 0


def ranking_rows(snapshot: RankingYear) -> tuple[RankingRow, ...]:
    """The lines of a year with each player's public name and club: one query, no instances."""
    return tuple(
        RankingRow(
            rank=rank,
            player_id=pid,
            name=Player.public_name_of(first, last, publish),
            club=club,
            tournaments=tournaments,
            rounds=rounds,
            games=games,
            placement_points=pp,
            per_game=_hundredths(pp, games),
            game_points=gp,
            placings=(p1, p2, p3, p4),
            minus_points=minus,
        )
        for (rank, pid, first, last, publish, club, tournaments, rounds, games, pp, gp, p1, p2,
             p3, p4, minus) in snapshot.entries.order_by("rank", "player_id").values_list(
            "rank", "player_id", "player__first_name", "player__last_name",
            "player__publish_name", "player__club", "tournaments", "rounds", "games",
            "placement_points", "game_points", "first", "second", "third", "fourth",
            "minus_points",
        )
    )  # fmt: skip


@dataclass(frozen=True, slots=True)
class TournamentState:
    tournament: Tournament
    struck: bool
    final: bool
    window_closes: object
    open_appeals: int
    strike: StrikeState | None = None


def year_tournament_states(year: int, *, now) -> list[TournamentState]:
    """Each counting tournament of a year: struck off, provisional or final (three queries)."""
    strikes = strike_states(year)
    tournaments = list(
        year_tournaments(year)
        .select_related("ranking_state")
        .annotate(
            # distinct: the two joins multiply each other's rows
            open_appeals=Count(
                "appeals", filter=~Q(appeals__status=AppealStatus.DECIDED), distinct=True
            ),
            published_rounds=Count(
                "rounds", filter=Q(rounds__status=RoundStatus.PUBLISHED), distinct=True
            ),
        )
        .filter(published_rounds__gt=0)
        .order_by("end_date", "name")
    )
    states = []
    for t in tournaments:
        state = getattr(t, "ranking_state", None)
        states.append(
            TournamentState(
                tournament=t,
                struck=bool(strikes.get(t.pk) and strikes[t.pk].struck),
                final=bool(state and state.final_at),
                window_closes=domain_appeals.appeal_deadline(t.end_date),
                open_appeals=t.open_appeals,
                strike=strikes.get(t.pk),
            )
        )
    return states


def player_history(player: Player) -> list[RankingEntry]:
    """The player's line in every year's ranking, newest first: one query."""
    return list(
        RankingEntry.objects.filter(player=player)
        .select_related("ranking_year")
        .annotate(field_size=Count("ranking_year__entries"))
        .order_by("-ranking_year__year")
    )


def year_page_version(year: int) -> tuple:
    """What the year page shows beyond the tournaments' public data (the global generation):
    the ranking of the year (a recompute, the marks, pending), which years there are, and the
    appeals against the year's tournaments (filed; decided). Equal tuples, equal pages. One
    query, written out: it runs on every cached request of the page (the ORM would spend a
    millisecond composing it)."""
    with connection.cursor() as cursor:
        cursor.execute(_YEAR_VERSION, [True, True, True, year, True, year, DECIDED, year])
        return cursor.fetchone()


_Y, _T, _A = RankingYear._meta.db_table, Tournament._meta.db_table, Appeal._meta.db_table
DECIDED = AppealStatus.DECIDED.value
_YEAR_VERSION = f"""
    SELECT
      (SELECT COUNT(*) FROM {_Y}), (SELECT MAX(id) FROM {_Y}),
      (SELECT COUNT(*) FROM {_T} WHERE counts_for_ranking = %s),
      (SELECT MAX(id) FROM {_T} WHERE counts_for_ranking = %s),
      (SELECT COUNT(*) FROM {_A} a JOIN {_T} t ON t.id = a.tournament_id
        WHERE t.counts_for_ranking = %s AND t.ranking_year = %s),
      (SELECT COUNT(*) FROM {_A} a JOIN {_T} t ON t.id = a.tournament_id
        WHERE t.counts_for_ranking = %s AND t.ranking_year = %s AND a.status <> %s),
      y.generation, y.computed_at, y.pending
    FROM (SELECT 1 AS one) o LEFT JOIN {_Y} y ON y.year = %s
"""  # table names from the models, values as parameters


def newest_computed_year() -> int | None:
    """The newest ranking year that has been computed."""
    return (
        RankingYear.objects.filter(computed_at__isnull=False)
        .order_by("-year")
        .values_list("year", flat=True)
        .first()
    )
