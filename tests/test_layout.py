"""The house layout (issue 12): areas as packages, modules split by meaning, URL map unchanged
by refactors."""

import warnings
from pathlib import Path

from tests.support.routes import url_routes

ROOT = Path(__file__).resolve().parents[1]
LOOSE_MODULES_ALLOWED = {
    "__init__.py",
    "apps.py",
    "admin.py",
    "enums.py",
    "models.py",
    "permissions.py",
    "urls.py",
    "tasks.py",
    "signals.py",
    "receivers.py",
}
WARN_LINES = 400
MAX_LINES = 600


class LongModuleWarning(UserWarning):
    """A module over WARN_LINES lines: look whether it holds two things (see the test)."""


def _modules():
    for app in ("tournaments", "players", "ranking"):
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_no_module_over_600_lines_and_a_warning_over_400():
    """A long module is fine when it is one thing (one algorithm, one family of models, one
    area's writes): modules are split by meaning, never by count. Over 400 lines the summary
    names the module (a nudge to look whether it holds two things); over 600 lines fails."""
    lengths = {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
        for p in _modules()
    }
    long = {path: n for path, n in sorted(lengths.items()) if n > WARN_LINES}
    if long:
        names = ", ".join(f"{path} ({n})" for path, n in long.items())
        warnings.warn(
            LongModuleWarning(
                f"Modules over {WARN_LINES} lines, fine if each is one thing: {names}"
            ),
            stacklevel=1,
        )
    assert {path: n for path, n in long.items() if n > MAX_LINES} == {}


def test_apps_hold_packages_not_loose_modules():
    loose = sorted(
        f"{app}/{p.name}"
        for app in ("tournaments", "players", "ranking")
        for p in (ROOT / app).glob("*.py")
        if p.name not in LOOSE_MODULES_ALLOWED
    )
    assert loose == []


def test_url_names_and_paths_match_the_recorded_map():
    """A refactor keeps every URL; a new or changed URL updates url_map.txt on purpose."""
    recorded = (Path(__file__).parent / "url_map.txt").read_text(encoding="utf-8").splitlines()
    assert sorted(f"{name}\t{route}" for name, route in url_routes()) == sorted(recorded)
