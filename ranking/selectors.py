"""Reads of the ranking side. Loading for a whole year takes a fixed number of queries,
whatever the number of tournaments, rounds and tables (no query per tournament or round)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet

from tournaments import permissions
from tournaments.enums import RoundStatus, WarningKind
from tournaments.models import (
    Player,
    PlayerWarning,
    ResultSheet,
    Round,
    Ruling,
    Seat,
    SheetVersion,
    Tournament,
)
from tournaments.sheets import game_inputs

from ranking import domain
from ranking.enums import AppealStatus, DecisionOutcome
from ranking.models import Appeal, Decision, RankingEntry, RankingYear, ResultCorrection, TournamentContribution


def year_tournaments(year: int) -> QuerySet[Tournament]:
    """Tournaments that count for the ranking of a year (struck-off ones included)."""
    return Tournament.objects.filter(ranking_year=year, counts_for_ranking=True)


def struck_tournament_ids(year: int | None = None) -> frozenset[int]:
    """Tournaments the commission struck from the ranking (Klub 3.1.1)."""
    qs = Decision.objects.filter(outcome=DecisionOutcome.STRUCK)
    if year is not None:
        qs = qs.filter(appeal__tournament__ranking_year=year)
    return frozenset(qs.values_list("appeal__tournament_id", flat=True))


@dataclass(frozen=True, slots=True)
class TournamentInputs:
    sheets: tuple[domain.TableSheet, ...]
    corrections: dict[tuple[int, int, int], tuple]
    excluded: frozenset[tuple[int, int]]


def tournament_inputs(tournament_ids: list[int]) -> TournamentInputs:
    """Published, confirmed sheets with seats, corrections and red cards: four queries."""
    if not tournament_ids:
        return TournamentInputs(sheets=(), corrections={}, excluded=frozenset())
    rules = dict(Tournament.objects.filter(pk__in=tournament_ids).values_list("pk", "rule_set"))
    seats: dict[int, list[domain.SeatRef]] = defaultdict(list)
    for table_id, letter, player_id, reserve in Seat.objects.filter(
        round__tournament_id__in=tournament_ids, round__status=RoundStatus.PUBLISHED
    ).values_list("table_id", "letter", "player_id", "reserve"):
        seats[table_id].append(domain.SeatRef(letter=letter, player_id=player_id, reserve=reserve))
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
        letters = tuple(s.letter for s in table_seats)
        sheets.append(
            domain.TableSheet(
                tournament_id=tid,
                round_number=round_number,
                table_number=table_number,
                ruleset_code=rules[tid],
                seats=table_seats,
                games=tuple(game_inputs(games, letters=letters)),
            )
        )
    letters_by_table = {
        (s.tournament_id, s.round_number, s.table_number): tuple(x.letter for x in s.seats)
        for s in sheets
    }
    corrections: dict[tuple[int, int, int], tuple] = {}
    for tid, round_number, table_number, games in (
        ResultCorrection.objects.filter(round__tournament_id__in=tournament_ids)
        .order_by("decision__decided_at", "pk")
        .values_list("round__tournament_id", "round__number", "table_number", "games")
    ):
        key = (tid, round_number, table_number)
        if key in letters_by_table:  # the newest decision wins
            corrections[key] = tuple(game_inputs(games, letters=letters_by_table[key]))
    excluded = frozenset(
        PlayerWarning.objects.filter(
            tournament_id__in=tournament_ids, kind=WarningKind.RED, withdrawn_at__isnull=True
        ).values_list("tournament_id", "player_id")
    )
    return TournamentInputs(sheets=tuple(sheets), corrections=corrections, excluded=excluded)


def year_contributions(year: int) -> list[domain.Contribution]:
    """Stored per-tournament sums of a year's counting tournaments: one query."""
    return [
        domain.Contribution(
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


# --- Pages ------------------------------------------------------------------------------


def ranking_years() -> list[int]:
    """Years with a ranking or with a tournament that counts, newest first."""
    years = set(RankingYear.objects.values_list("year", flat=True))
    years |= set(
        Tournament.objects.filter(counts_for_ranking=True).values_list("ranking_year", flat=True)
    )
    return sorted(years, reverse=True)


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


def year_tournament_states(year: int, *, now) -> list[TournamentState]:
    """Each counting tournament of a year: struck off, provisional or final (three queries)."""
    struck = struck_tournament_ids(year)
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
                struck=t.pk in struck,
                final=bool(state and state.final_at),
                window_closes=domain.appeal_deadline(t.end_date),
                open_appeals=t.open_appeals,
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


# --- Appeals and the commission ---------------------------------------------------------


def inbox(status: str | None = None) -> dict[str, list[Appeal]]:
    """Appeals grouped by status, oldest first within a group: one query."""
    qs = Appeal.objects.select_related("tournament", "player", "round", "decision").order_by(
        "filed_at", "pk"
    )
    if status:
        qs = qs.filter(status=status)
    groups: dict[str, list[Appeal]] = {s.value: [] for s in AppealStatus}
    for appeal in qs:
        groups[appeal.status].append(appeal)
    return groups


def appeal_context(appeal: Appeal) -> dict:
    """Everything the commission needs: sheet versions of the table, warnings, rulings."""
    versions: list[SheetVersion] = []
    seats: list[Seat] = []
    sheet = None
    if appeal.round_id and appeal.table_number:
        sheet = (
            ResultSheet.objects.filter(round_id=appeal.round_id, table__number=appeal.table_number)
            .select_related("confirmed")
            .first()
        )
        if sheet is not None:
            versions = list(
                SheetVersion.objects.filter(sheet=sheet)
                .select_related("created_by")
                .order_by("-number")
            )
        seats = list(
            Seat.objects.filter(round_id=appeal.round_id, table__number=appeal.table_number)
            .select_related("player")
            .order_by("letter")
        )
    warnings = list(
        PlayerWarning.objects.filter(tournament_id=appeal.tournament_id)
        .filter(
            Q(player_id=appeal.player_id)
            | Q(round_id=appeal.round_id, table_number=appeal.table_number)
            | Q(player_id__in=[s.player_id for s in seats])
        )
        .select_related("player", "round", "given_by", "withdrawn_by")
        .order_by("given_at", "pk")
    )
    rulings = list(
        Ruling.objects.filter(tournament_id=appeal.tournament_id)
        .select_related("round", "decided_by")
        .order_by("decided_at", "pk")
    )
    other_appeals = list(
        Appeal.objects.filter(tournament_id=appeal.tournament_id)
        .exclude(pk=appeal.pk)
        .select_related("player", "decision")
        .order_by("filed_at")
    )
    return {
        "sheet": sheet,
        "versions": versions,
        "seats": seats,
        "warnings": warnings,
        "rulings": rulings,
        "other_appeals": other_appeals,
    }


def appeals_of_player(player: Player) -> list[Appeal]:
    return list(
        Appeal.objects.filter(player=player)
        .select_related("tournament", "round", "decision")
        .order_by("-filed_at")
    )


def appealable_tournaments_for_player(player: Player, *, now) -> list[Tournament]:
    """Finished tournaments the player played whose appeal window is still open."""
    from tournaments.enums import TournamentStatus

    qs = Tournament.objects.filter(
        status=TournamentStatus.FINISHED,
        registrations__player=player,
        registrations__withdrawn_at__isnull=True,
    ).order_by("-end_date")
    return [t for t in qs.distinct() if domain.appeal_in_time(t.end_date, now)]


def tournaments_for_appeal_staff(user, *, now) -> list[Tournament]:
    """Finished tournaments the user may file appeals for (director, federation admin)."""
    from tournaments.enums import StaffRole, TournamentStatus

    qs = Tournament.objects.filter(status=TournamentStatus.FINISHED)
    if not permissions.is_federation_admin(user):
        qs = qs.filter(staff__user=user, staff__role=StaffRole.DIRECTOR)
    return [
        t for t in qs.distinct().order_by("-end_date") if domain.appeal_in_time(t.end_date, now)
    ]


def appeals_filed_by(user) -> list[Appeal]:
    return list(
        Appeal.objects.filter(filed_by=user)
        .select_related("tournament", "player", "decision")
        .order_by("-filed_at")
    )


def published_rounds(tournament: Tournament) -> list[Round]:
    return list(tournament.rounds.filter(status=RoundStatus.PUBLISHED).order_by("number"))


def round_with_seats(round_id: int) -> Round:
    return Round.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player", "table"))
    ).get(pk=round_id)
