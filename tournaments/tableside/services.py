"""Writes from the table's phone (issue #15): the table enters its sheet, the others sign it.

Both are versions like every other write of a sheet (who, when, from which device) and never
overwrite anything. The figures pass the desk's own checks (`sheets.services`: the same
normalising and the same domain validation). The desk stays the second pair of eyes: a
table-entered version is "entered", never "confirmed" (Klub 10.2: the paper handed in is valid).
"""

from __future__ import annotations

from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.common import events
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.enums import SheetAction, SheetStatus, SignoffVerdict
from tournaments.models import ResultSheet, SheetSignoff, SheetVersion, Table
from tournaments.sheets import codec
from tournaments.sheets.locks import round_lock, sheet_lock
from tournaments.sheets.selectors import table_absences
from tournaments.tableside import selectors


def _require_open(table: Table) -> None:
    """Checked again under the round's lock: the page may be older than a publication."""
    require_not_finished(table.round.tournament)
    closed = selectors.closed_because(table)
    if closed is not None:
        raise ValidationError(closed[1], code="closed")


def _locked(table: Table) -> ResultSheet:
    """Lock order as every sheet write: round, then sheet (the round is never published while
    a sheet of it changes)."""
    table.round = round_lock(table)
    _require_open(table)
    return sheet_lock(table)


def _refuse_desk_sheet(sheet: ResultSheet) -> None:
    if sheet.status == SheetStatus.CONFIRMED:
        raise ValidationError(
            _("The desk has already confirmed this sheet; changes only through the director."),
            code="confirmed",
        )
    if sheet.status == SheetStatus.NEEDS_CLARIFICATION:
        raise ValidationError(
            _("The desk is clarifying this sheet right now. Please go to the desk directly."),
            code="at_desk",
        )
    if sheet.current is not None and sheet.current.action != SheetAction.TABLE_ENTERED:
        raise ValidationError(
            _(
                "The desk has already entered this table's paper sheet. Questions please directly "
                "at the desk."
            ),
            code="at_desk",
        )


@transaction.atomic
@tournament_write
def sheet_enter_at_table(
    *,
    table: Table,
    games: list[dict],
    filled_in_by: str,
    device: str,
    submission_key: UUID,
    expected_version: int,
    reason: str = "",
) -> SheetVersion:
    """The table's figures as a new TABLE_ENTERED version (status "entered", no user).

    A form sent again with the same ``submission_key`` returns the version it wrote the first
    time: nothing is written twice, whatever the order the two sends arrive in. Entering anew
    (after a dispute) needs a reason; its sign-offs start from scratch.
    """
    earlier = selectors.submitted_version(table, submission_key)
    if earlier is not None:
        return earlier
    sheet = _locked(table)
    earlier = selectors.submitted_version(table, submission_key)  # sent twice, waited on the lock
    if earlier is not None:
        return earlier
    _refuse_desk_sheet(sheet)
    if sheet.version != expected_version:
        raise ValidationError(
            _(
                "Meanwhile figures have been entered at this table (version %(version)s). Please "
                "reload the page and compare the figures."
            )
            % {"version": sheet.version},
            code="conflict",
        )
    letters = {seat.letter for seat in table.seats.all()}
    errors = []
    if filled_in_by not in letters:
        errors.append(_("Please say who is entering (position at the table)."))
    elif filled_in_by in table_absences(table):
        errors.append(
            _("Position %(letter)s no longer plays and cannot enter figures.")
            % {"letter": filled_in_by}
        )
    normalised = codec.normalise_for_table(table, games)
    errors += codec.sheet_errors(table, normalised)
    reason = reason.strip()[:1000]
    if sheet.current is not None:
        if not reason:
            errors.append(_("Entering anew needs a reason (e.g. the objection of C)."))
        elif sheet.current.games == normalised:
            errors.append(_("No change from the entered version."))
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():  # a savepoint: the unique key may still meet a twin
            version = SheetVersion.objects.create(
                sheet=sheet,
                number=sheet.version + 1,
                games=normalised,
                status=SheetStatus.ENTERED,
                action=SheetAction.TABLE_ENTERED,
                reason=reason,
                filled_in_by=filled_in_by,
                signed_by_all=None,
                created_by=None,
                device=device[:200],
                submission_key=submission_key,
            )
    except IntegrityError:
        earlier = selectors.submitted_version(table, submission_key)
        if earlier is None:
            raise
        return earlier
    sheet.version = version.number
    sheet.current = version
    sheet.status = SheetStatus.ENTERED
    sheet.save(update_fields=["version", "current", "status", "updated_at"])
    events.event_desk_data_changed(table.round.tournament)  # "am Tisch eingetragen"
    if version.number == 1:
        events.announce(
            events.sheet_entered, tournament_id=table.round.tournament_id, round_id=table.round_id
        )
    return version


@transaction.atomic
@tournament_write
def sheet_signoff(
    *,
    table: Table,
    version_number: int,
    letter: str,
    verdict: str,
    device: str,
    note: str = "",
) -> SheetSignoff:
    """A table-mate's answer to the table-entered figures (Klub 10.4): confirmed or disputed,
    once per seat and version. The same answer sent again returns the first one."""
    sheet = _locked(table)
    _refuse_desk_sheet(sheet)
    current = sheet.current
    if current is None:
        raise ValidationError(_("Nothing has been entered at this table yet."))
    if sheet.version != version_number:
        raise ValidationError(
            _("Meanwhile new figures have been entered. Please check the new version."),
            code="conflict",
        )
    if verdict not in SignoffVerdict.values:
        raise ValidationError(_("Please confirm or object."))
    if letter not in selectors.required_letters(table, current):
        raise ValidationError(
            _("Position %(letter)s need not confirm this version.") % {"letter": letter}
        )
    earlier = SheetSignoff.objects.filter(version=current, letter=letter).first()
    if earlier is not None:
        if earlier.verdict == verdict:
            return earlier
        raise ValidationError(
            _("Position %(letter)s has already answered (%(verdict)s).")
            % {"letter": letter, "verdict": earlier.get_verdict_display()},
            code="answered",
        )
    note = note.strip()[:1000]
    try:
        with transaction.atomic():
            answer = SheetSignoff.objects.create(
                version=current, letter=letter, verdict=verdict, note=note, device=device[:200]
            )
    except IntegrityError as exc:
        raise ValidationError(
            _("Position %(letter)s has already answered.") % {"letter": letter}
        ) from exc
    # the desk board and the referee area ("2/3 bestätigt", "Einspruch von C")
    events.event_desk_data_changed(table.round.tournament)
    if verdict == SignoffVerdict.DISPUTED:
        events.announce(
            events.sheet_disputed, tournament_id=table.round.tournament_id, signoff_id=answer.pk
        )
    return answer
