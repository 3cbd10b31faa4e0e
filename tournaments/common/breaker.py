"""A circuit breaker for the shared cache: a Redis that is down or hanging is asked once per
process and pause, not by every request (issue #19.3).

Each call is bounded by the socket timeout (`config.redis`); after a failure the cache is left
alone for `PAUSE_SECONDS`: public pages are rendered uncached and generation bumps are recorded
in the database (`events`) until a call succeeds again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TypeVar

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
