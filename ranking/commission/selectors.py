"""Reads of the commission: inbox, one appeal with its evidence."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Q

from ranking.compute.selectors import StrikeState, strike_states
from ranking.enums import AppealStatus
from ranking.models import (
    Appeal,
    ResultCorrection,
)
from tournaments.enums import RoundStatus
from tournaments.models import (
    PlayerWarning,
    ResultSheet,
    Round,
    Ruling,
    Seat,
    SheetVersion,
    Tournament,
)


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


def round_with_seats(round_id: int) -> Round:
    return Round.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player", "table"))
    ).get(pk=round_id)


def effective_games(rnd: Round, table_number: int) -> list[dict] | None:
    """What the ranking uses for a table now: the newest correction, else the confirmed sheet."""
    corrected = (
        ResultCorrection.objects.filter(round=rnd, table_number=table_number)
        .newest_first()
        .values_list("games", flat=True)
        .first()
    )
    if corrected is not None:
        return corrected
    return (
        rnd.sheets.filter(table__number=table_number)
        .values_list("confirmed__games", flat=True)
        .first()
    )


def published_round(tournament_id: int, number: int) -> Round | None:
    """A published round of the tournament: only published results can be corrected."""
    return Round.objects.filter(
        tournament_id=tournament_id, number=number, status=RoundStatus.PUBLISHED
    ).first()


def table_seats(rnd: Round, table_number: int) -> list[Seat]:
    """The seats of one table of the round, by letter, with their players."""
    return list(
        Seat.objects.filter(round=rnd, table__number=table_number)
        .select_related("player")
        .order_by("letter")
    )


@dataclass(frozen=True, slots=True)
class CountingTournament:
    tournament: Tournament
    strike: StrikeState | None

    @property
    def struck(self) -> bool:
        return bool(self.strike and self.strike.struck)


def counting_tournaments() -> list[CountingTournament]:
    """Every public tournament that counts for the ranking, newest first, with the commission's
    newest word on it (Klub 3.1.1): what the commission may strike or let count again."""
    states = strike_states()
    tournaments = Tournament.objects.public().filter(counts_for_ranking=True)
    return [
        CountingTournament(tournament=t, strike=states.get(t.pk))
        for t in tournaments.order_by("-start_date", "name")
    ]
