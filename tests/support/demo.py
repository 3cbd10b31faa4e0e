"""The demo world (`seed_demo`) for the browser tests, seeded once per test process.

Seeding plays whole tournaments (~8 s); the pages under test only read them. On SQLite the
first seed of a size is copied aside with SQLite's own backup API and copied back for the next
test that asks for the same size (the transactional tests flush the database after each test).
Any other back end seeds each time.
"""

import sqlite3

from django.core.management import call_command
from django.db import connection

_SEEDED: dict[int, sqlite3.Connection] = {}


def seed_demo(*, players: int) -> None:
    """The database holds exactly what `seed_demo --players N --force` leaves in an empty one."""
    if connection.vendor != "sqlite":
        call_command("seed_demo", players=players, force=True)
        return
    connection.ensure_connection()
    copy = _SEEDED.get(players)
    if copy is not None:
        copy.backup(connection.connection)
        return
    call_command("seed_demo", players=players, force=True)
    copy = sqlite3.connect(":memory:", check_same_thread=False)
    connection.connection.backup(copy)
    _SEEDED[players] = copy
