"""CSV formula injection (OWASP): one writer for every export, numbers stay numbers."""

import csv
import io
import re
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.common.csv_export import excel_writer, safe_cell

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("+49 170 123", "'+49 170 123"),
        ("-1+2", "'-1+2"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\tcmd", "'\tcmd"),
        ("\r=1", "'\r=1"),
        ("-", "'-"),
        ("Müller, Anna", "Müller, Anna"),
        ("1. Plätze", "1. Plätze"),
        ("", ""),
        ("-37", "-37"),  # a number written as text is still a number
        ("+5", "+5"),
        ("-0,75", "-0,75"),
        (-37, -37),
        (0, 0),
        (2.5, 2.5),
        (Decimal("-1.25"), Decimal("-1.25")),
        (None, None),
    ],
)
def test_safe_cell(value, expected):
    assert safe_cell(value) == expected


def test_excel_writer_writes_numbers_as_numbers_and_formulas_as_text():
    out = io.StringIO()
    excel_writer(out).writerow(["=1+1", -12, "Klub", "@A1"])
    assert out.getvalue() == "'=1+1;-12;Klub;'@A1\r\n"
    assert next(csv.reader(io.StringIO(out.getvalue()), delimiter=";")) == [
        "'=1+1",
        "-12",
        "Klub",
        "'@A1",
    ]


def test_every_csv_export_uses_the_safe_writer():
    """A new export that writes with csv.writer directly would skip the apostrophe."""
    writers = re.compile(r"csv\.(writer|DictWriter)\(")
    offenders = [
        str(path.relative_to(ROOT))
        for package in ("tournaments", "players", "ranking", "config")
        for path in (ROOT / package).rglob("*.py")
        if writers.search(path.read_text(encoding="utf-8"))
        and path != ROOT / "tournaments" / "common" / "csv_export.py"
    ]
    assert offenders == []
