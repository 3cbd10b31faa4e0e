"""Live screens by polling with cheap revalidation (issue #15.5).

A live region polls its page (htmx, `static/js/live.js`) and sends the ETag it was rendered
under in `If-None-Match`. While the tournament's version is unchanged the answer is
**304 Not Modified**: no template, no session write, and no database query while this process's
version memo is fresh (`events.public_generation`: one indexed query per process and second at
most). Only a change (a `PublicChange` committed, a desk stamp set after commit) lets the poll
through to the view, which for anonymous visitors is mostly a page from the public cache. So 500
open phones cost one render per change. Without JavaScript nothing polls: the pages are plain,
reloadable pages.

Polls are answered at the top of the middleware (`LivePollMiddleware`, issue 32.3): before
sessions, language, CSRF and authentication touch the request, a poll whose tag is still current
gets its 304 from the URL's live view settings alone.

The ETag holds the public version (from the database: a Redis back from an older snapshot
cannot bring back an old tag); viewers with a session (staff see drafts and full names) also
get the desk stamp (from the cache) and a MAC over their session cookie, so a 304 of a staff
screen is given only to the session that was shown the page after its permission check.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.http import HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.crypto import salted_hmac
from django.utils.http import parse_etags

from tournaments.common import events, metrics
from tournaments.common.early import EarlyAnswerMiddleware


def etag(request, tournament_id: int, *, desk: bool = False) -> str | None:
    """The ETag of this viewer's live screens of a tournament now; None for a viewer with a
    session while the cache is down (the desk stamp is unknown)."""
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    if desk and not session:
        return None  # a staff screen: no 304 (nor a guessable tag) without a session
    desk = desk or bool(session)
    found = events.generations(tournament_id, desk=desk)
    if not all(found):
        return None
    tag = ".".join(str(n) for n in (tournament_id, *found))
    if session:
        mac = salted_hmac("tournaments.live", f"{tag}|{session}").hexdigest()[:16]
        tag = f"{tag}.{mac}"
    return f'W/"{tag}"'


def _unchanged(request, tag: str) -> bool:
    if not request.headers.get("HX-Request"):
        return False  # a navigation always gets the page (with its messages)
    return tag in parse_etags(request.headers.get("If-None-Match", ""))


def _mark(response, tag: str) -> None:
    response["ETag"] = tag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("HX-Request", "HX-Target"))


def live_view(*, desk: bool = False):
    """Answer an htmx poll of this tournament view (``pk`` in the URL) with 304 while nothing
    changed; mark every other GET answer with the ETag it was made under (read BEFORE the
    view renders: content is never older than its tag). ``desk``: a staff view showing desk
    data (sheet states): the desk generation is part of the tag, and only a session's own
    tag (after the view's permission check) gets a 304. Put it outside `login_required`.

    Put it outside `public_page`: a 304 must not even ask the page cache. The view finds
    the tag in ``request.live_etag`` (templates put it in ``data-live-etag``).
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method != "GET":
                return view(request, *args, **kwargs)
            tag = etag(request, kwargs["pk"], desk=desk)
            request.live_etag = tag or ""
            if tag and _unchanged(request, tag):  # the tag changed while the request came down
                return _not_modified(tag)
            metrics.live_poll(not_modified=False)
            response = view(request, *args, **kwargs)
            if tag and response.status_code == 200:
                _mark(response, tag)
            return response

        wrapper.live_desk = desk  # read by LivePollMiddleware (kept by outer decorators)
        return wrapper

    return decorator


def _not_modified(tag: str):
    metrics.live_poll(not_modified=True)
    response = HttpResponseNotModified()
    _mark(response, tag)
    return response


class LivePollMiddleware(EarlyAnswerMiddleware):
    """An htmx poll with an `If-None-Match` of a live view (`live_view`) whose tag is still
    current gets its 304 here, high in the stack: no session loaded, no language chosen, no
    CSRF cookie, no user; the view's own check answers polls this one lets through."""

    def wanted(self, request) -> bool:
        return (
            request.method == "GET"
            and "HTTP_IF_NONE_MATCH" in request.META
            and "HTTP_HX_REQUEST" in request.META
        )

    def answer(self, request, match):
        return _early(request, match)


def _early(request, match):
    desk = getattr(match.func, "live_desk", None)
    pk = match.kwargs.get("pk")
    if desk is None or not isinstance(pk, int):
        return None
    tag = etag(request, pk, desk=desk)
    if tag and _unchanged(request, tag):
        request.resolver_match = match  # the log line and the metrics name the view
        return _not_modified(tag)
    return None
