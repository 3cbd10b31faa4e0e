"""Result sheets (SPEC §6, Klub 10.2–10.3): entry, four-eyes confirmation, corrections (their
round is published by `rounds.services.round_publish`).

Every save is a new immutable SheetVersion (who, when, what, why). A writer sends the version it
started from; if somebody saved in between, the save is refused as a conflict (SheetConflict)
and nothing is overwritten. Row locks (select_for_update) serialise the check-and-write.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.domain import table_entry
from tournaments.enums import RoundStatus, SheetStatus, SignoffVerdict
from tournaments.models import ResultSheet, SheetVersion, Table
from tournaments.results.services import scored_lines_store
from tournaments.sheets.codec import absence_mismatch, normalise_for_table, sheet_errors
from tournaments.sheets.errors import SheetConflict, SheetMismatch
from tournaments.sheets.locks import round_lock, sheet_lock


def _no_position(letter: str) -> str:
    return _("“Filled in by”: there is no position %(letter)s at this table.") % {"letter": letter}


def _add_version(sheet, *, games, status, action, reason, user, paper=None) -> ResultSheet:
    """`paper`: who filled the paper sheet in and whether all signed (Klub 10.2, 10.4); a
    version that does not say keeps what the current one recorded."""
    filled_in_by, signed_by_all = paper or (
        (sheet.current.filled_in_by, sheet.current.signed_by_all) if sheet.current else ("", None)
    )
    version = SheetVersion.objects.create(
        sheet=sheet,
        number=sheet.version + 1,
        games=games,
        status=status,
        action=action,
        reason=reason,
        filled_in_by=filled_in_by,
        signed_by_all=signed_by_all,
        created_by=user,
    )
    sheet.version = version.number
    sheet.current = version
    # the live desk board, and the referee pages' disputed tables
    events.event_desk_data_changed(sheet.table.round.tournament)
    sheet.status = status
    if status == SheetStatus.CONFIRMED:
        previous_id = sheet.confirmed_id
        sheet.confirmed = version
        # Scored once, here: every reader of results reads these lines (SPEC §4).
        scored_lines_store(sheet=sheet, version=version)
        if sheet.table.round.status == RoundStatus.PUBLISHED:
            # The one place a published result changes (a correction, an interpretation):
            # public pages, the API cache and the ranking hear of it.
            tournament_id = sheet.table.round.tournament_id
            events.published_results_changed(tournament_id)
            previous = SheetVersion.objects.filter(pk=previous_id).values_list("games", flat=True)
            if list(previous) != [games]:  # a note to the table, not for the paper facts alone
                events.sheet_corrected(tournament_id, version_id=version.pk)
    sheet.save()
    if version.number == 1:  # saved first: the receiver counts the round's tables with figures
        events.announce(
            events.sheet_entered,
            tournament_id=sheet.table.round.tournament_id,
            round_id=sheet.table.round_id,
        )
    return sheet


@transaction.atomic
@tournament_write
def sheet_save(
    *,
    table: Table,
    games: list[dict],
    expected_version: int,
    user,
    reason: str = "",
    filled_in_by: str = "",
    signed_by_all: bool | None = None,
) -> ResultSheet:
    """Enter or correct a sheet. Before publication: desk staff; after: director, with reason.
    The desk also records who filled the paper in and whether all signed (Klub 10.2, 10.4)."""
    rnd = round_lock(table)
    tournament = rnd.tournament
    permissions.require(
        permissions.can_work_desk(user, tournament), _("Only the desk and the director.")
    )
    require_not_finished(tournament)
    if rnd.status == RoundStatus.DRAWN:
        raise ValidationError(_("The pairing of this round is not released yet."))
    sheet = sheet_lock(table)
    if sheet.version != expected_version:
        raise SheetConflict(sheet, expected_version)
    games = normalise_for_table(table, games)
    errors = sheet_errors(table, games)
    letters = set(table.seats.values_list("letter", flat=True))
    if filled_in_by and filled_in_by not in letters:
        errors.append(_no_position(filled_in_by))
    if errors:
        raise ValidationError(errors)
    published = rnd.status == RoundStatus.PUBLISHED
    reason = reason.strip()
    if published:
        permissions.require(
            permissions.can_direct(user, tournament),
            _("After publication only the director corrects."),
        )
        if not reason:
            raise ValidationError(_("A correction after publication needs a reason."))
    elif sheet.version > 0 and not reason:
        raise ValidationError(_("A correction needs a reason."))
    paper = (filled_in_by, signed_by_all)
    current = sheet.current
    if current is not None and (current.games, current.filled_in_by, current.signed_by_all) == (
        games,
        *paper,
    ):
        raise ValidationError(_("No change from the saved version."))
    # A director's correction after publication needs no second check: it is the director's
    # decision (Klub 10.3) and goes straight into the standings.
    status = SheetStatus.CONFIRMED if published else SheetStatus.ENTERED
    action = "corrected" if sheet.version else "entered"
    return _add_version(
        sheet, games=games, status=status, action=action, reason=reason, user=user, paper=paper
    )


@transaction.atomic
@tournament_write
def sheet_confirm(
    *,
    sheet: ResultSheet,
    expected_version: int,
    user,
    retyped: list[dict] | None = None,
    paper: tuple[str, bool | None] | None = None,
    reason: str = "",
) -> ResultSheet:
    """Four-eyes check by a different staff member; optionally blind (re-typed figures).

    A sheet entered at the table (issue #15) is confirmed here too: the desk is the second pair
    of eyes and the paper handed in is the valid sheet (Klub 10.2), so ``paper`` records who
    filled it in and whether all signed it (Klub 10.4). A disputed table entry is confirmed only
    blind, from the paper: one click would skip the comparison the dispute asks for.
    ``reason``: why, when the confirmation says more than the action (the desk's one pass).
    """
    round_lock(sheet.table)
    locked = sheet_lock(sheet.table)
    tournament = locked.table.round.tournament
    permissions.require(
        permissions.can_work_desk(user, tournament), _("Only the desk and the director.")
    )
    require_not_finished(tournament)
    if locked.version != expected_version:
        raise SheetConflict(locked, expected_version)
    if locked.current is None or locked.status == SheetStatus.CONFIRMED:
        raise ValidationError(_("This sheet is not waiting for a confirmation."))
    if locked.status == SheetStatus.NEEDS_CLARIFICATION:
        raise ValidationError(_("The sheet first needs clarification by the director."))
    if locked.current.created_by_id == user.pk:
        raise ValidationError(
            _("The confirmation must come from a person other than the one who entered the sheet.")
        )
    stale = absence_mismatch(locked.table, locked.current.games)
    if stale:
        raise ValidationError(stale)
    if retyped is None and locked.current.signoffs.filter(verdict=SignoffVerdict.DISPUTED).exists():
        raise ValidationError(
            _(
                "An objection was raised at the table: please re-type the figures from the paper "
                "sheet blind, correct them or set “Clarification needed”."
            )
        )
    if retyped is not None:
        retyped = normalise_for_table(locked.table, retyped)
        letters = locked.table.seats.values_list("letter", flat=True)
        differences = table_entry.sheet_differences(locked.current.games, retyped, letters=letters)
        if differences:
            raise SheetMismatch(differences, retyped)
    if paper is not None:
        letters = set(locked.table.seats.values_list("letter", flat=True))
        if paper[0] and paper[0] not in letters:
            raise ValidationError(_no_position(paper[0]))
    return _add_version(
        locked,
        games=locked.current.games,
        status=SheetStatus.CONFIRMED,
        action="confirmed",
        reason=reason,
        user=user,
        paper=paper,
    )


@transaction.atomic
@tournament_write
def sheet_needs_clarification(
    *, sheet: ResultSheet, expected_version: int, note: str, user
) -> ResultSheet:
    round_lock(sheet.table)
    locked = sheet_lock(sheet.table)
    permissions.require(permissions.can_work_desk(user, locked.table.round.tournament))
    require_not_finished(locked.table.round.tournament)
    if locked.version != expected_version:
        raise SheetConflict(locked, expected_version)
    if not note.strip():
        raise ValidationError(_("Please note what is unclear."))
    if locked.table.round.status == RoundStatus.PUBLISHED:
        raise ValidationError(_("The round is published; please make a correction with a reason."))
    return _add_version(
        locked,
        games=locked.current.games if locked.current else [],
        status=SheetStatus.NEEDS_CLARIFICATION,
        action="clarification",
        reason=note.strip(),
        user=user,
    )


@transaction.atomic
@tournament_write
def sheet_accept_interpreted(
    *, sheet: ResultSheet, games: list[dict], expected_version: int, reason: str, user
) -> ResultSheet:
    """Klub 10.3: players not reachable in the break – the director interprets the sheet.
    On a published round this is a correction: the same reason and rules, announced alike."""
    rnd = round_lock(sheet.table)
    locked = sheet_lock(sheet.table)
    tournament = locked.table.round.tournament
    permissions.require_director(user, tournament)
    require_not_finished(tournament)
    if rnd.status == RoundStatus.DRAWN:
        raise ValidationError(_("The pairing of this round is not released yet."))
    if locked.version != expected_version:
        raise SheetConflict(locked, expected_version)
    if not reason.strip():
        raise ValidationError(_("Interpreting a sheet needs a reason (Klub 10.3)."))
    games = normalise_for_table(locked.table, games)
    errors = sheet_errors(locked.table, games)
    if errors:
        raise ValidationError(errors)
    return _add_version(
        locked,
        games=games,
        status=SheetStatus.CONFIRMED,
        action="interpreted",
        reason=reason.strip(),
        user=user,
    )
