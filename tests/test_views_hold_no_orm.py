"""Views and API endpoints call selectors and services only (issue 12, item 3).

Parses every views and API module of every app and fails on a query built there: an access to
`.objects`, a call of a queryset method, or `get_object_or_404` (object lookups by URL id live in
each area's access.py, those of several areas in tournaments/common/access.py). Dict methods such
as `.values()` and `.get()` are not flagged.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("tournaments", "players", "ranking")
QUERYSET_METHODS = frozenset(
    {
        "filter",
        "exclude",
        "select_related",
        "prefetch_related",
        "annotate",
        "aggregate",
        "values_list",
        "order_by",
    }
)


def _view_modules() -> list[Path]:
    """views.py / api.py of every area, every module of a views/ or api/ package, the template
    tags (they run inside the views' rendering)."""
    found = set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            parts = path.relative_to(ROOT).parts
            packages = set(parts[:-1])
            if path.name in ("views.py", "api.py") or packages & {"views", "api", "templatetags"}:
                found.add(path)
    return sorted(found)


def orm_uses(source: str) -> list[str]:
    """`line: what` for each query built in the source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "objects":
            found.append(f"{node.lineno}: .objects")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in QUERYSET_METHODS:
                found.append(f"{node.lineno}: .{func.attr}()")
            elif isinstance(func, ast.Name) and func.id == "get_object_or_404":
                found.append(f"{node.lineno}: get_object_or_404()")
    return sorted(found, key=lambda item: (int(item.split(":")[0]), item))


def test_every_views_and_api_module_is_checked():
    names = {str(path.relative_to(ROOT)) for path in _view_modules()}
    assert {
        "tournaments/setup/views.py",
        "tournaments/registration/views.py",
        "tournaments/sheets/views.py",
        "tournaments/referees/views/access.py",
        "tournaments/referees/views/pages.py",
        "tournaments/api/endpoints.py",
        "ranking/commission/views.py",
        "ranking/public/views.py",
        "ranking/public/api.py",
        "tournaments/templatetags/referee_tags.py",
    } <= names


def test_orm_uses_finds_queries_and_leaves_dict_methods_alone():
    source = (
        "def view(request, pk):\n"
        "    player = Player.objects.filter(pk=pk).first()\n"
        "    rows = tournament.rounds.exclude(status='drawn').order_by('number')\n"
        "    counts = {'a': 1}.values()\n"
        "    return get_object_or_404(Round, pk=pk), filter(None, rows), request.GET.get('q')\n"
    )
    assert orm_uses(source) == [
        "2: .filter()",
        "2: .objects",
        "3: .exclude()",
        "3: .order_by()",
        "5: get_object_or_404()",
    ]


@pytest.mark.parametrize("path", _view_modules(), ids=lambda path: str(path.relative_to(ROOT)))
def test_views_hold_no_orm(path):
    assert orm_uses(path.read_text(encoding="utf-8")) == []
