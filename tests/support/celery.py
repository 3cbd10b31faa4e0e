"""Changing the Celery app's configuration for a block of a test."""

from __future__ import annotations

from contextlib import contextmanager

from config.celery import app as celery_app


@contextmanager
def celery_conf(**changes):
    """Change the Celery app's config for a block (the app caches settings at first use), and
    drop its connection pools so a changed broker URL is really used."""
    old = {key: celery_app.conf.get(key) for key in changes}
    celery_app.conf.update(**changes)
    _reset_pools()
    try:
        yield celery_app
    finally:
        celery_app.conf.update(**old)
        _reset_pools()


def _reset_pools() -> None:
    """Forget the app's cached pools (kombu keeps one per broker URL; none is closed here)."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
