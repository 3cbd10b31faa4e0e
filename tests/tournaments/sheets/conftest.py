"""The desk's world of the sheet tests: a released round of eight players with its desk person."""

import pytest

from tests.support.builders import make_released_round, make_user


@pytest.fixture
def desk_round(director, players) -> dict:
    """Round 1 released (seed 3), the desk person "orga"; tables by number."""
    desk = make_user("orga")
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=3, desk=[desk]
    )
    tables = {t.number: t for t in rnd.tables.all()}
    return {"t": tournament, "round": rnd, "desk": desk, "director": director, "tables": tables}
