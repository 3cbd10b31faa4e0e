"""A world built once for a whole test module and rolled back after it.

Each test of the module still runs in its own savepoint (pytest-django's `db`), so what a test
writes is gone before the next one; the world itself is built once instead of once per test.
Only for tests that never commit (no live server, no `transaction=True`)."""

from __future__ import annotations

from contextlib import contextmanager

from django.db import transaction
from django.test import override_settings


@contextmanager
def rolled_back_world(django_db_blocker, tmp_path_factory):
    """Database access for a module-scoped fixture: the settings the per-test fixtures of
    tests/conftest.py would give (fast passwords, a small pairing search, a throw-away media
    folder), one transaction around the block, rolled back at its end."""
    fast = override_settings(
        MEDIA_ROOT=tmp_path_factory.mktemp("media"),
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        PAIRING_SEARCH_ITERATIONS=2000,
        PAIRING_SEARCH_BEAM=200,
    )
    with django_db_blocker.unblock(), fast, transaction.atomic():
        yield
        transaction.set_rollback(True)
