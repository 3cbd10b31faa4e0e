"""Fixed-window counters in the shared cache: pages anyone may open without an account (the
table's entry page, issue #15.1) limit how often a client may guess or write.

A hall of phones may share one address (the venue's Wi-Fi), so callers count failures per
address and writes per table, never every request. When the cache is down, nothing is limited:
the site keeps working. Keys start with `public:` like the page cache, so whatever clears that
(tests, operators) clears these too.
"""

from __future__ import annotations

import contextlib

from django.conf import settings
from django.core.cache import cache

from tournaments.common import breaker


def _key(scope: str, ident: str) -> str:
    return f"public:limit:{scope}:{ident}"


def count(scope: str, ident: str) -> int:
    """How often ``ident`` was counted in ``scope`` in the current window."""
    try:
        return int(breaker.call(cache.get, _key(scope, ident), 0, what="limit") or 0)
    except (breaker.CacheUnavailable, TypeError, ValueError):
        return 0


def hit(scope: str, ident: str, *, window: int) -> int:
    """Count once more; the window starts with the first hit. Returns the new count (0 when
    the cache is down)."""
    key = _key(scope, ident)
    with contextlib.suppress(breaker.CacheUnavailable):
        if breaker.call(cache.add, key, 1, timeout=window, what="limit"):
            return 1
        try:
            return int(breaker.call(cache.incr, key, what="limit"))
        except ValueError:  # expired between add and incr
            breaker.call(cache.add, key, 1, timeout=window, what="limit")
            return 1
    return 0


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
