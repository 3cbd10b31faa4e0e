"""After a publication or a release: render the pages the rush asks for before it comes.

Run by the Celery task `tournaments.warm_public_pages` after commit. Each page is requested as
an anonymous visitor would, through Django's middleware, so it is cached under the very key a
visitor's request looks up; the single flight of `public_cache` makes the task and visitors
render each page at most once per generation, and a second run finds everything cached.
"""

from __future__ import annotations

import io
import logging

from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest
from django.urls import reverse
from django.utils import translation

from tournaments.common import events
from tournaments.pages import selectors as pages_selectors
from tournaments.rounds import selectors as rounds_selectors
from tournaments.standings.selectors import published_round_numbers
from tournaments.standings.snapshots import standings_snapshots_store

log = logging.getLogger(__name__)

_handler: WSGIHandler | None = None


def _host() -> str:
    """A host name the site answers to (the first allowed one without a wildcard)."""
    for host in settings.ALLOWED_HOSTS:
        if host and "*" not in host:
            return host.lstrip(".")
    return "localhost"


def _get(path: str, *, target: str = "") -> str:
    """GET ``path`` as an anonymous visitor (as htmx's poll of the live region ``target``, if
    given); the page cache's verdict (hit, wait, miss)."""
    global _handler
    if _handler is None:
        _handler = WSGIHandler()
    host = _host()
    environ = {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": host,
        "SERVER_PORT": "443",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": host,
        "HTTP_X_FORWARDED_PROTO": "https",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "https",
        "wsgi.input": io.BytesIO(b""),
    }
    if target:
        environ["HTTP_HX_REQUEST"] = "true"
        environ["HTTP_HX_TARGET"] = target
    # not response.close(): that would end the caller's request (signals, DB connection);
    # the override gives an eager caller (a director's request) its own language back after
    # LocaleMiddleware activated the default one for this visitor
    with translation.override(settings.LANGUAGE_CODE):
        response = _handler.get_response(WSGIRequest(environ))
    return response.get("X-Public-Cache", str(response.status_code))


def warm_paths(tournament_id: int) -> list[tuple[str, str]]:
    """The pages (path, live region polled or "") players open after a release or
    publication: the tournament, its standings, the hall display, the newest round's results
    and pairing, and the live polls of the open ones (issue #15.5)."""
    tournament = pages_selectors.public_tournament(tournament_id, fields=("pk", "status"))
    if tournament is None:
        return []
    standings, hall = (reverse(n, args=[tournament.pk]) for n in ("standings", "hall_display"))
    paths = [
        (reverse("tournament_public", args=[tournament.pk]), ""),
        (standings, ""),
        (standings, "live-standings"),
        (hall, ""),
        (hall, "screen"),
    ]
    published = published_round_numbers(tournament)
    if published:
        results = reverse("round_results", args=[tournament.pk, published[-1]])
        paths += [(results, ""), (results, "live-results")]
    current = rounds_selectors.current_public_round(tournament)
    if current is not None:
        for name in ("pairing_by_name", "pairing_by_table"):
            paths.append((reverse(name, args=[tournament.pk, current.number]), ""))
        if current.number > 1:  # the previous round's "Mein Tisch" pages learn of this one
            previous = reverse("pairing_by_name", args=[tournament.pk, current.number - 1])
            paths.append((previous, "live-pairing"))
    return paths


def public_pages_warm(*, tournament_id: int) -> list[tuple[str, str]]:
    """Render (or find cached) each page of `warm_paths`; (path, verdict) per page. The
    standings are stored first, also with the page cache off (a cold page reads them); then
    the live screens hear of the change (`events.live_release`): their first renders read
    the stored standings, and each page renders once (single flight) if this task is not
    there yet."""
    standings_snapshots_store(tournament_id=tournament_id)
    events.live_release(tournament_id)
    if settings.PUBLIC_CACHE_SECONDS <= 0:
        return []
    done = []
    for path, target in warm_paths(tournament_id):
        done.append((path + (f" (htmx {target})" if target else ""), _get(path, target=target)))
    log.info("Öffentliche Seiten von Turnier %s vorbereitet: %s", tournament_id, done)
    return done
