"""Reads of result sheets at the desk: tables, sheets, versions, absences (the scored lines of
the valid versions are read through `results.selectors`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from tournaments.domain import table_entry
from tournaments.domain.referees import not_played_by_game
from tournaments.enums import SheetAction
from tournaments.models import (
    Absence,
    ResultSheet,
    Round,
    Seat,
    SheetSignoff,
    SheetVersion,
    Table,
)


def desk_tables(rnd: Round) -> list[Table]:
    """The round's tables in order, each with its sheet (and its current version's sign-offs)
    and seated players (four queries)."""
    return list(
        Table.objects.filter(round=rnd)
        .select_related("sheet__current")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player")),
            "sheet__current__signoffs",
        )
        .order_by("number")
    )


@dataclass(frozen=True)
class TableEntry:
    """A table's sheet as the desk sees it (issue #15): its state on the board and, when the
    current version was entered at the table, who entered it and the table-mates' answers."""

    state: str
    version: SheetVersion | None = None  # the current version, if entered at the table
    progress: table_entry.Signoffs | None = None
    signoffs: tuple[SheetSignoff, ...] = ()

    @property
    def entered_by(self) -> str:
        return self.version.filled_in_by if self.version else ""

    @property
    def by_letter(self) -> dict[str, SheetSignoff]:
        return {s.letter: s for s in self.signoffs}


def table_entry_of(table: Table, absent: frozenset[str] | set[str] = frozenset()) -> TableEntry:
    """The derived state of a table loaded by `desk_tables` (no query); ``absent``: the seat
    letters out of the round (SPEC §7), who need not sign."""
    sheet = getattr(table, "sheet", None)
    if sheet is None or not sheet.version or sheet.current is None:
        return TableEntry(state=table_entry.MISSING)
    current = sheet.current
    if current.action != SheetAction.TABLE_ENTERED:
        return TableEntry(table_entry.table_state(status=sheet.status, table_entered=False))
    signoffs = tuple(current.signoffs.all())
    progress = table_entry.signoffs(
        letters=[s.letter for s in table.seats.all()],
        entered_by=current.filled_in_by,
        absent=absent,
        verdicts={s.letter: s.verdict for s in signoffs},
    )
    state = table_entry.table_state(status=sheet.status, table_entered=True, progress=progress)
    return TableEntry(state=state, version=current, progress=progress, signoffs=signoffs)


def absent_letters(rnd: Round) -> dict[int, set[str]]:
    """Table id → seat letters of players out of the round (SPEC §7), one query."""
    absent_ids = Absence.objects.in_force().filter(round=rnd).values_list("player_id", flat=True)
    result: dict[int, set[str]] = {}
    for table_id, letter in Seat.objects.filter(round=rnd, player_id__in=absent_ids).values_list(
        "table_id", "letter"
    ):
        result.setdefault(table_id, set()).add(letter)
    return result


def tables_entered_at_table(rnd: Round) -> set[int]:
    """Ids of the round's tables whose sheet has a version entered at the table (issue #15),
    current or not: one that is not current any more was changed at the desk since."""
    return set(
        SheetVersion.objects.filter(sheet__round=rnd, action=SheetAction.TABLE_ENTERED)
        .values_list("sheet__table_id", flat=True)
        .distinct()
    )


def sheet_table_entry(table: Table) -> TableEntry:
    """The desk's sheet page: the table's sheet with its current version's sign-offs."""
    loaded = (
        Table.objects.filter(pk=table.pk)
        .select_related("sheet__current")
        .prefetch_related("seats", "sheet__current__signoffs")
        .get()
    )
    return table_entry_of(loaded, set(table_absences(table)))


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
    return _seats_and_absences(table)[1]


def _seats_and_absences(table: Table) -> tuple[tuple[str, ...], dict[str, Absence]]:
    """The table's seat letters and `table_absences` (two queries)."""
    letters = dict(table.seats.values_list("player_id", "letter"))
    absences = Absence.objects.in_force().filter(round_id=table.round_id, player_id__in=letters)
    by_letter = {letters[a.player_id]: a for a in absences.select_related("player")}
    return tuple(sorted(letters.values())), by_letter


def round_absences(rnd) -> dict[int, Absence]:
    """Player id → the absence in force in this round (SPEC §7), for printing all tables."""
    return {a.player_id: a for a in Absence.objects.in_force().filter(round=rnd)}


def table_not_played(table: Table, *, games: int) -> dict[int, tuple[str, ...]]:
    """Per game number, the seat letters of this table that do not play it (SPEC §7)."""
    letters, absences = _seats_and_absences(table)
    from_games = {letter: a.from_game for letter, a in absences.items()}
    return not_played_by_game(from_games, games=games, letters=letters)
