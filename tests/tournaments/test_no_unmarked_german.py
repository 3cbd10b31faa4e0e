"""No German text in tournaments/ Python code that bypasses the catalogues (issue 17.1).

msgids are English; the German a user reads comes from the `de` catalogue. A German string
constant outside a gettext call reaches an English visitor in German, so this test reads every
module of `tournaments/` with `ast` and lists each string constant (f-string parts included) that
looks German - an umlaut, ß or „, or a common German word - and is not the msgid (or context) of
a gettext call. Not read: `domain/` (pure Python, its labels are translated where shown),
`migrations/`, `management/commands/` (operator output), `simulation/` (test data).
Skipped by structure: docstrings and other bare string statements, log messages (operators read
them), and URL patterns (addresses, not text). Everything else that must stay German is listed
in ALLOWED with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tournaments"
NOT_READ = (
    "tournaments/domain/",
    "/migrations/",
    "/management/commands/",
    "tournaments/simulation/",
)

#: gettext functions and how many leading arguments are msgids or contexts
GETTEXT = {
    "_": 1,
    "gettext": 1,
    "gettext_lazy": 1,
    "gettext_noop": 1,
    "ngettext": 2,
    "ngettext_lazy": 2,
    "pgettext": 2,
    "pgettext_lazy": 2,
    "npgettext": 3,
    "npgettext_lazy": 3,
}
LOGGERS = {"log", "logger", "logging"}
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical"}
URL_PATTERNS = {"path", "re_path"}

GERMAN_LETTERS = re.compile(r"[äöüÄÖÜß„]")
#: a lower-case word without spaces is taken for code (a key, query parameter, slug, file name)
IDENTIFIER = re.compile(r"[a-z0-9_\-#.?/:=]*")
#: words that are German and not English, in any case ("die", "an", "in", "am" are both)
GERMAN_WORDS = frozenset(
    """
    der das den dem des ein eine einen einem einer eines und oder nicht ist sind wurde wurden
    werden wird kein keine keinen keiner noch schon bereits nur auch bei mit vom zum zur nach
    seit bis durch gegen ohne auf aus im ins zu sich sie ihr ihre wir uns hier dort jetzt erst
    muss kann darf soll haben gibt wenn dann als wie wer bitte danke unbekannt unbekannte
    gespeichert angemeldet abgemeldet geöffnet geschlossen neu neue ja nein
    """.split()
)
#: German nouns (capitalised, as German writes them) and the words built on them
GERMAN_NOUNS = re.compile(
    r"(Turnier|Spieler|Runde|Tisch|Anmeld|Schiedsricht|Mannschaft|Verwarn|Entscheid|Rangliste"
    r"|Ergebnis|Paarung|Ersatzspiel|Zuordnung|Einspruch|Gast|Aktion|Verband|Datei|Zeile|Spalte"
    r"|Bogen|Seite|Fehler|Feld|Spiel|Karte|Uhr|Zeit|Vorname|Nachname|Verein|Ort|Datum|Punkte"
    r"|Platz|Wertung|Ruf|Namen|Grund|Fassung|Gleichstand)[a-zäöüß]*"
)

#: (module, string) -> why it stays German
ALLOWED = {
    ("tournaments/calendar/feeds.py", "-//Deutscher Rummikub Verband//Turniere//DE"): (
        "iCalendar PRODID: an identifier, never shown"
    ),
    **{
        (
            "tournaments/enums.py",
            group,
        ): "auth group name stored in the database; its label is translated"
        for group in (
            "Verbandsadministration",
            "Turnierleitung",
            "Schiedsrichter",
            "Hauptschiedsrichter",
            "Regelkommission",
        )
    },
    ("tournaments/privacy/services.py", "Gelöschte Person"): (
        "pseudonym written into the erased player's row: data, the same for every reader"
    ),
    ("tournaments/privacy/services.py", "[gelöscht]"): "written into the merge log row: data",
    ("tournaments/setup/services.py", " – Junioren"): (
        "part of the junior field's stored tournament name: a name, not a sentence"
    ),
    **{
        ("tournaments/registry/services.py", word): (
            "a word the CSV import accepts in German files (input, not output)"
        )
        for word in ("name veröffentlichen", "veröffentlichen", "öffentlich")
    },
    **{
        ("tournaments/results/selectors.py", part): (
            "a line of `manage.py check_scored_lines` (operator output)"
        )
        for part in (
            "), Runde ",
            ", Tisch ",
            " Zeilen fehlen oder weichen ab, ",
            " gespeicherte sind überzählig oder falsch.",
        )
    },
    **{
        ("tournaments/standings/snapshots.py", part): (
            "a line of `manage.py check_standings_snapshots` (operator output)"
        )
        for part in (
            "nicht mehr veröffentlicht",
            "in älterer Form gespeichert",
            "Turnier ",
            ", Rangliste nach ",
            ", Platzierungen nach der neuesten Runde: ",
            "der neuesten Runde",
            "Runde ",
            "öffentlich",
            "gespeichert weicht ab in „",
            "“",
            "gespeichert weicht ab",
            "volle Namen",
        )
    },
}


def looks_german(text: str) -> bool:
    if GERMAN_LETTERS.search(text):
        return True
    if IDENTIFIER.fullmatch(text):
        return False
    words = re.findall(r"[A-Za-z]+", text)
    return any(w.lower() in GERMAN_WORDS or GERMAN_NOUNS.fullmatch(w) for w in words)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _exempt(tree: ast.AST) -> set[int]:
    """Ids of the constants that are msgids, docstrings, log messages or URL patterns."""
    exempt: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            exempt.add(id(node.value))  # docstrings and attribute docstrings
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in GETTEXT:
            exempt.update(id(a) for a in node.args[: GETTEXT[name]])
        is_log = (
            isinstance(node.func, ast.Attribute)
            and node.func.attr in LOG_METHODS
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in LOGGERS
        )
        if (is_log or name in URL_PATTERNS) and node.args:
            exempt.update(id(n) for n in ast.walk(node.args[0]))
    return exempt


def unmarked_german(source: str, module: str) -> list[str]:
    tree = ast.parse(source)
    exempt = _exempt(tree)
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in exempt
            and (module, node.value) not in ALLOWED
            and looks_german(node.value)
        ):
            found.append(f"{module}:{node.lineno}: {node.value!r}")
    return found


def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(ROOT).as_posix()
        if not any(part in module for part in NOT_READ):
            out.append((module, path))
    return out


def test_no_user_visible_german_outside_the_catalogues():
    found = []
    for module, path in _modules():
        found += unmarked_german(path.read_text(encoding="utf-8"), module)
    assert found == [], "mark these with gettext (English msgid, German in the de catalogue):\n" + (
        "\n".join(found)
    )


def test_every_allowance_still_exists():
    """An allowance whose string is gone would hide the next German string of that text."""
    texts: dict[str, set[str]] = {}
    for module, path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        texts[module] = {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
    stale = sorted(key for key in ALLOWED if key[1] not in texts.get(key[0], set()))
    assert stale == []


def test_a_new_german_message_is_caught():
    source = (
        "from django.core.exceptions import ValidationError\n"
        "from django.utils.translation import gettext as _\n"
        "def refuse():\n"
        '    """Das ist ein Docstring."""\n'
        '    log.warning("Turnier %s nicht gespeichert", 1)\n'
        '    ok = _("The table is full.")\n'
        '    raise ValidationError("Das geht nicht")\n'
        "def table(n):\n"
        '    return f"Tisch {n} ist voll"\n'
    )

    assert unmarked_german(source, "tournaments/x/services.py") == [
        "tournaments/x/services.py:7: 'Das geht nicht'",
        "tournaments/x/services.py:9: 'Tisch '",
        "tournaments/x/services.py:9: ' ist voll'",
    ]


def test_english_text_and_code_are_not_taken_for_german():
    assert not looks_german("Please choose a player from the search.")
    assert not looks_german("text/csv; charset=utf-8")
    assert not looks_german("select_related")
    assert looks_german("Änderungen gespeichert.")
    assert looks_german("Bitte einen Grund angeben.")
    assert looks_german("Unbekannte Aktion.")
    assert looks_german("Tisch ")
    assert not looks_german("tisch-fail")  # a key
    assert not looks_german(' id="spieler-')  # markup
