"""A released round of eight (two tables) with its desk, for the table's phone pages."""

import pytest

from tests.support.builders import make_released_round, make_user


@pytest.fixture
def table_world(director, players):
    desk = make_user("orga")
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=3, desk=[desk]
    )
    return {"t": tournament, "round": rnd, "desk": desk, "director": director}
