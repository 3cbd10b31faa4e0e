"""Whole-response cache for anonymous visitors of public pages.

After a round is published, hundreds of phones ask for the same standings at once. Each
tournament has a generation number (`events.public_generation`) that every change to its public
data bumps after commit; it is part of the key, so a publication or correction invalidates
every cached page of that tournament at once, on every server sharing the cache (Redis).
Logged-in users (staff see drafts and full names) always get a fresh page. If the cache is
down, pages are served uncached.
"""

import hashlib
import logging
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotAllowed

from tournaments.common import events

log = logging.getLogger(__name__)

_KEPT_HEADERS = ("Content-Type", "Content-Disposition")


def _key(request, generation: str) -> str:
    path = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
    partial = "htmx" if request.headers.get("HX-Request") else "full"
    return f"public:page:{generation}:{partial}:{path}"


def public_page(*, scope: str = "tournament"):
    """Cache a GET view for anonymous users; ``scope`` "tournament" keys on ``pk``, "all" on the
    global generation (pages listing every tournament). Other methods than GET and HEAD: 405."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD"):
                # Read-only pages; a POST would be rendered cold, past the cache, for anyone.
                return HttpResponseNotAllowed(["GET", "HEAD"])
            seconds = settings.PUBLIC_CACHE_SECONDS
            if request.method != "GET" or request.user.is_authenticated or seconds <= 0:
                return view(request, *args, **kwargs)
            if scope == "all":
                generation = events.global_generation()
                tag = f"all{generation}"
            else:
                generation = events.public_generation(kwargs["pk"])
                tag = f"t{kwargs['pk']}.{generation}"
            if not generation:
                return view(request, *args, **kwargs)
            key = _key(request, tag)
            try:
                hit = cache.get(key)
            except Exception:
                log.warning("cache unavailable reading %s", key)
                hit = None
            if hit is not None:
                content, headers = hit
                response = HttpResponse(content)
                for name, value in headers.items():
                    response[name] = value
                response["X-Public-Cache"] = "hit"
                return response
            response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.streaming:
                if hasattr(response, "render") and not response.is_rendered:
                    response.render()
                headers = {h: response[h] for h in _KEPT_HEADERS if h in response}
                try:
                    cache.set(key, (response.content, headers), timeout=seconds)
                except Exception:
                    log.warning("cache unavailable writing %s", key)
                response["X-Public-Cache"] = "miss"
            return response

        return wrapper

    return decorator
