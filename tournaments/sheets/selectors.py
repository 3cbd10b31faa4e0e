"""Reads of result sheets at the desk: tables, sheets, versions, absences (the scored lines of
the valid versions are read through `results.selectors`)."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from tournaments.domain.referees import not_played_by_game
from tournaments.models import Absence, ResultSheet, Round, Seat, SheetVersion, Table


def desk_tables(rnd: Round) -> list[Table]:
    """The round's tables in order, each with its sheet and seated players (three queries)."""
    return list(
        Table.objects.filter(round=rnd)
        .select_related("sheet")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player")))
        .order_by("number")
    )


def table_sheet(table: Table) -> ResultSheet | None:
    """The table's result sheet, if anything was entered for it yet."""
    return ResultSheet.objects.filter(table=table).first()


def sheet_for_page(table: Table) -> ResultSheet | None:
    """The table's sheet with its current version (and who entered it) and confirmed version."""
    return (
        ResultSheet.objects.filter(table=table)
        .select_related("current__created_by", "confirmed")
        .first()
    )


def sheet_versions(sheet: ResultSheet) -> QuerySet[SheetVersion]:
    """Every version of the sheet, newest first, with who made it. Lazy: a page part that does
    not show them (the live preview) costs no query."""
    return sheet.versions.select_related("created_by").order_by("-number")


def table_absences(table: Table) -> dict[str, Absence]:
    """Seat letter → the absence in force of the player on it (SPEC §7: red card or withdrawal
    in the middle of this round)."""
    letters = dict(table.seats.values_list("player_id", "letter"))
    absences = Absence.objects.in_force().filter(round_id=table.round_id, player_id__in=letters)
    return {letters[a.player_id]: a for a in absences.select_related("player")}


def round_absences(rnd) -> dict[int, Absence]:
    """Player id → the absence in force in this round (SPEC §7), for printing all tables."""
    return {a.player_id: a for a in Absence.objects.in_force().filter(round=rnd)}


def table_not_played(table: Table, *, games: int) -> dict[int, tuple[str, ...]]:
    """Per game number, the seat letters of this table that do not play it (SPEC §7)."""
    from_games = {letter: a.from_game for letter, a in table_absences(table).items()}
    return not_played_by_game(from_games, games=games)
