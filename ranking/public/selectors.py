"""Reads of the public ranking pages."""

from __future__ import annotations

from dataclasses import dataclass

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


def ranking_entries(snapshot: RankingYear) -> list[RankingEntry]:
    """The lines of a year with their players: one query."""
    return list(snapshot.entries.select_related("player").order_by("rank", "player_id"))


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
            open_appeals=Count("appeals", filter=~Q(appeals__status=AppealStatus.DECIDED)),
            published_rounds=Count("rounds", filter=Q(rounds__status=RoundStatus.PUBLISHED)),
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
