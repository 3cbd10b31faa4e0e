"""The summary after a pass (issue 28.4), in both languages: what was taken over, then every
table left, grouped by its reason, what needs the desk first."""

from django.utils import translation

from tournaments.sheets.signed.services import Left, SignedTakeOver
from tournaments.sheets.signed.views import summary

EVERY_REASON = SignedTakeOver(
    confirmed=(1, 4),
    left=(
        Left(2, "disputed", "C"),
        Left(3, "unsigned", "2/3"),
        Left(5, "changed"),
        Left(6, "at_desk"),
        Left(7, "clarification"),
        Left(8, "confirmed"),
        Left(9, "missing"),
        Left(10, "missing"),
        Left(11, "refused", "Tisch 11: Der Bogen passt nicht zu den fehlenden Spielern."),
        Left(12, "disputed", "A, B"),
    ),
)


def lines(language: str, result: SignedTakeOver) -> list[tuple[str, str]]:
    with translation.override(language):
        return summary(result)


def test_every_reason_in_german():
    assert lines("de", EVERY_REASON) == [
        ("success", "Als bestätigt übernommen: 2 Blätter, Tische 1, 4."),
        (
            "warning",
            "Nicht übernommen, Einspruch am Tisch (auf der Bogenseite den Papierbogen blind "
            "nachtippen): Tische 2 (C), 12 (A, B).",
        ),
        (
            "error",
            "Tisch 11 nicht übernommen: Tisch 11: Der Bogen passt nicht zu den fehlenden Spielern.",
        ),
        (
            "warning",
            "Nicht übernommen, am Orgatisch nach der Eingabe am Tisch geändert (für eine zweite "
            "Person auf der Bogenseite): Tisch 5.",
        ),
        ("info", "Nicht übernommen, noch nicht von allen am Tisch bestätigt: Tisch 3 (2/3)."),
        ("info", "Nicht übernommen, Klärung nötig: Tisch 7."),
        (
            "info",
            "Nicht übernommen, am Orgatisch erfasst (für eine zweite Person auf der Bogenseite): "
            "Tisch 6.",
        ),
        ("info", "Noch kein Blatt: Tische 9, 10."),
        ("info", "Bereits bestätigt, unverändert: Tisch 8."),
    ]


def test_every_reason_in_english():
    assert lines("en", EVERY_REASON) == [
        ("success", "Taken over as confirmed: 2 sheets, tables 1, 4."),
        (
            "warning",
            "Not taken over, disputed at the table (re-type the paper blind on the sheet page): "
            "tables 2 (C), 12 (A, B).",
        ),
        (
            "error",
            "Table 11 not taken over: Tisch 11: Der Bogen passt nicht zu den fehlenden Spielern.",
        ),
        (
            "warning",
            "Not taken over, changed at the desk since the table's entry (for a second person on "
            "the sheet page): table 5.",
        ),
        ("info", "Not taken over, not confirmed by everyone at the table yet: table 3 (2/3)."),
        ("info", "Not taken over, clarification needed: table 7."),
        (
            "info",
            "Not taken over, entered at the desk (for a second person on the sheet page): table 6.",
        ),
        ("info", "No sheet yet: tables 9, 10."),
        ("info", "Already confirmed, unchanged: table 8."),
    ]


def test_one_sheet_and_nothing_to_take_over():
    assert lines("de", SignedTakeOver(confirmed=(3,), left=())) == [
        ("success", "Als bestätigt übernommen: das Blatt von Tisch 3.")
    ]
    assert lines("en", SignedTakeOver(confirmed=(), left=(Left(1, "missing"),))) == [
        ("info", "No sheet taken over: none is confirmed by everyone at its table."),
        ("info", "No sheet yet: table 1."),
    ]
