"""Reads that feed the ranking computation: counted tournaments and their sheets."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from ranking.domain import ranking as domain_ranking
from ranking.enums import DecisionOutcome
from ranking.models import (
    Decision,
    RankingStrike,
    RankingYear,
    ResultCorrection,
    TournamentContribution,
)
from tournaments.enums import RoundStatus
from tournaments.models import (
    PlayerWarning,
    ResultSheet,
    Seat,
    Tournament,
)


def year_tournaments(year: int) -> QuerySet[Tournament]:
    """Tournaments that count for the ranking of a year (struck-off ones included)."""
    return Tournament.objects.filter(ranking_year=year, counts_for_ranking=True)


@dataclass(frozen=True, slots=True)
class StrikeState:
    """The commission's newest word on whether a tournament counts (Klub 3.1.1)."""

    struck: bool
    reasoning: str
    decided_at: datetime
    on_appeal: bool


def strike_states(
    year: int | None = None, *, tournament_id: int | None = None
) -> dict[int, StrikeState]:
    """Per tournament the newest of the commission's decisions that strike it (on an appeal) or
    strike it / let it count again on its own (Klub 3.1.1, SPEC §8): the newest one holds."""
    decisions = Decision.objects.filter(outcome=DecisionOutcome.STRUCK)
    own = RankingStrike.objects.all()
    if year is not None:
        decisions = decisions.filter(appeal__tournament__ranking_year=year)
        own = own.filter(tournament__ranking_year=year)
    if tournament_id is not None:
        decisions = decisions.filter(appeal__tournament_id=tournament_id)
        own = own.filter(tournament_id=tournament_id)
    events = [
        (at, pk, tid, StrikeState(True, reasoning, at, True))
        for tid, at, pk, reasoning in decisions.values_list(
            "appeal__tournament_id", "decided_at", "pk", "reasoning"
        )
    ] + [
        (at, pk, tid, StrikeState(struck, reasoning, at, False))
        for tid, at, pk, struck, reasoning in own.values_list(
            "tournament_id", "decided_at", "pk", "struck", "reasoning"
        )
    ]
    states: dict[int, StrikeState] = {}
    for _at, _pk, tid, state in sorted(events, key=lambda e: (e[0], e[1])):
        states[tid] = state
    return states


def struck_tournament_ids(year: int | None = None) -> frozenset[int]:
    """Tournaments that do not count for the ranking now (Klub 3.1.1)."""
    return frozenset(tid for tid, state in strike_states(year).items() if state.struck)


@dataclass(frozen=True, slots=True)
class TournamentInputs:
    sheets: tuple[domain_ranking.TableSheet, ...]
    corrections: dict[tuple[int, int, int], tuple]
    excluded: frozenset[tuple[int, int]]


def tournament_inputs(tournament_ids: list[int]) -> TournamentInputs:
    """Published, confirmed sheets with seats, corrections and red cards: four queries."""
    if not tournament_ids:
        return TournamentInputs(sheets=(), corrections={}, excluded=frozenset())
    rules = dict(Tournament.objects.filter(pk__in=tournament_ids).values_list("pk", "rule_set"))
    seats: dict[int, list[domain_ranking.SeatRef]] = defaultdict(list)
    for table_id, letter, player_id, reserve in Seat.objects.filter(
        round__tournament_id__in=tournament_ids, round__status=RoundStatus.PUBLISHED
    ).values_list("table_id", "letter", "player_id", "reserve"):
        seats[table_id].append(
            domain_ranking.SeatRef(letter=letter, player_id=player_id, reserve=reserve)
        )
    sheets = []
    rows = ResultSheet.objects.filter(
        round__tournament_id__in=tournament_ids,
        round__status=RoundStatus.PUBLISHED,
        confirmed__isnull=False,
    ).values_list(
        "table_id", "table__number", "round__number", "round__tournament_id", "confirmed__games"
    )
    for table_id, table_number, round_number, tid, games in rows:
        table_seats = tuple(sorted(seats.get(table_id, ()), key=lambda s: s.letter))
        sheets.append(
            domain_ranking.TableSheet(
                tournament_id=tid,
                round_number=round_number,
                table_number=table_number,
                ruleset_code=rules[tid],
                seats=table_seats,
                games=tuple(games),
            )
        )
    published_tables = {(s.tournament_id, s.round_number, s.table_number) for s in sheets}
    corrections: dict[tuple[int, int, int], tuple] = {}
    for tid, round_number, table_number, games in (
        ResultCorrection.objects.filter(round__tournament_id__in=tournament_ids)
        .newest_first()
        .values_list("round__tournament_id", "round__number", "table_number", "games")
    ):
        key = (tid, round_number, table_number)
        if key in published_tables:
            corrections.setdefault(key, tuple(games))  # the first is the newest decision
    excluded = frozenset(
        PlayerWarning.objects.red_cards_in_force()
        .filter(tournament_id__in=tournament_ids)
        .values_list("tournament_id", "player_id")
    )
    return TournamentInputs(sheets=tuple(sheets), corrections=corrections, excluded=excluded)


def year_contributions(year: int) -> list[domain_ranking.Contribution]:
    """Stored per-tournament sums of a year's counting tournaments: one query."""
    return [
        domain_ranking.Contribution(
            tournament_id=tid,
            player_id=pid,
            rounds=rounds,
            games=games,
            placement_points=pp,
            game_points=gp,
            placings=(p1, p2, p3, p4),
            minus_points=minus,
        )
        for tid, pid, rounds, games, pp, gp, p1, p2, p3, p4, minus in (
            TournamentContribution.objects.filter(
                tournament__ranking_year=year, tournament__counts_for_ranking=True
            ).values_list(
                "tournament_id",
                "player_id",
                "rounds",
                "games",
                "placement_points",
                "game_points",
                "first",
                "second",
                "third",
                "fourth",
                "minus_points",
            )
        )
    ]


def ranking_years() -> list[int]:
    """Years with a ranking or with a tournament that counts, newest first."""
    years = set(RankingYear.objects.values_list("year", flat=True))
    years |= set(
        Tournament.objects.filter(counts_for_ranking=True).values_list("ranking_year", flat=True)
    )
    return sorted(years, reverse=True)
