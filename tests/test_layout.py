"""The house layout (issue 12): areas as packages, small files, URL map unchanged by refactors."""

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
MAX_LINES = 400


def _modules():
    for app in ("tournaments", "ranking"):
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_no_module_over_400_lines():
    long = {
        str(p.relative_to(ROOT)): n
        for p in _modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_apps_hold_packages_not_loose_modules():
    loose = sorted(
        f"{app}/{p.name}"
        for app in ("tournaments", "ranking")
        for p in (ROOT / app).glob("*.py")
        if p.name not in LOOSE_MODULES_ALLOWED
    )
    assert loose == []


def test_url_names_and_paths_match_the_recorded_map():
    """A refactor keeps every URL; a new or changed URL updates url_map.txt on purpose."""
    recorded = (Path(__file__).parent / "url_map.txt").read_text(encoding="utf-8").splitlines()
    assert sorted(f"{name}\t{route}" for name, route in url_routes()) == sorted(recorded)
