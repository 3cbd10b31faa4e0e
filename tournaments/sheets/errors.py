"""The sheet services' refusals that carry more than a message: a conflict with the version
somebody else saved, and a blind re-typing of the paper that differs from the entry."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.domain import table_entry
from tournaments.models import ResultSheet, SheetVersion


class SheetConflict(ValidationError):
    """Somebody else saved this sheet since the form was opened."""

    def __init__(self, sheet: ResultSheet, expected: int):
        self.sheet = sheet
        self.expected = expected
        super().__init__(
            _(
                "Conflict: the sheet of table %(table)s has meanwhile been saved by %(who)s "
                "(version %(version)s, your copy was version %(expected)s). Please compare both "
                "versions."
            )
            % {
                "table": sheet.table.number,
                "who": _who(sheet.current),
                "version": sheet.version,
                "expected": expected,
            },
            code="conflict",
        )


def _who(version: SheetVersion | None) -> str:
    if version is None or version.created_by is None:
        return _("somebody else")
    return version.created_by.get_username()


class SheetMismatch(ValidationError):
    """The figures re-typed blind from the paper differ from the entry: nothing is confirmed;
    ``differences`` lists them cell by cell (game, seat, entered value, paper value)."""

    def __init__(self, differences: list[table_entry.Difference], retyped: list[dict]):
        self.differences = differences
        self.retyped = retyped
        super().__init__(
            _(
                "The re-typed figures differ from the entry in %(count)s place(s). Please check "
                "the paper sheet, then correct (with a reason) or set “Clarification needed”."
            )
            % {"count": len(differences)},
            code="mismatch",
        )
