"""The standings as plain rows, built once per tournament, public generation and round.

The page, its CSV, the hall display and the API all read this one cached copy (issue 14), so a
publication costs one `standings_table` per round shown, not one per request or per format, and
a live search only filters it. Plain values only (no model instances): cheap to pickle into Redis.
"""

from __future__ import annotations

import copy
from typing import NamedTuple

from django.conf import settings
from django.utils.translation import get_language

from tournaments.common import access, events
from tournaments.common.public_cache import cached_once
from tournaments.models import Tournament
from tournaments.standings.selectors import TeamEntry, standings_table


class Row(NamedTuple):
    """One player's line; ``rounds`` holds (placement points, game points) per round shown."""

    rank: int | None
    player_id: int
    name: str
    club: str
    reserve: bool
    excluded: bool
    finalist: bool
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int
    games: int
    rounds: tuple[tuple[int, int] | None, ...]

    def matches(self, query: str) -> bool:
        """Live search (lower-case ``query``): part of the name or of the club."""
        return query in self.name.lower() or (bool(self.club) and query in self.club.lower())


class StandingsData(NamedTuple):
    tournament_id: int
    after_round: int | None
    published_rounds: tuple[int, ...]
    round_numbers: tuple[int, ...]
    final_round: int | None
    rule_set: str
    full_names: bool
    rows: tuple[Row, ...]
    teams: tuple[TeamEntry, ...]
    #: where this copy is cached (None: built for this request only); derived data keys on it
    key: str | None = None

    @property
    def ranked_count(self) -> int:
        return sum(1 for r in self.rows if r.rank is not None)


def _build(tournament: Tournament, after_round: int | None, full_names: bool) -> StandingsData:
    table = standings_table(tournament, after_round=after_round)
    rows = tuple(
        Row(
            rank=e.rank,
            player_id=e.player.pk,
            name=e.player.full_name if full_names else e.player.public_name,
            club=e.player.club,
            reserve=e.reserve,
            excluded=e.excluded,
            finalist=e.finalist,
            placement_points=e.placement_points,
            game_points=e.game_points,
            placings=tuple(e.placings),
            minus_points=e.minus_points,
            games=e.games,
            rounds=tuple(
                (r.placement_points, r.game_points) if r is not None else None for r in e.rounds
            ),
        )
        for e in table.entries
    )
    return StandingsData(
        tournament_id=tournament.pk,
        after_round=table.after_round,
        published_rounds=table.published_rounds,
        round_numbers=table.round_numbers,
        final_round=table.final_round,
        rule_set=table.rule_set,
        full_names=full_names,
        rows=rows,
        teams=table.teams,
    )


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
    key = f"public:standings:t{tournament.pk}.{generation}:{shown}:{names}"

    def build():
        try:
            return _build(tournament, after_round, full_names)._replace(key=key)
        except ValueError:
            return _NotPublished()

    data, _state = cached_once(key, build, timeout=seconds, local=True)
    if isinstance(data, _NotPublished):
        raise ValueError(after_round)
    return data


def derived(data: StandingsData, name: str, build):
    """Something computed from ``data`` (e.g. its HTML rows), cached along with it, once per
    language (the rows hold translated marks)."""
    if data.key is None:
        return build()
    key = f"{data.key}:{name}:{get_language() or settings.LANGUAGE_CODE}"
    value, _state = cached_once(key, build, timeout=settings.PUBLIC_CACHE_SECONDS, local=True)
    return value


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
