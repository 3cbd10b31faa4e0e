"""No German text outside the catalogues (issue 17): every user-visible string in `players/`,
`ranking/`, `config/` and the rules core `tournaments/domain/` is an English msgid passed to a
gettext call (or the core's `N_` marker), and its German lives in `locale/de`.

The check reads the sources with `ast`: a string constant that looks German (umlauts, ß, or common
German words) and is not an argument of a marking call is a finding. Docstrings are documentation
(English, quoting the German rules where they cite them) and are not looked at. True non-UI strings
are allowed below, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARKERS = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
    "N_",
}
GERMAN_WORDS = (
    "der die das dem den des und oder nicht ist sind wird werden wurde wurden ein eine einen "
    "einem einer eines kein keine keinen keinem mit für auf bei zum zur vom von nach bitte muss "
    "müssen kann können gibt noch schon nur auch hat haben Sie Ihr Ihre Ihren Ihnen sich wer "
    "hier dieser diese dieses dieses im ins aus bis zwischen gleich ohne pro je Spiel Spiele "
    "Spieler Spielerin Runde Runden Tisch Tische Turnier Turniere Platz Plätze Punkte Regel "
    "Gewinner Bogen Zeile Einspruch Korrektur Entscheidung Begründung Unbekannte Unbekannter "
    "Unbekanntes Ungültige Ungültiger Fehler Minuten Sekunden Kategorie Finale Finalrunde "
    "Vorrunden Kalender Anmeldung gestrichen zählt Ranglisten Ersatzspieler Nord Ost West Guten "
    "Grund Erfolg Benutzer Passwort"
).split()
GERMAN = re.compile(r"[äöüÄÖÜß]|\b(?:" + "|".join(map(re.escape, GERMAN_WORDS)) + r")\b")
SOURCES = ("players/**/*.py", "ranking/**/*.py", "config/*.py", "tournaments/domain/**/*.py")

#: (file, the German string) -> why it is not a user-visible text
ALLOWED = {
    ("ranking/privacy/services.py", "[gelöscht auf Antrag der Person]"): (
        "written into an erased appeal's stored text (a record, not a page text)"
    ),
    ("tournaments/domain/names.py", "äÄ"): "DIN 5007 folding table (letters, not text)",
    ("tournaments/domain/names.py", "öÖ"): "DIN 5007 folding table (letters, not text)",
    ("tournaments/domain/names.py", "üÜ"): "DIN 5007 folding table (letters, not text)",
    ("tournaments/domain/names.py", "ß"): "DIN 5007 folding table (letters, not text)",
    ("tournaments/domain/clubs.py", "ä"): "a club's slug spells umlauts out (letters, not text)",
    ("tournaments/domain/clubs.py", "ö"): "a club's slug spells umlauts out (letters, not text)",
    ("tournaments/domain/clubs.py", "ü"): "a club's slug spells umlauts out (letters, not text)",
    ("tournaments/domain/clubs.py", "ß"): "a club's slug spells umlauts out (letters, not text)",
}
#: files that are not the site's texts at all
SKIPPED_FILES = {
    "ranking/simulation/demo.py": (
        "demo data (an appeal typed by a simulated German player) and the seed command's list "
        "of demo log-ins, written like tournaments/simulation/seed.py's"
    ),
    "ranking/simulation/bulkdata.py": "benchmark data",
    "config/msgid_switch.py": "the one-off program that switched the msgids (tests its own)",
}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        # attribute docstrings: a string expression right after an assignment
        if hasattr(node, "body") and isinstance(node.body, list):
            for before, after in zip(node.body, node.body[1:], strict=False):
                if (
                    isinstance(before, ast.Assign | ast.AnnAssign)
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    found.add(id(after.value))
    return found


def _marked(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in MARKERS:
                for arg in node.args:
                    found.update(id(n) for n in ast.walk(arg))
    return found


def unmarked_german(source: str) -> list[tuple[int, str]]:
    """(line, text) of every German-looking string constant not passed to a marking call."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _marked(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and GERMAN.search(node.value)
    ]


def _files() -> list[Path]:
    files = {p for pattern in SOURCES for p in ROOT.glob(pattern)}
    return sorted(p for p in files if "migrations" not in p.parts)


def test_the_check_finds_an_unmarked_german_error():
    source = (
        "from django.utils.translation import gettext as _\n"
        "def f():\n"
        '    """Prüft etwas."""\n'
        '    ok = _("This is fine.")\n'
        '    raise ValidationError("Das geht nicht")\n'
    )
    assert unmarked_german(source) == [(5, "Das geht nicht")]
    assert unmarked_german('x = f"Tisch {n} ist voll."') == [(1, "Tisch "), (1, " ist voll.")]
    assert unmarked_german('x = N_("Table %(n)s is full.")') == []


def test_no_unmarked_german_in_ranking_config_and_the_rules_core():
    findings = []
    for path in _files():
        name = path.relative_to(ROOT).as_posix()
        if name in SKIPPED_FILES:
            continue
        for line, text in unmarked_german(path.read_text(encoding="utf-8")):
            if (name, text) not in ALLOWED:
                findings.append(f"{name}:{line}: {text!r}")
    assert findings == []


def test_every_allowance_is_still_needed():
    """An allowance whose string is gone (or now marked) is dropped, so the list stays honest."""
    used = set()
    for path in _files():
        name = path.relative_to(ROOT).as_posix()
        for _line, text in unmarked_german(path.read_text(encoding="utf-8")):
            used.add((name, text))
    assert sorted(set(ALLOWED) - used) == []
