"""The standings as plain rows, built once per tournament, public generation and round.

The page, its CSV, the hall display and the API all read this one cached copy (issue 14), so a
publication costs one read of the stored standings (`snapshots`; computed and stored if an
announced change made them stale) per round shown, not one per request or per format, and a
live search only filters it. Plain values only (no model instances): cheap to pickle into Redis.
"""

from __future__ import annotations

import copy
from typing import NamedTuple

from django.conf import settings
from django.utils.translation import get_language

from tournaments.common import access, events
from tournaments.common.public_cache import cached_once
from tournaments.models import Tournament
from tournaments.standings.rows import Row, StandingsData, derived
from tournaments.standings.snapshots import standings_snapshot

__all__ = ["Row", "StandingsData", "derived", "standings_data", "tournament_of_page"]


def _build(tournament: Tournament, after_round: int | None, full_names: bool) -> StandingsData:
    return standings_snapshot(tournament, after_round=after_round, full_names=full_names)


class _NotPublished(NamedTuple):
    """Cached answer for a round that is not published (a bad ``after_round`` costs once)."""


def standings_data(
    tournament: Tournament,
    *,
    after_round: int | None = None,
    full_names: bool = False,
    generation: int | None = None,
) -> StandingsData:
    """The standings after ``after_round`` (default: the newest published round), cached.

    Raises ValueError like `standings_table` when ``after_round`` is not a published round.
    ``full_names`` is for staff; the public sees each player's chosen name. ``generation``:
    the tournament's public generation if the caller has read it already (one cache read
    less per request).
    """
    seconds = settings.PUBLIC_CACHE_SECONDS
    if seconds <= 0:
        generation = 0
    elif generation is None:
        generation = events.public_generation(tournament.pk)
    if not generation:
        return _build(tournament, after_round, full_names)
    names = "full" if full_names else "public"
    shown = "last" if after_round is None else after_round
    key = f"public:standings:t{tournament.pk}.{generation}:{shown}:{names}:{get_language()}"

    def build():
        try:
            return _build(tournament, after_round, full_names)._replace(key=key)
        except ValueError:
            return _NotPublished()

    data, _state = cached_once(key, build, timeout=seconds, local=True)
    if isinstance(data, _NotPublished):
        raise ValueError(after_round)
    return data


def tournament_of_page(pk: int, *, anonymous: bool) -> tuple[Tournament, int | None]:
    """The tournament a public page is about (404 if unknown) and its public generation (None
    when not read). For anonymous visitors its row is kept per generation, like the cached
    pages built from it: a live-search keystroke then needs no query. Each caller gets its
    own copy."""
    seconds = settings.PUBLIC_CACHE_SECONDS
    generation = events.public_generation(pk) if anonymous and seconds > 0 else 0
    if not generation:
        return access.tournament_or_404(pk), None
    row, _state = cached_once(
        f"public:tournament:t{pk}.{generation}:row",
        lambda: access.tournament_or_404(pk),
        timeout=seconds,
        local=True,
    )
    return copy.copy(row), generation
