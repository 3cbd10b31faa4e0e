"""A circuit breaker for the shared cache: a Redis that is down or hanging is asked once per
process and pause, not by every request (issue #19.3).

Each call is bounded by the socket timeout (`config.redis`); after a failure the cache is left
alone for `PAUSE_SECONDS`: public pages are rendered uncached and no task is queued (`publish`;
the periodic sweeps pick the work up) until a call succeeds again. The versions of the public
pages come from the database (`events.public_generation`), so nothing is owed to the cache.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from celery import current_app

log = logging.getLogger(__name__)

T = TypeVar("T")

PAUSE_SECONDS = 10.0
_state = {"open_until": 0.0}
_lock = threading.Lock()


class CacheUnavailable(Exception):
    """The cache failed just now or is paused after a failure."""


def is_open() -> bool:
    """True while the cache is left alone after a failure."""
    return time.monotonic() < _state["open_until"]


def reset() -> None:
    """Close the breaker (tests; a process that knows the cache is back)."""
    with _lock:
        _state["open_until"] = 0.0


def call(fn: Callable[..., T], *args, what: str, **kwargs) -> T:
    """``fn(*args, **kwargs)`` against the cache, or CacheUnavailable at once while paused."""
    if is_open():
        raise CacheUnavailable(what)
    try:
        return fn(*args, **kwargs)
    except Exception as exc:
        with _lock:
            _state["open_until"] = time.monotonic() + PAUSE_SECONDS
        log.warning("cache unavailable (%s); left alone for %.0f s", what, PAUSE_SECONDS)
        raise CacheUnavailable(what) from exc


#: a publish that fails on a stale connection (Redis restarted) is tried once more at once
PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}


def publish(task: str, *args, **kwargs) -> bool:
    """Queue the Celery task named ``task`` with ``args`` and ``kwargs``; False if it was not
    queued (logged).

    The broker is the same Redis as the cache: while the breaker is open nothing is sent (the
    callers' sweeps pick the work up later), and a publish that fails opens it, so a write
    after which several tasks are queued waits for a hanging Redis once, not once per task
    (issue 30.7). In eager mode (no broker: tests, `make run`) the task runs here; its
    failure is logged and does not open the breaker.
    """

    def send():
        current_app.signature(task).apply_async(
            args=args, kwargs=kwargs, retry=True, retry_policy=PUBLISH_RETRY
        )

    if is_open():
        log.warning("task %s%r not queued: Redis did not answer just now", task, args)
        return False
    if current_app.conf.task_always_eager:
        try:
            send()
        except Exception:
            log.warning("task %s%r failed", task, args, exc_info=True)
            return False
        return True
    try:
        call(send, what=f"publish {task}")
    except CacheUnavailable:
        log.warning("task %s%r not queued: Redis does not answer", task, args, exc_info=True)
        return False
    return True
