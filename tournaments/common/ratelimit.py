"""Fixed-window counters in the shared cache: pages anyone may open without an account (the
table's entry page, issue #15.1; sign-up and password reset, issue #30) limit how often a client
may guess or write.

A hall of phones may share one address (the venue's Wi-Fi), so callers count failures per
address and writes per table, never every request. When the cache is down (the breaker is
open), each process counts for itself in memory: the limits get looser by the number of
processes, never switched off. Keys start with `public:` like the page cache, so whatever clears
that (tests, operators) clears these too.
"""

from __future__ import annotations

import threading
import time

from django.conf import settings
from django.core.cache import cache

from tournaments.common import breaker

#: most windows one process keeps in memory while the cache is down; past that the oldest go
LOCAL_KEYS = 10_000


class _LocalCounters:
    """Fixed windows in this process: key -> (count, expires at on the monotonic clock)."""

    def __init__(self) -> None:
        self._windows: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()

    def count(self, key: str) -> int:
        with self._lock:
            count, until = self._windows.get(key, (0, 0.0))
            return count if until > time.monotonic() else 0

    def hit(self, key: str, window: int) -> int:
        now = time.monotonic()
        with self._lock:
            count, until = self._windows.get(key, (0, 0.0))
            if until <= now:
                if len(self._windows) >= LOCAL_KEYS:
                    self._prune(now)
                count, until = 0, now + window
            self._windows[key] = (count + 1, until)
            return count + 1

    def _prune(self, now: float) -> None:
        live = {k: v for k, v in self._windows.items() if v[1] > now}
        if len(live) >= LOCAL_KEYS:  # all live: keep the newer half
            newest = sorted(live.items(), key=lambda item: item[1][1])[LOCAL_KEYS // 2 :]
            live = dict(newest)
        self._windows = live

    def clear(self) -> None:
        with self._lock:
            self._windows.clear()


_local = _LocalCounters()


def forget_local() -> None:
    """Drop this process's counters (tests)."""
    _local.clear()


def _key(scope: str, ident: str) -> str:
    return f"public:limit:{scope}:{ident}"


def count(scope: str, ident: str) -> int:
    """How often ``ident`` was counted in ``scope`` in the current window."""
    key = _key(scope, ident)
    try:
        shared = int(breaker.call(cache.get, key, 0, what="limit") or 0)
    except breaker.CacheUnavailable:
        return _local.count(key)
    except (TypeError, ValueError):
        shared = 0
    return max(shared, _local.count(key))


def hit(scope: str, ident: str, *, window: int) -> int:
    """Count once more; the window starts with the first hit. Returns the new count (from this
    process's own counters while the cache is down)."""
    key = _key(scope, ident)
    try:
        if breaker.call(cache.add, key, 1, timeout=window, what="limit"):
            return max(1, _local.count(key))
        try:
            return max(int(breaker.call(cache.incr, key, what="limit")), _local.count(key))
        except ValueError:  # expired between add and incr
            breaker.call(cache.add, key, 1, timeout=window, what="limit")
            return max(1, _local.count(key))
    except breaker.CacheUnavailable:
        return _local.hit(key, window)


def exceeded(scope: str, ident: str, *, limit: int) -> bool:
    return count(scope, ident) >= limit


def client_address(request) -> str:
    """The client's address as the log-in throttle reads it: REMOTE_ADDR, or with n proxies in
    front (AXES_IPWARE_PROXY_COUNT) the n-th address from the right of X-Forwarded-For."""
    proxies = getattr(settings, "AXES_IPWARE_PROXY_COUNT", None)
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [address for address in forwarded if address]
    if proxies and len(forwarded) >= proxies:
        return forwarded[-proxies][:64]
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64]
