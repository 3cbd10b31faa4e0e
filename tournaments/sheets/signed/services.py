"""The desk confirms every sheet its table signed, in one pass (issue 28.4, Klub 10.2, 10.4).

A sheet entered on the table's phone and confirmed there by every table-mate who must sign
(`domain.table_entry.signoffs`: not the seat that entered, nor a player out of the round) is the
board's "confirmed at the table". The desk stays the second pair of eyes: one click confirms
every such sheet of the round, each through `sheets.services.sheet_confirm` (its permission,
frozen-tournament, absence and four-eyes rules, one copy of them) as a version of its own with
who, when and why. Every other table stays exactly as it is, with the reason: disputed (only
blind re-typing from the paper confirms it), not signed by everyone yet, changed at the desk
since the table's entry, entered at the desk, clarification needed, already confirmed, no sheet.

Idempotent: a second pass finds the sheets confirmed and changes nothing. The round is locked
first, as by every sheet write (`sheets.locks`), then its sheets: nothing of the round changes
between reading a table's signatures and confirming its sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.domain import table_entry
from tournaments.enums import RoundStatus
from tournaments.models import ResultSheet, Round
from tournaments.sheets import selectors as sheets_selectors
from tournaments.sheets import services as sheet_services

# Why a table was left as it is (`Left.reason`).
DISPUTED = "disputed"  # a table-mate disputed: only blind re-typing from the paper confirms it
UNSIGNED = "unsigned"  # entered at the table, not every table-mate has confirmed yet
CHANGED = "changed"  # entered at the table, then changed at the desk: not what the table signed
AT_DESK = "at_desk"  # entered at the desk: the second person confirms it on its sheet page
CLARIFICATION = "clarification"  # the desk asked for clarification
CONFIRMED = "confirmed"  # confirmed before: left unchanged
MISSING = "missing"  # nothing entered yet
REFUSED = "refused"  # signed, but `sheet_confirm` refused it (e.g. a withdrawal since, SPEC §7)

REASONS = (DISPUTED, REFUSED, CHANGED, UNSIGNED, CLARIFICATION, AT_DESK, MISSING, CONFIRMED)
"""Every reason, in the order a summary lists them (what needs the desk first)."""


@dataclass(frozen=True, slots=True)
class Left:
    """A table whose sheet was not taken over, and why."""

    table: int
    reason: str
    detail: str = ""  # the disputing seats ("C"), the signatures ("2/3"), a refusal's message


@dataclass(frozen=True, slots=True)
class SignedTakeOver:
    """What one pass did: the tables confirmed, and every other table with its reason."""

    confirmed: tuple[int, ...]
    left: tuple[Left, ...]

    def left_for(self, reason: str) -> tuple[Left, ...]:
        return tuple(x for x in self.left if x.reason == reason)


def _left(table, entry: sheets_selectors.TableEntry, entered_at_table: set[int]) -> Left:
    """The reason a table not signed by everyone is left (by its board state)."""
    number, state = table.number, entry.state
    if state == table_entry.DISPUTED:
        return Left(number, DISPUTED, ", ".join(entry.progress.disputed))
    if state == table_entry.TABLE_ENTERED:
        done, of = len(entry.progress.confirmed), len(entry.progress.required)
        return Left(number, UNSIGNED, f"{done}/{of}")
    if state == table_entry.ENTERED:
        return Left(number, CHANGED if table.pk in entered_at_table else AT_DESK)
    reasons = {
        table_entry.CLARIFICATION: CLARIFICATION,
        table_entry.CONFIRMED: CONFIRMED,
        table_entry.MISSING: MISSING,
    }
    return Left(number, reasons[state])


@transaction.atomic
@tournament_write
def sheets_confirm_signed(*, rnd: Round, user) -> SignedTakeOver:
    """Confirm, as ``user`` (the desk's second pair of eyes), every sheet of the round that its
    table signed: entered at the table, confirmed there by every table-mate who must sign,
    disputed by nobody, unchanged since. The rest is left as it is, each table with its reason.

    Refused as a whole (nothing written) for anyone but the tournament's desk and directors
    (PermissionDenied), for a finished tournament, a round not released yet or published.
    """
    locked = Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)
    tournament = locked.tournament
    permissions.require(
        permissions.can_work_desk(user, tournament), _("Only the desk and the director.")
    )
    require_not_finished(tournament)
    if locked.status == RoundStatus.DRAWN:
        raise ValidationError(_("The pairing of this round is not released yet."))
    if locked.status == RoundStatus.PUBLISHED:
        raise ValidationError(_("This round is already published."))
    # Every sheet write locks the round first (sheets.locks), so nothing of the round changes
    # from here on; its sheets are locked as well, in one order.
    list(
        ResultSheet.objects.select_for_update()
        .filter(round=locked)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    absent = sheets_selectors.absent_letters(locked)
    entered_at_table = sheets_selectors.tables_entered_at_table(locked)
    confirmed: list[int] = []
    left: list[Left] = []
    for table in sheets_selectors.desk_tables(locked):
        entry = sheets_selectors.table_entry_of(table, absent.get(table.pk, set()))
        if entry.state != table_entry.SIGNED:
            left.append(_left(table, entry, entered_at_table))
            continue
        signed = ", ".join(entry.progress.confirmed)
        try:
            sheet_services.sheet_confirm(
                sheet=table.sheet,
                expected_version=entry.version.number,  # exactly the version the table signed
                user=user,
                # The paper's facts as the one-click confirmation prefills them: who entered
                # at the table, and signed by all (every table-mate confirmed, Klub 10.4).
                paper=(entry.entered_by, True),
                reason=_(
                    "Confirmed at the table by %(letters)s; taken over by the desk in one pass."
                )
                % {"letters": signed},
            )
        except ValidationError as exc:  # its own savepoint is rolled back; the others go on
            left.append(Left(table.number, REFUSED, " ".join(exc.messages)))
        else:
            confirmed.append(table.number)
    return SignedTakeOver(confirmed=tuple(confirmed), left=tuple(left))
