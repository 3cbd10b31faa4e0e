"""Reads that feed the ranking computation: counted tournaments, their stored round sums and
the commission's corrections, the year's sums per player; the consistency check of the
corrections' lines."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from itertools import chain

from django.db.models import Count, QuerySet, Sum
from django.utils.translation import gettext as _

from ranking.domain import ranking as domain_ranking
from ranking.enums import DecisionOutcome
from ranking.models import (
    CorrectionLine,
    Decision,
    RankingStrike,
    RankingYear,
    ResultCorrection,
    TournamentContribution,
)
from tournaments.domain.sheets import LINE_COLUMNS, line_rows, sheet_lines
from tournaments.enums import RoundStatus
from tournaments.models import PlayerWarning, Round, ScoredRound, Seat, Tournament


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
    """What the ranking needs of some tournaments: their players' rounds (stored round sums, a
    correction's in place of its table's) and the red-carded players."""

    rounds: Iterable[domain_ranking.RankedRound]
    excluded: frozenset[tuple[int, int]]


_RANKED_ROUND = (
    "tournament_id", "player_id", "reserve", "round_number", "placement_points", "game_points",
    "first", "second", "third", "fourth", "minus_points", "games",
)  # fmt: skip
_RANKED_GAME = (
    "tournament_id", "player_id", "reserve", "round_number", "place", "placement_points",
    "game_points",
)  # fmt: skip


def corrections_in_force(tournament_ids: list[int]) -> list[int]:
    """Per corrected table of a published round, the correction of the newest decision."""
    seen: set[tuple[int, int]] = set()
    in_force = []
    for pk, round_id, table_number in (
        ResultCorrection.objects.filter(
            round__tournament_id__in=tournament_ids, round__status=RoundStatus.PUBLISHED
        )
        .newest_first()
        .values_list("pk", "round_id", "table_number")
    ):
        if (round_id, table_number) not in seen:
            seen.add((round_id, table_number))
            in_force.append(pk)
    return in_force


def tournament_inputs(tournament_ids: list[int]) -> TournamentInputs:
    """Each player's round sums of the published rounds, only the columns the ranking adds; a
    table the commission corrected contributes its correction's lines instead
    (ranking only, Klub 3). Four queries."""
    if not tournament_ids:
        return TournamentInputs(rounds=(), excluded=frozenset())
    corrected: list[tuple] = []
    corrected_tables: set[int] = set()
    for *row, table_id in CorrectionLine.objects.filter(
        correction_id__in=corrections_in_force(tournament_ids)
    ).values_list(*_RANKED_GAME, "table_id"):
        corrected.append(tuple(row))
        corrected_tables.add(table_id)
    # Not a join on the round's status: the few rounds not yet published are left out by id.
    unpublished = list(
        Round.objects.filter(tournament_id__in=tournament_ids)
        .exclude(status=RoundStatus.PUBLISHED)
        .values_list("pk", flat=True)
    )
    rounds = ScoredRound.objects.filter(tournament_id__in=tournament_ids).exclude(
        round_id__in=unpublished
    )
    if corrected_tables:
        rounds = rounds.exclude(table_id__in=corrected_tables)
    excluded = frozenset(
        PlayerWarning.objects.red_cards_in_force()
        .filter(tournament_id__in=tournament_ids)
        .values_list("tournament_id", "player_id")
    )
    # A plain fetch: a server-side cursor costs more than it saves at a year's 120,000 rows.
    stored = rounds.values_list(*_RANKED_ROUND)
    return TournamentInputs(
        rounds=chain(stored, domain_ranking.ranked_rounds(corrected)), excluded=excluded
    )


def year_player_totals(
    tournament_ids: list[int], *, struck: frozenset[int]
) -> list[domain_ranking.PlayerYear]:
    """Per player, the stored per-tournament sums of a year's counting tournaments
    (``tournament_ids``, `year_tournaments`) added up: `domain.ranking.year_totals` in one query,
    as the database adds 30,000 rows faster than Python reads them. Struck tournaments (Klub
    3.1.1) and contributions without a game are left out."""
    counted = [tid for tid in tournament_ids if tid not in struck]
    rows = (
        TournamentContribution.objects.filter(tournament_id__in=counted, games__gt=0)
        .values("player_id")
        .annotate(
            n=Count("tournament_id"), r=Sum("rounds"), g=Sum("games"),
            pp=Sum("placement_points"), gp=Sum("game_points"), p1=Sum("first"),
            p2=Sum("second"), p3=Sum("third"), p4=Sum("fourth"), minus=Sum("minus_points"),
        )
        .values_list("player_id", "n", "r", "g", "pp", "gp", "p1", "p2", "p3", "p4", "minus")
    )  # fmt: skip
    player_year = domain_ranking.PlayerYear
    return [
        player_year(pid, n, r, g, pp, gp, (p1, p2, p3, p4), minus)
        for pid, n, r, g, pp, gp, p1, p2, p3, p4, minus in rows
    ]


def ranking_years() -> list[int]:
    """Years with a ranking or with a tournament that counts, newest first."""
    years = set(RankingYear.objects.values_list("year", flat=True))
    years |= set(
        Tournament.objects.filter(counts_for_ranking=True).values_list("ranking_year", flat=True)
    )
    return sorted(years, reverse=True)


CORRECTION_LINE_FIELDS = ("table_id", "round_number", *LINE_COLUMNS)


def correction_rows(correction: ResultCorrection) -> list[tuple]:
    """The corrected table's games scored into its lines (`CORRECTION_LINE_FIELDS` order): what
    the decision stores and the consistency check compares with the stored lines.
    ``correction.round`` comes with its tournament."""
    rnd = correction.round
    seated = list(
        Seat.objects.filter(round=rnd, table__number=correction.table_number).values_list(
            "table_id", "letter", "player_id", "reserve"
        )
    )
    table_id = seated[0][0] if seated else None
    seats = {letter: (player_id, reserve) for _, letter, player_id, reserve in seated}
    lines = sheet_lines(
        correction.games, letters=tuple(sorted(seats)), ruleset=rnd.tournament.ruleset
    )
    return [(table_id, rnd.number, *row) for row in line_rows(lines, seats)]


def correction_line_mismatches() -> list[str]:
    """One German message per commission correction whose stored lines differ from a fresh
    re-score of its games (ranking only; the tournaments' own lines are checked by
    `tournaments.results.selectors.scored_line_mismatches`); [] when all agree."""
    messages = []
    for correction in ResultCorrection.objects.select_related("round__tournament").order_by("pk"):
        rnd = correction.round
        want = set(correction_rows(correction))
        have = set(correction.lines.values_list(*CORRECTION_LINE_FIELDS))
        if want != have:
            messages.append(
                _(
                    "Correction no. %(number)s (%(tournament)s, round %(round)s, table "
                    "%(table)s): %(missing)s lines missing or different, %(extra)s stored ones "
                    "superfluous or wrong."
                )
                % {
                    "number": correction.pk,
                    "tournament": rnd.tournament.name,
                    "round": rnd.number,
                    "table": correction.table_number,
                    "missing": len(want - have),
                    "extra": len(have - want),
                }
            )
    return messages
