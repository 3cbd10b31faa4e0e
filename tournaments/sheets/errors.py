"""The sheet services' refusals that carry more than a message: a conflict with the version
somebody else saved, and a blind re-typing of the paper that differs from the entry."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournaments.domain import table_entry
from tournaments.models import ResultSheet, SheetVersion


class SheetConflict(ValidationError):
    """Somebody else saved this sheet since the form was opened."""

    def __init__(self, sheet: ResultSheet, expected: int):
        self.sheet = sheet
        self.expected = expected
        super().__init__(
            f"Konflikt: Der Bogen von Tisch {sheet.table.number} wurde inzwischen von "
            f"{_who(sheet.current)} gespeichert (Version {sheet.version}, Ihre Vorlage war "
            f"Version {expected}). Bitte beide Fassungen vergleichen.",
            code="conflict",
        )


def _who(version: SheetVersion | None) -> str:
    if version is None or version.created_by is None:
        return "jemand anderem"
    return version.created_by.get_username()


class SheetMismatch(ValidationError):
    """The figures re-typed blind from the paper differ from the entry: nothing is confirmed;
    ``differences`` lists them cell by cell (game, seat, entered value, paper value)."""

    def __init__(self, differences: list[table_entry.Difference], retyped: list[dict]):
        self.differences = differences
        self.retyped = retyped
        super().__init__(
            f"Die nachgetippten Zahlen weichen an {len(differences)} Stelle(n) von der Erfassung "
            "ab. Bitte den Papierbogen prüfen, dann korrigieren (mit Grund) oder „Klärung nötig“ "
            "setzen.",
            code="mismatch",
        )
