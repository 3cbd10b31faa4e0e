"""Whole-response cache for anonymous visitors of public pages, built once per generation.

After a round is published, hundreds of phones ask for the same standings at once. Each
tournament has a version (`events.public_generation`, read from the database) that every change
to its public data moves on when it commits; it is part of the key, so a publication or
correction invalidates every cached page of that tournament at once, on every server sharing
the cache (Redis), and a cache that goes back in time can only miss.
Logged-in users (staff see drafts and full names) always get a fresh page. If the cache is
down, pages are served uncached.

Single flight (issue 14): of the requests that miss the same key, only the one that wins a short
lock in the cache (`cache.add`: SET NX in Redis, locked in local memory) renders; the others
poll the cache until the page is there. So a page variant is rendered at most once per
generation, also while the Celery warm-up (`tournaments.tasks`) renders it.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotAllowed
from django.utils.cache import patch_vary_headers
from django.utils.text import compress_string
from django.utils.translation import get_language

from tournaments.common import breaker, events, metrics
from tournaments.common.spliced import SplicedResponse, accepts_gzip

log = logging.getLogger(__name__)

T = TypeVar("T")

_KEPT_HEADERS = ("Content-Type", "Content-Disposition")
#: a renderer holds the lock at most this long (then another may take over)
LOCK_SECONDS = 20
#: a waiting request polls this long before it renders on its own
WAIT_SECONDS = 10.0
_POLL_FIRST, _POLL_MAX = 0.005, 0.05
#: values kept in this process as well (``local=True``): how many, how long
LOCAL_ITEMS, LOCAL_SECONDS = 64, 60.0
_local: OrderedDict[str, tuple[float, object]] = OrderedDict()
_local_lock = threading.Lock()


def _local_get(key: str):
    with _local_lock:
        found = _local.get(key)
        if found is None:
            return None
        if found[0] < time.monotonic():
            del _local[key]
            return None
        _local.move_to_end(key)
        return found[1]


def _local_set(key: str, value) -> None:
    with _local_lock:
        _local[key] = (time.monotonic() + LOCAL_SECONDS, value)
        _local.move_to_end(key)
        while len(_local) > LOCAL_ITEMS:
            _local.popitem(last=False)


def forget_local() -> None:
    """Drop the values kept in this process (tests: ids and versions start again)."""
    with _local_lock:
        _local.clear()


def _get(key: str):
    try:
        return breaker.call(cache.get, key, what="read")
    except breaker.CacheUnavailable:
        return None


def _set(key: str, value, timeout: int) -> None:
    with contextlib.suppress(breaker.CacheUnavailable):
        breaker.call(cache.set, key, value, timeout=timeout, what="write")


def _lock(key: str) -> bool | None:
    """True: we render; False: someone else does; None: the cache is down."""
    try:
        return breaker.call(cache.add, f"{key}:lock", 1, timeout=LOCK_SECONDS, what="lock")
    except breaker.CacheUnavailable:
        return None


def _locked(key: str) -> bool:
    try:
        return breaker.call(cache.get, f"{key}:lock", what="lock") is not None
    except breaker.CacheUnavailable:
        return False


def _unlock(key: str) -> None:
    with contextlib.suppress(breaker.CacheUnavailable):
        breaker.call(cache.delete, f"{key}:lock", what="unlock")


def cached_once(
    key: str,
    build: Callable[[], T],
    *,
    timeout: int,
    keep: Callable[[T], bool] = lambda value: True,
    local: bool = False,
) -> tuple[T, str]:
    """The cached value of ``key``, else ``build()`` run by one caller at a time (single flight).

    Returns the value and how it was obtained: "hit", "wait" (another request built it while
    we waited) or "miss" (built here). ``keep`` says whether a built value may be cached (an
    error page may not); ``build`` must not return None.

    ``local`` also keeps the value in this process for a minute, unpickled: for values that
    never change under their key (the key holds the generation) and are read on every request,
    such as the standings data a live search filters.
    """
    if local:
        value = _local_get(key)
        if value is not None:
            return value, "hit"
    value, state = _cached_once(key, build, timeout=timeout, keep=keep)
    if local and keep(value):
        _local_set(key, value)
    return value, state


def _cached_once(key: str, build, *, timeout: int, keep) -> tuple:
    value = _get(key)
    if value is not None:
        return value, "hit"
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        got = _lock(key)
        if got is None:  # cache down: every request renders on its own
            return build(), "miss"
        if got:
            try:
                value = _get(key)  # stored between our miss and our lock
                if value is not None:
                    return value, "wait"
                value = build()
                if keep(value):
                    _set(key, value, timeout)
                return value, "miss"
            finally:
                _unlock(key)
        pause = _POLL_FIRST
        while time.monotonic() < deadline:
            time.sleep(pause)
            pause = min(pause * 2, _POLL_MAX)
            value = _get(key)
            if value is not None:
                return value, "wait"
            if not _locked(key):
                break  # the renderer is done but kept nothing (e.g. a 404): try to take over
        else:
            log.warning("waited %.0f s for %s; rendering without the lock", WAIT_SECONDS, key)
            return build(), "miss"


CSRF_FIELD = b'name="csrfmiddlewaretoken"'

KEYED_PARAMS = ("nach_runde", "q", "spieler", "ansicht", "tisch", "seite", "alle")
"""The query parameters a cached public page reads. Only these enter the key: any other query
string (``?x=1``, ``?x=2``, …) is the same page, so random URLs cannot fill the cache."""


KEYED_TARGETS = (
    "standings-table", "live-standings", "live-results", "live-pairing", "screen",
    "ranking-table", "ranking-status",
)  # fmt: skip
"""htmx targets a cached page renders a partial of: each is its own variant (a live poll of the
standings must not be served the search's table partial); any other target is the plain one."""


def _key(request, generation: str) -> str:
    # an empty value is the page without it (a live poll sends the empty search field: q=)
    known = [(n, request.GET[n][:100]) for n in KEYED_PARAMS if request.GET.get(n)]
    canonical = request.path + "?" + "&".join(f"{n}={v}" for n, v in known)
    path = hashlib.sha256(canonical.encode()).hexdigest()[:32]
    partial = "full"
    if request.headers.get("HX-Request"):
        target = request.headers.get("HX-Target", "")
        partial = f"htmx-{target}" if target in KEYED_TARGETS else "htmx"
    # One render per language (LocaleMiddleware chose it from the cookie or Accept-Language).
    language = get_language() or settings.LANGUAGE_CODE
    return f"public:page:{generation}:{partial}:{language}:{path}"


def page_key(
    request,
    *,
    scope: str,
    pk: int | None = None,
    version: Callable[[dict], str | None] | None = None,
    kwargs: dict | None = None,
) -> str | None:
    """The cache key of this request's page now, or None when the page is not to be cached.
    ``version`` (given the view's ``kwargs``) names the page's own version instead of a scope."""
    if version is not None:
        tag = version(kwargs or {})
        return _key(request, tag) if tag else None
    if scope == "all":
        generation = events.global_generation()
        tag = f"all{generation}"
    else:
        generation = events.public_generation(pk)
        tag = f"t{pk}.{generation}"
    return _key(request, tag) if generation else None


#: every page's ``uncached_params``: a request with one of them (a live search) goes past the
#: early path without resolving its URL there (`public_early`)
UNCACHED_PARAMS: set[str] = set()


@dataclass(frozen=True)
class PageSpec:
    """How `public_page` caches a view; kept on the view (``view.public_page``, through outer
    decorators) for `tournaments.common.public_early`, which serves its hits early."""

    scope: str
    uncached_params: tuple[str, ...]
    version: Callable[[dict], str | None] | None

    def uncached(self, request) -> bool:
        """A request answered by the view directly (e.g. a live search)."""
        return any(request.GET.get(name) for name in self.uncached_params)

    def key(self, request, kwargs: dict) -> str | None:
        return page_key(
            request, scope=self.scope, pk=kwargs.get("pk"), version=self.version, kwargs=kwargs
        )


def stored_page(key: str) -> tuple | None:
    """The stored page under ``key`` (this process's copy, else the shared cache's), or None:
    a read only, no lock and no render (`public_page` renders what is missing)."""
    value = _local_get(key)
    if value is None:
        value = _get(key)
        if not isinstance(value, tuple):
            return None
        _local_set(key, value)
    return value


def serve_stored(request, value: tuple, state: str) -> HttpResponse:
    """The response of a stored page: its gzip bytes to clients that accept them (else
    unpacked), its kept headers, ``X-Public-Cache: state``."""
    compressed, headers = value
    if accepts_gzip(request):
        response = HttpResponse(compressed)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(compressed))
    for name, header in headers.items():
        response[name] = header
    return _served(response, state)


def _served(response, state: str):
    patch_vary_headers(response, ("Accept-Encoding",))
    response["X-Public-Cache"] = state
    metrics.public_cache_outcome(state)
    return response


def _own_text(response) -> bytes:
    """What the view rendered itself (of a spliced answer: not its stored pieces)."""
    if isinstance(response, SplicedResponse):
        return response.rendered.encode()
    return response.content


def _packed(request, response):
    """A long uncached answer (a search over 400 rows) gzip-compressed, quickly (level 1), for
    clients that accept it. (The query is echoed, but the only secret a page may hold, the CSRF
    token, is masked anew for every response: nothing for BREACH to guess.)"""
    if (
        response.status_code == 200
        and not response.streaming
        and not response.has_header("Content-Encoding")  # compressed already (`spliced`)
        and len(response.content) > 2000
        and accepts_gzip(request)
    ):
        response.content = gzip.compress(response.content, compresslevel=1, mtime=0)
        response["Content-Encoding"] = "gzip"
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def public_page(
    *,
    scope: str = "tournament",
    uncached_params: tuple[str, ...] = (),
    version: Callable[[dict], str | None] | None = None,
):
    """Cache a GET view for anonymous users; ``scope`` "tournament" keys on ``pk``, "all" on the
    global generation (pages listing every tournament); ``version``, given the view's keyword
    arguments, returns the page's own version instead (None: not cached); other methods than
    GET and HEAD get 405. The header ``X-Public-Cache`` says
    "hit", "wait" (rendered meanwhile by another request) or "miss" (rendered here).

    Pages are stored gzip-compressed (once per render) and served so to every client that
    accepts it: a phone downloads a tenth of a long table and the cache moves a tenth of the
    bytes. (No secret is in these pages: they are the same for every anonymous visitor.) A
    page once read is also kept in this process for a minute (the version in its key comes
    from the database, so a publication retires it everywhere within a second).
    A request with one of ``uncached_params`` (e.g. a live search, computed from cached data)
    is answered by the view directly (compressed if long) and not stored.
    An anonymous visitor's hit is mostly served before the session and the language middleware
    (`tournaments.common.public_early`), with the same headers and bytes.
    """
    spec = PageSpec(scope=scope, uncached_params=uncached_params, version=version)
    UNCACHED_PARAMS.update(uncached_params)

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD"):
                # Read-only pages; a POST would be rendered cold, past the cache, for anyone.
                return HttpResponseNotAllowed(["GET", "HEAD"])
            seconds = settings.PUBLIC_CACHE_SECONDS
            if request.method != "GET" or request.user.is_authenticated or seconds <= 0:
                return view(request, *args, **kwargs)
            if spec.uncached(request):
                return _packed(request, view(request, *args, **kwargs))
            key = spec.key(request, kwargs)
            if key is None:
                return view(request, *args, **kwargs)
            rendered = []

            def render():
                response = view(request, *args, **kwargs)
                rendered.append(response)
                if response.status_code != 200 or response.streaming:
                    return response  # served as it is, never cached
                if hasattr(response, "render") and not response.is_rendered:
                    response.render()
                if CSRF_FIELD in _own_text(response):
                    return response  # a visitor's own CSRF token must never be served to others
                headers = {h: response[h] for h in _KEPT_HEADERS if h in response}
                if response.get("Content-Encoding") == "gzip":  # spliced: stored as it is
                    return (response.content, headers)
                return (compress_string(response.content), headers)

            value, state = cached_once(
                key, render, timeout=seconds, keep=lambda v: isinstance(v, tuple), local=True
            )
            if not isinstance(value, tuple):
                return value
            if state != "miss":
                return serve_stored(request, value, state)
            return _served(rendered[-1], state)

        wrapper.public_page = spec  # read by public_early (kept by outer decorators)
        return wrapper

    return decorator
