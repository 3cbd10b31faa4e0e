"""Reads of the public ranking pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Count, Q

from ranking.compute.selectors import StrikeState, strike_states, year_tournaments
from ranking.domain import appeals as domain_appeals
from ranking.enums import AppealStatus
from ranking.models import (
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


def newest_computed_year() -> int | None:
    """The newest ranking year that has been computed."""
    return (
        RankingYear.objects.filter(computed_at__isnull=False)
        .order_by("-year")
        .values_list("year", flat=True)
        .first()
    )
