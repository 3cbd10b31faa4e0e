"""Live screens by polling with cheap revalidation (issue #15.5).

A live region polls its page (htmx, `static/js/live.js`) and sends the ETag it was rendered
under in `If-None-Match`. While the tournament's version is unchanged the answer is
**304 Not Modified**: no template, no session write, and no database query while this process's
version memo is fresh (`events.live_generation`: one indexed query per process and quarter
second at most). Only a change (a `PublicChange` committed, a desk stamp set after commit) lets
the poll through to the view, which for anonymous visitors is mostly a page from the public
cache. So 500 open phones cost one render per change. Without JavaScript nothing polls: the
pages are plain, reloadable pages.

Polls are answered in front of Django (`LivePollApp`, the WSGI application of config/wsgi.py,
issue 32.3): a poll whose tag is still current gets its 304 from the URL's live view settings
alone, before Django builds a request, runs a middleware or writes a log line; only the
`drv_live_polls_total` metric counts it (nginx's access log has it too). Half of an idle
screen's cost on the server was Django's request handling around the 304.

The ETag holds the public version (from the database: a Redis back from an older snapshot
cannot bring back an old tag); viewers with a session (staff see drafts and full names) also
get the desk stamp (from the cache) and a MAC over their session cookie, so a 304 of a staff
screen is given only to the session that was shown the page after its permission check.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpResponseNotModified
from django.http.cookie import parse_cookie
from django.http.request import split_domain_port, validate_host
from django.urls import Resolver404, resolve
from django.utils.cache import patch_vary_headers
from django.utils.crypto import salted_hmac
from django.utils.http import parse_etags

from tournaments.common import events, metrics


def etag(request, tournament_id: int, *, desk: bool = False) -> str | None:
    """The ETag of this viewer's live screens of a tournament now; None for a viewer with a
    session while the cache is down (the desk stamp is unknown)."""
    session = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    return _tag(tournament_id, session=session, desk=desk)


def _tag(tournament_id: int, *, session: str, desk: bool) -> str | None:
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

        wrapper.live_desk = desk  # read by LivePollApp (kept by outer decorators)
        return wrapper

    return decorator


def _not_modified(tag: str):
    metrics.live_poll(not_modified=True)
    response = HttpResponseNotModified()
    _mark(response, tag)
    return response


class LivePollApp:
    """The WSGI application: an htmx poll of a live view (`live_view`) with an `If-None-Match`
    still current gets its 304 here, before Django's handler; everything else goes on to
    Django. What a 304 must respect is checked here too: the host (ALLOWED_HOSTS) and HTTPS
    where the site redirects to it; a poll that fails a check goes on and gets Django's answer."""

    ROUTES_KEPT = 4096  # paths remembered (a memo of the URL resolver), then forgotten

    def __init__(self, app):
        self.app = app
        self._routes: dict[str, tuple[bool, int] | None] = {}

    def __call__(self, environ, start_response):
        if (
            environ.get("REQUEST_METHOD") == "GET"
            and "HTTP_IF_NONE_MATCH" in environ
            and "HTTP_HX_REQUEST" in environ
        ):
            tag = self._current_tag(environ)
            if tag is not None and tag in parse_etags(environ["HTTP_IF_NONE_MATCH"]):
                metrics.live_poll(not_modified=True)
                start_response("304 Not Modified", _headers(tag))
                return []
        return self.app(environ, start_response)

    def _current_tag(self, environ) -> str | None:
        route = self._route(environ.get("PATH_INFO", ""))
        if route is None or not _host_allowed(environ) or not _scheme_allowed(environ):
            return None
        desk, pk = route
        cookies = environ.get("HTTP_COOKIE", "")
        session = ""
        if settings.SESSION_COOKIE_NAME in cookies:
            session = parse_cookie(cookies).get(settings.SESSION_COOKIE_NAME, "")
        try:
            return _tag(pk, session=session, desk=desk)
        except DatabaseError:
            # Outside Django's request cycle nobody else drops a broken connection: drop it,
            # and let Django answer (it connects afresh).
            connection.close()
            return None

    def _route(self, path: str) -> tuple[bool, int] | None:
        """(desk, tournament id) of a live view's URL; None for any other path."""
        try:
            return self._routes[path]
        except KeyError:
            pass
        route = None
        if path.isascii():
            try:
                match = resolve(path)
            except Resolver404:
                match = None
            desk = getattr(match.func, "live_desk", None) if match else None
            pk = match.kwargs.get("pk") if match else None
            if desk is not None and isinstance(pk, int):
                route = (desk, pk)
        if len(self._routes) >= self.ROUTES_KEPT:
            self._routes.clear()
        self._routes[path] = route
        return route


def _headers(tag: str) -> list[tuple[str, str]]:
    """The headers `_mark` gives a 304 of the view (the same answer by either path)."""
    return [
        ("ETag", tag),
        ("Cache-Control", "no-cache"),
        ("Vary", "HX-Request, HX-Target, Accept-Language"),  # as LocaleMiddleware adds
        ("Content-Length", "0"),
    ]


def _host_allowed(environ) -> bool:
    """Django's own check (`HttpRequest.get_host`): a host it would refuse gets its 400."""
    host = environ.get("HTTP_HOST") or environ.get("SERVER_NAME", "")
    domain, _port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


def _scheme_allowed(environ) -> bool:
    """Where the site sends HTTP to HTTPS, a poll over plain HTTP gets Django's redirect."""
    if not settings.SECURE_SSL_REDIRECT or environ.get("wsgi.url_scheme") == "https":
        return True
    header = settings.SECURE_PROXY_SSL_HEADER
    if not header:
        return False
    name, secure = header
    return environ.get(name, "").split(",")[0].strip() == secure
