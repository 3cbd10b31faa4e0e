"""The allow-list contract of `make lint` (config/import_contracts.py): an app may import of another
only what is listed as its public surface; a new module is private until someone lists it."""

import grimp
import pytest

from config.import_contracts import AllowListContract

IMPORTS = [
    ("ranking.views", "tournaments.models"),
    ("ranking.views", "tournaments.rounds.selectors"),
    ("ranking.views", "tournaments.domain.pairing.search"),
    ("ranking.sim.run", "tournaments.sim.play"),
    ("tournaments.rounds.selectors", "tournaments.rounds.helpers"),  # inside the app: its own
]


def _graph(*extra):
    graph = grimp.ImportGraph()
    for importer, imported in [*IMPORTS, *extra]:
        for module in (importer, imported):
            parts = module.split(".")
            for depth in range(1, len(parts) + 1):  # packages too, as in a real tree
                graph.add_module(".".join(parts[:depth]))
        graph.add_import(importer=importer, imported=imported, line_number=3, line_contents="")
    return graph


def _contract():
    return AllowListContract(
        name="allow-list",
        session_options={},
        contract_options={
            "source_modules": ["ranking"],
            "target_package": "tournaments",
            "allowed_modules": [
                "tournaments.models",
                "tournaments.*.selectors",
                "tournaments.domain.**",
            ],
            "ignore_imports": ["ranking.sim.** -> tournaments.sim.**"],
        },
    )


def test_imports_of_the_public_surface_keep_the_contract():
    check = _contract().check(_graph(), verbose=False)
    assert (check.kept, check.metadata["illegal"], check.ignored_import_count) == (True, [], 1)


@pytest.mark.parametrize(
    "imported",
    [
        "tournaments.rounds.helpers",
        "tournaments.rounds.views",
        "tournaments.models_extra",
        "tournaments",
    ],
)
def test_an_import_of_anything_unlisted_breaks_it(imported):
    check = _contract().check(_graph(("ranking.views", imported)), verbose=False)
    assert (check.kept, check.metadata["illegal"]) == (False, [("ranking.views", imported, [3])])
