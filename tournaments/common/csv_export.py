"""CSV for Excel without formula injection (OWASP "CSV Injection"): the one writer of every export.

A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, tab or carriage return as a
formula, so a player named `=HYPERLINK(…)` would become a link or a command on the federation's
computers. Text cells with such a start get a leading apostrophe (shown as text, not run);
numbers stay numbers, so a negative game-point total is still a number in Excel.
"""

from __future__ import annotations

import csv
import re
from decimal import Decimal
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A plain number written as text (German decimal comma or a point): never a formula.
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def safe_cell(value: Any) -> Any:
    """The cell as Excel should see it: numbers unchanged, dangerous text behind an apostrophe."""
    if value is None or isinstance(value, int | float | Decimal):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


class SafeWriter:
    """`csv.writer` whose rows pass through `safe_cell`."""

    def __init__(self, out, **options):
        self._writer = csv.writer(out, **options)

    def writerow(self, row) -> None:
        self._writer.writerow([safe_cell(value) for value in row])

    def writerows(self, rows) -> None:
        for row in rows:
            self.writerow(row)


def excel_writer(out) -> SafeWriter:
    """Semicolons and CRLF, as German Excel opens them; the caller writes the BOM first."""
    return SafeWriter(out, delimiter=";", lineterminator="\r\n")


def excel_download(filename: str) -> tuple[HttpResponse, SafeWriter]:
    """A CSV attachment for Excel (UTF-8 with its BOM, `excel_writer`) and its writer."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # Excel opens UTF-8 with the BOM
    return response, excel_writer(response)
