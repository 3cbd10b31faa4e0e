"""Fixtures for the ranking tests: tournaments played through the real services."""

from __future__ import annotations

from datetime import date

import pytest

from tests.support import builders
from tests.support.celery import celery_conf


@pytest.fixture
def field(db):
    """Sixteen registry players: enough for two tables and a second tournament."""
    return builders.make_players(16)


@pytest.fixture
def ranked(director, desk_user, field):
    """A finished city championship (12 players, random sheets, seed 5), ranking computed."""
    from ranking.compute import services as compute

    t = builders.play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 6, 7), count=12, seed=5
    )
    compute.ranking_recompute_year(year=2026)
    return t


@pytest.fixture
def eager_celery():
    """Tasks run in-process (also in CI run 2, where a real worker would use another database)."""
    with celery_conf(task_always_eager=True, task_eager_propagates=True) as app:
        yield app
