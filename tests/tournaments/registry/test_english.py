"""The CSV import's findings in both languages (issue 17.1)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.registry.services import RowError, players_csv_preview

pytestmark = pytest.mark.django_db

CSV = (
    "Mitgliedsnummer;Nachname;Vorname;Geburtsjahr\r\n"
    "DRV-1;Müller;Jürgen;19x0\r\n"
    "DRV-2;=HYPERLINK();Anna;\r\n"
).encode()


def test_row_errors_in_english_and_in_german():
    with translation.override("en"):
        english = players_csv_preview(content=CSV).errors
    german = players_csv_preview(content=CSV).errors

    assert english == [
        RowError(2, "Year of birth “19x0” is not a year between 1900 and 2100."),
        RowError(
            3,
            "Last name “=HYPERLINK()” starts with “=”; names, club and town must not start "
            "with =, +, - or @ (Excel would run them as a formula).",
        ),
    ]
    assert german == [
        RowError(2, "Geburtsjahr „19x0“ ist keine Jahreszahl zwischen 1900 und 2100."),
        RowError(
            3,
            "Nachname „=HYPERLINK()“ beginnt mit „=“; Namen, Verein und Ort dürfen nicht mit "
            "=, +, - oder @ beginnen (Excel würde sie als Formel ausführen).",
        ),
    ]


def test_a_missing_column_in_english():
    with translation.override("en"):
        errors = players_csv_preview(content=b"Nachname;Vorname\r\nA;B\r\n").errors

    assert errors == [RowError(1, "Required column “Mitgliedsnummer” is missing.")]
