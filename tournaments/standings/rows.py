"""The standings as plain rows (issue 14): what the page, CSV, hall display and API read.

Plain values only (no model instances): cheap to pickle into Redis and to store as JSON in a
`StandingsSnapshot`. ``parts`` carries the HTML formatted once per stored standings.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from django.conf import settings
from django.utils.translation import get_language

from tournaments.common.deflated import Deflated, inflate
from tournaments.common.public_cache import cached_once
from tournaments.standings.selectors import StandingsTable, TeamEntry

if TYPE_CHECKING:
    from tournaments.standings.html import Parts


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
    rows: Sequence[Row]  #: a tuple, or `LazyRows` when read from the stored standings
    teams: tuple[TeamEntry, ...]
    #: where this copy is cached (None: built for this request only); derived data keys on it
    key: str | None = None
    #: HTML formatted from these rows once, stored with them (`html.Parts`); None: not yet
    parts: Parts | None = None
    #: the rounds shown whose published result was corrected since (SPEC §6)
    corrected_rounds: tuple[int, ...] = ()

    @property
    def ranked_count(self) -> int:
        return sum(1 for r in self.rows if r.rank is not None)


def from_table(table: StandingsTable, *, full_names: bool) -> StandingsData:
    """The plain rows of a computed `standings_table`."""
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
        tournament_id=table.tournament.pk,
        after_round=table.after_round,
        published_rounds=table.published_rounds,
        round_numbers=table.round_numbers,
        final_round=table.final_round,
        rule_set=table.rule_set,
        full_names=full_names,
        rows=rows,
        teams=table.teams,
        corrected_rounds=table.corrected_rounds,
    )


def to_json(data: StandingsData) -> str:
    """The stored head of the values (the tournament, the names choice, the cache key and the
    stored parts aside); the rows are stored with the HTML (`rows_json`, `html.Parts`)."""
    head = [
        data.after_round,
        data.published_rounds,
        data.round_numbers,
        data.final_round,
        data.rule_set,
        [[t.rank, t.name, t.placement_points, t.game_points, t.players] for t in data.teams],
        data.corrected_rounds,
    ]
    return _dumps(head)


def rows_json(data: StandingsData) -> str:
    """The rows' values as stored, decoded only when read (`LazyRows`)."""
    return _dumps(data.rows)


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: the length of a stored head (`to_json`); a shorter one was stored before it held the
#: corrected rounds, and is computed anew rather than read without them
HEAD_LENGTH = 7


def from_json(
    head: str, *, tournament_id: int, full_names: bool, parts: Parts
) -> StandingsData | None:
    """The stored values (the rows in ``parts``); None when stored in an older form (to be
    computed anew)."""
    values = json.loads(head)
    if len(values) != HEAD_LENGTH:
        return None
    after, published, numbers, final, rule_set, teams, corrected = values
    return StandingsData(
        tournament_id=tournament_id,
        after_round=after,
        published_rounds=tuple(published),
        round_numbers=tuple(numbers),
        final_round=final,
        rule_set=rule_set,
        full_names=full_names,
        rows=LazyRows(parts.values),
        teams=tuple(TeamEntry(*t) for t in teams),
        parts=parts,
        corrected_rounds=tuple(corrected),
    )


def _rows(text: str) -> tuple[Row, ...]:
    return tuple(
        Row(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], tuple(r[9]), r[10], r[11],
            tuple(tuple(f) if f else None for f in r[12]))
        for r in json.loads(text)
    )  # fmt: skip


class LazyRows(Sequence):
    """Stored rows (their JSON, compressed), decoded on first use: the whole page splices in
    their stored HTML, so a cold request of it decodes nothing (400 rows cost about a
    millisecond). Equal to the tuple of its rows; pickled as that tuple."""

    __slots__ = ("_stored", "_rows")

    def __init__(self, stored: Deflated) -> None:
        self._stored = stored
        self._rows: tuple[Row, ...] | None = None

    def _all(self) -> tuple[Row, ...]:
        if self._rows is None:
            self._rows = _rows(inflate(self._stored))
        return self._rows

    def __getitem__(self, index):
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self):
        return iter(self._all())

    def __eq__(self, other) -> bool:
        return self._all() == (other._all() if isinstance(other, LazyRows) else other)

    def __hash__(self) -> int:
        return hash(self._all())

    def __reduce__(self):
        return (tuple, (self._all(),))

    def __repr__(self) -> str:
        return f"LazyRows({self._all()!r})"


class Places(NamedTuple):
    """Who placed where in some standings (`StandingsPlaces`): per listed player, in the
    standings' order, the id, the rank (None: listed without one, a reserve or a red card) and
    whether the player reached the final. Three flat lists of numbers: decoding them creates
    three objects, not one per row (a career reads dozens of tournaments' places at once)."""

    player_ids: list[int]
    ranks: list[int | None]
    finalists: list[int]  #: 1: reached the final

    @property
    def field(self) -> int:
        """Players with a rank."""
        return len(self.ranks) - self.ranks.count(None)

    def of(self, player_id: int) -> tuple[int | None, bool] | None:
        """The player's (rank, finalist), None if the standings do not list the player."""
        try:
            at = self.player_ids.index(player_id)
        except ValueError:
            return None
        return self.ranks[at], bool(self.finalists[at])


def places_of(rows: Sequence[Row]) -> Places:
    return Places(
        [r.player_id for r in rows], [r.rank for r in rows], [int(r.finalist) for r in rows]
    )


def places_to_json(places: Places) -> str:
    return _dumps(places._asdict())


def places_from_json(text: str) -> Places:
    found = json.loads(text)
    return Places(found["player_ids"], found["ranks"], found["finalists"])


def derived(data: StandingsData, name: str, build):
    """Something computed from ``data`` (e.g. its HTML rows): stored with it, else cached
    along with it, else built now."""
    if data.parts is not None and name in data.parts:
        return data.parts[name]
    if data.key is None:
        return build()
    # the rows hold translated marks (Finale, Ersatz): one copy per language
    key = f"{data.key}:{name}:{get_language() or settings.LANGUAGE_CODE}"
    value, _state = cached_once(key, build, timeout=settings.PUBLIC_CACHE_SECONDS, local=True)
    return value
