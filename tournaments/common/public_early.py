"""Stored public pages served high in the middleware (issue 32.2).

A hit of the public page cache (`public_cache.public_page`) for an anonymous visitor is the same
bytes for everyone: this middleware, placed before sessions, language, CSRF, users and messages,
answers it with one read of this process's copy (or of Redis) and nothing else that the trivial
view would not do either. What the full path would add, it adds the same way: the language is
chosen by `LocaleMiddleware`'s own `process_request` (the cookie, else Accept-Language: one
stored page per language), the live region's ETag is read before the page's key (as `live_view`
does: content is never older than its tag), and the inner middlewares' headers come from their
own `process_response` (X-Frame-Options, Content-Length, Content-Language, Vary). The headers
and bytes equal the full path's (tests/tournaments/common/test_public_early.py).

Everything else goes on down the stack: other methods, a visitor with a session cookie (may be
logged in: staff see drafts and full names), a request the page answers uncached (a live
search), a page not stored yet (the full path renders it once, single flight), a poll whose
tag is still current (its 304 is `LivePollApp`'s and the view's).
"""

from __future__ import annotations

from django.conf import settings
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.common import CommonMiddleware
from django.middleware.locale import LocaleMiddleware
from django.utils.cache import patch_vary_headers

from tournaments.common import live, metrics
from tournaments.common.early import EarlyAnswerMiddleware
from tournaments.common.public_cache import UNCACHED_PARAMS, serve_stored, stored_page


def _unused(request):  # the inner middlewares' get_response: never called here
    raise AssertionError("public_early calls only process_request/process_response")


_locale = LocaleMiddleware(_unused)
# inner to outer, as the full path's responses pass them (XFrame, Common, Locale; Session last)
_inner = (XFrameOptionsMiddleware(_unused), CommonMiddleware(_unused), _locale)


class PublicPageMiddleware(EarlyAnswerMiddleware):
    def wanted(self, request) -> bool:
        return (
            request.method == "GET"
            and settings.PUBLIC_CACHE_SECONDS > 0
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            # a live search is answered uncached by its view: no resolving the URL twice
            and not any(request.GET.get(name) for name in UNCACHED_PARAMS)
        )

    def answer(self, request, match):
        return _early(request, match)


def _early(request, match):
    spec = getattr(match.func, "public_page", None)
    desk = getattr(match.func, "live_desk", None)
    if spec is None or desk or spec.uncached(request):
        return None
    request.get_host()  # a host not allowed: DisallowedHost (400), as on the full path
    _locale.process_request(request)
    tag = None
    if desk is not None:  # a live view: its tag before the page's key (see live_view)
        tag = live.etag(request, match.kwargs["pk"])
        if tag and live._unchanged(request, tag):
            return None  # the tag moved on under LivePollApp: the view answers 304
    key = spec.key(request, match.kwargs)
    value = stored_page(key) if key else None
    if value is None:
        return None
    request.resolver_match = match  # the log line and the metrics name the view
    response = serve_stored(request, value, "hit")
    if desk is not None:
        metrics.live_poll(not_modified=False)
        if tag:
            live._mark(response, tag)
    for middleware in _inner:
        response = middleware.process_response(request, response)
    patch_vary_headers(response, ("Cookie",))  # SessionMiddleware: the page read the user
    return response
