"""The rating lists for the page, the CSV and the API: cached rows and search (issue 33), as
the ranking's year list (`ranking.public.listing`)."""

from __future__ import annotations

import hashlib

from django.conf import settings

from ranking.models import RatingScope
from ranking.rating import selectors
from tournaments.common import events
from tournaments.common.public_cache import cached_once

#: lines on one screen; the whole list is one link away (print, CSV)
PAGE_SIZE = 100


def list_rows(scope: RatingScope) -> tuple[selectors.RatingRow, ...]:
    """Every line of a list, built once per rating generation and public generation (a player
    hiding their name moves the latter on); uncached if caching is off."""
    seconds = settings.PUBLIC_CACHE_SECONDS
    everywhere = events.global_generation() if seconds > 0 else 0
    if not everywhere or scope.computed_at is None:
        return selectors.rating_rows(scope)
    stamp = scope.computed_at.timestamp()
    key = f"public:rating:{scope.year}:{scope.generation}:{stamp}:all{everywhere}"
    rows, _state = cached_once(
        key, lambda: selectors.rating_rows(scope), timeout=seconds, local=True
    )
    return rows


def page_version(kwargs: dict) -> str:
    """The version of a list page (`public_page`'s key): every tournament's public data (the
    global generation) and the rating's own state."""
    shown = (events.global_generation(), *selectors.rating_page_version(kwargs.get("year", 0)))
    digest = hashlib.sha256(repr(shown).encode()).hexdigest()[:20]
    return f"rating{kwargs.get('year', 0)}.{digest}"


def search(rows: tuple[selectors.RatingRow, ...], query: str) -> tuple[selectors.RatingRow, ...]:
    query = query.strip().lower()
    if not query:
        return rows
    return tuple(r for r in rows if r.matches(query))


def decimal(value: float, places: int = 1) -> str:
    """A number for the CSV: a decimal comma, always (the export is German for spreadsheets)."""
    return f"{value:.{places}f}".replace(".", ",")
