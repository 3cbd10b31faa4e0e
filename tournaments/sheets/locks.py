"""The locks every sheet write takes, at the desk (`sheets.services`) and at the table
(`tableside.services`), in one order: the round, then the sheet. Publication locks the round
too, so a round is never published while a sheet of it changes (issue #19.2)."""

from __future__ import annotations

from tournaments.enums import SheetStatus
from tournaments.models import ResultSheet, Round, Table


def round_lock(table: Table) -> Round:
    """The table's round, locked for the rest of the transaction (with its tournament)."""
    return Round.objects.select_for_update().select_related("tournament").get(pk=table.round_id)


def sheet_lock(table: Table) -> ResultSheet:
    """The table's sheet (made on first use), locked; take `round_lock` first."""
    sheet, _ = ResultSheet.objects.get_or_create(
        table=table, defaults={"round": table.round, "status": SheetStatus.ENTERED}
    )
    return (
        ResultSheet.objects.select_for_update(of=("self",))
        .select_related("table__round__tournament", "current__created_by")
        .get(pk=sheet.pk)
    )
