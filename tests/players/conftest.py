"""Fixtures for the players' tests: the ranking tests' played tournaments, accounts and appeal
(a player's data export and e-mails also read the ranking's rows)."""

from tests.ranking.conftest import (  # noqa: F401 (fixtures)
    appeal,
    eager_celery,
    field,
    finished,
    player_user,
)
