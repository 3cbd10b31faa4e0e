"""The sheets of a venue document (see `load`): each table's versions and sign-offs, compared
when known and inserted when new; a new version's games pass the desk's own checks
(`sheets.services`). A sheet whose valid version changed is scored anew (`results.services`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.enums import RoundStatus
from tournaments.models import ResultSheet, SheetSignoff, SheetVersion, Table
from tournaments.results.services import scored_lines_store
from tournaments.sheets.codec import normalise_games, sheet_errors
from tournaments.venue.rows import WriteState, invalid, sync


def _validate(table: Table, data: dict, number: int) -> None:
    games = data["games"]
    if not games:
        return
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    errors = []
    if normalise_games(games, letters=letters) != games:
        errors.append(_("the games are not in the stored form"))
    else:
        errors = sheet_errors(table, games)
    if errors:
        raise invalid(
            _("Round %(round)s, table %(table)s, version %(version)s: %(errors)s")
            % {
                "round": table.round.number,
                "table": table.number,
                "version": number,
                "errors": " ".join(str(e) for e in errors),  # the rules core: Messages
            }
        )


def write_sheet(w: WriteState, table: Table, data: dict) -> None:
    rnd = table.round
    sheet = ResultSheet.objects.select_for_update().filter(table=table).first()
    if sheet is None:
        sheet = ResultSheet.objects.create(table=table, round=rnd, status=data["status"])
    keys = [v["submission_key"] for v in data["versions"] if v["submission_key"]]
    if len(keys) != len(set(keys)):
        raise invalid(
            _("Round %(round)s, table %(table)s: a form was recorded twice.")
            % {"round": rnd.number, "table": table.number}
        )
    export = w.export
    stored = {v.number: v for v in SheetVersion.objects.filter(sheet=sheet)}
    label = _("Round %(round)s, table %(table)s: sheet version") % {
        "round": rnd.number,
        "table": table.number,
    }

    def create(row: dict) -> None:
        if w.strict:
            _validate(table, row, row["number"])
        v = w.insert(SheetVersion, row, sheet=sheet)
        stored[v.number] = v

    def version_row(v: SheetVersion) -> dict:
        return export.sheet_version(v, [])

    sync(
        w,
        kind="sheet versions",
        what=label,
        stored=dict(stored),
        rows=data["versions"],
        key=lambda r: r["number"],
        export=version_row,
        create=create,
    )
    for row in data["versions"]:
        write_signoffs(w, stored[row["number"]], row["signoffs"], label)
    numbers = {n: v.pk for n, v in stored.items()}
    current, confirmed = numbers.get(data["current"]), numbers.get(data["confirmed"])
    before = (sheet.status, sheet.version, sheet.current_id, sheet.confirmed_id)
    after = (data["status"], data["version"], current, confirmed)
    if before == after:
        return
    ResultSheet.objects.filter(pk=sheet.pk).update(
        status=data["status"], version=data["version"], current_id=current, confirmed_id=confirmed
    )
    w.touch(rnd.tournament, results=rnd.status == RoundStatus.PUBLISHED)
    if confirmed is not None and confirmed != before[3]:
        sheet.refresh_from_db()
        sheet.table = table
        scored_lines_store(sheet=sheet, version=stored[data["confirmed"]])


def write_signoffs(w: WriteState, version: SheetVersion, rows: list[dict], label: str) -> None:
    stored = {o.letter: o for o in SheetSignoff.objects.filter(version=version)}

    def create(row: dict) -> None:
        w.insert(SheetSignoff, row, version=version)

    sync(
        w,
        kind="sign-offs",
        what=_("%(label)s %(number)s, sign-off") % {"label": label, "number": version.number},
        stored=stored,
        rows=rows,
        key=lambda r: r["letter"],
        export=w.export.row,
        create=create,
    )
