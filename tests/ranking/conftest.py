"""Fixtures for the ranking tests: tournaments played through the real services."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from ranking.domain.appeals import BERLIN
from tests.support import builders
from tests.support.celery import celery_conf

END = date(2026, 6, 7)
IN_TIME = datetime(2026, 6, 21, 23, 59, 59, tzinfo=BERLIN)
"""The last second of the 14 days for appeals after a tournament that ended on END (Klub 3)."""


@pytest.fixture
def field(db):
    """Sixteen registry players: enough for two tables and a second tournament."""
    return builders.make_players(16)


@pytest.fixture
def ranked(director, desk_user, field):
    """A finished city championship (12 players, random sheets, seed 5), ranking computed."""
    from ranking.compute import services as compute

    t = builders.play_tournament(
        director=director, desk=desk_user, players=field, end=END, count=12, seed=5
    )
    compute.ranking_recompute_year(year=2026)
    return t


@pytest.fixture
def finished(director, desk_user, field):
    """A city championship (8 players, 3 rounds of the fixed sheet) that ended on END."""
    return builders.play_tournament(director=director, desk=desk_user, players=field, end=END)


@pytest.fixture
def player_user(field):
    """An account of the first player (field[0])."""
    return builders.make_player_account("spieler-konto", field[0])


@pytest.fixture
def appeal(finished, player_user, field):
    """The first player's appeal about round 1, table 1, game 1, filed in time."""
    return builders.make_appeal(user=player_user, tournament=finished, player=field[0], now=IN_TIME)


@pytest.fixture
def eager_celery():
    """Tasks run in-process (also in CI run 2, where a real worker would use another database)."""
    with celery_conf(task_always_eager=True, task_eager_propagates=True) as app:
        yield app
