"""Pairing: who sits at which table with which seat letter (SPEC §2, Klub 7.1, 000 §2A).

Pure functions over plain data, in the manner of Tabbycat's draw generators: nothing here touches
the database; "who met whom" comes in once as a :class:`History`.

* Round 1 (Klub 7.1): uniformly random over the whole field. The ids are sorted before the
  shuffle, so registration order (or any input order) plays no role; the seed and the method are
  kept with the round, so the draw can be repeated and audited.
* Later rounds (Klub 7.1 for round 2, our reading for rounds 3 and 4): by the standings, table 1
  holds the top, and nobody meets a player met in an earlier round wherever that is possible.
  The seating minimises, lexicographically (see :func:`objective`):

  1. repeated pairs: pairs at a table who already shared a table in an earlier round;
  2. consecutive repeats: of those, pairs who shared a table in the round just played;
  3. team-mates at one table (a Städtekampf, Klub 6.2.1; SPEC §1: a soft constraint after
     "no repeats"): pairs of players of the same team at a table (see ``teams.py``);
  4. excess rank spread: the sum over tables of (highest rank - lowest rank - (size - 1)),
     0 when every table holds consecutive ranks.

  How: a greedy top-down fill (each table takes the best free players who have not met anyone
  already at it) leaves repeats on the bottom tables, so the search looks further. A beam sweep
  places the players best first, each joining an open table or opening a new one, and keeps the
  cheapest partial seatings (``search.SeatingSearch.beam``; exact on small fields, where repeats
  are hard to avoid). Simulated annealing over swaps of players close in rank (now and then far
  apart, to escape) then repairs what is left and tightens the tables. The greedy fill remains as
  the fallback start when pins leave the sweep without a seating.
* Exact optimum (fields up to ``exact.EXACT_MAX_PLAYERS`` = 64): after the heuristic,
  ``exact.solve`` proves its seating optimal by a lower bound or finds the optimum with an
  integer programme (HiGHS through scipy), within work limits (:class:`exact.ExactLimits`:
  master LPs, simplex iterations, tables in integer programmes, branch-and-bound nodes, never
  seconds); the method records the limits (``:exact=rounds50,simplex8000,tables1100,nodes100``)
  and ends in ``:optimal=bound``, ``:optimal=milp``, or ``:unproven=...`` (the limit that
  struck, e.g. ``tables-limit``; ``time-capped`` when the last-resort wall-clock guard struck;
  ``solver-failed``; ``heuristic-only`` above 64 players) when the heuristic's seating stands.
* Our reading with 3-player tables (000 §1A): the tables keep the sizes asked for, 4-tables
  first; the search decides who forms the 3-tables, who need not be the bottom of the standings.
  Tables are numbered by their best player among the tables of the same size.
* Final round (000 §2A): the finalists, seat letters drawn anew.
* Seat letters are drawn at random per table in every round (Klub 6.1 lists "Tisch 12 A").
* Pins (Klub 7.1, "Ausnahmefällen ... behinderte Teilnehmer"): a pinned player always sits at his
  table; pairing works around him.

Reproducibility: the sweep keeps a fixed number of partial seatings (:func:`beam_width`) and the
annealing runs a fixed number of iterations (:func:`default_budget`), both scaled to the field,
from a seeded ``random.Random``; the same inputs and seed give the same seating on any machine.
The exact step counts its work against ``exact_limits`` in the same way, so whether a draw is
proven, and the seating, do not depend on the machine or its load. Wall-clock caps
(``time_budget_s`` for the annealing, ``exact_time_guard_s`` for the exact step) are safety nets
against a pathological input only; the work actually done is written into ``Pairing.method``
(``"standings-v1:beam=400:iterations=24000:exact=rounds50,..."``, with ``":time-capped"`` when a
cap struck), so even a capped annealing can be repeated exactly by passing those numbers as
``beam``, ``budget_iterations`` and ``exact_limits``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType

from tournaments.domain.pairing import texts as T
from tournaments.domain.pairing.exact_limits import EXACT_MAX_PLAYERS, TIME_GUARD_S, ExactLimits
from tournaments.domain.pairing.history import History, _pair
from tournaments.domain.pairing.search import SeatingSearch, beam_width, default_budget
from tournaments.domain.pairing.teams import NO_TEAMS, TeamClash, separate_teams, team_clashes
from tournaments.domain.text import Message, message

__all__ = ["ExactLimits", "History", "NO_TEAMS", "TeamClash"]

LETTERS: dict[int, tuple[str, ...]] = {
    4: ("A", "B", "C", "D"),
    3: ("A", "B", "C"),
    2: ("A", "B"),
}
"""Seat letters per table size (Klub 6.1; 3-player tables of 000 §1A; the final of two table
winners, 000 §1B, our reading)."""

NO_PINS: Mapping[int, int] = MappingProxyType({})

METHOD_RANDOM = "random-v1"
METHOD_STANDINGS = "standings-v1"
METHOD_FINAL = "final-v1"
METHOD_TEAMS = "teams-v1"
"""Appended to round 1's method when team-mates were kept apart (``teams.separate_teams``)."""

DEFAULT_TIME_BUDGET_S = 30.0
"""Safety net only: the iteration budget ends the search long before this on any sane input."""


class PairingError(ValueError):
    """The input cannot be paired; its argument is a `Message` for the director (``str(exc)``
    renders it in the user's language)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's seat letter at a table (Klub 6.1: "Tisch 12 A")."""

    letter: str
    player_id: int


@dataclass(frozen=True, slots=True)
class TableAssignment:
    """One table of a round: its number and the seats, in letter order."""

    number: int
    seats: tuple[Seat, ...]

    @property
    def player_ids(self) -> tuple[int, ...]:
        return tuple(seat.player_id for seat in self.seats)


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round's seating with the seed and method that produced it (audit, SPEC §2)."""

    tables: tuple[TableAssignment, ...]
    seed: int
    method: str

    def groups(self) -> tuple[tuple[int, ...], ...]:
        """Player ids per table, in table order: the input :meth:`History.from_rounds` takes."""
        return tuple(table.player_ids for table in self.tables)

    def seat_of(self, player_id: int) -> tuple[int, str]:
        """(table number, letter) of a player."""
        for table in self.tables:
            for seat in table.seats:
                if seat.player_id == player_id:
                    return table.number, seat.letter
        raise KeyError(player_id)


@dataclass(frozen=True, slots=True)
class PairingReport:
    """Quality of a seating, for the director's notice and the override UI.

    ``repeated_pairs``: pairs at a table who met in an earlier round (listed in ``repeated`` as
    (smaller id, larger id), sorted); ``consecutive_repeats``: of those, pairs who met in the
    round just played; ``max_meetings``: the most times two players seated together will have
    met, this round included (1 without repeats, 0 without tables); ``excess_rank_spread``: the
    sum over tables of (highest rank - lowest rank - (size - 1)); ``team_clashes``: tables
    holding team-mates (Klub 6.2.1), empty without teams.
    """

    repeated_pairs: int
    max_meetings: int
    consecutive_repeats: int
    excess_rank_spread: int
    repeated: tuple[tuple[int, int], ...]
    team_clashes: tuple[TeamClash, ...] = ()

    @property
    def team_pairs(self) -> int:
        """Pairs of team-mates at one table, over all tables."""
        return sum(clash.pairs for clash in self.team_clashes)

    @property
    def has_repeats(self) -> bool:
        return self.repeated_pairs > 0

    def notice(self) -> Message | None:
        """A notice for the director when players meet again, else None (SPEC §2)."""
        if not self.repeated_pairs:
            return None
        text = T.REPEATS[(self.repeated_pairs == 1, bool(self.consecutive_repeats))]
        if self.consecutive_repeats:
            return message(text, n=self.repeated_pairs, last=self.consecutive_repeats)
        return message(text, n=self.repeated_pairs)


def objective(report: PairingReport) -> tuple[int, int, int, int]:
    """The pairing objective, compared lexicographically; smaller is better (Klub 7.1).

    (repeated pairs, consecutive repeats, team-mate pairs, excess rank spread): avoiding any
    repeat meeting comes first, then avoiding a meeting in two rounds in a row, then team-mates
    at one table (Klub 6.2.1), then tables of consecutive ranks.
    """
    return (
        report.repeated_pairs,
        report.consecutive_repeats,
        report.team_pairs,
        report.excess_rank_spread,
    )


def evaluate(
    tables: Sequence[Sequence[int]],
    *,
    order: Sequence[int],
    history: History,
    teams: Mapping[int, int] = NO_TEAMS,
) -> PairingReport:
    """Metrics of a seating, e.g. after the director swapped or moved players (SPEC §2).

    ``order`` is the standings, best first: position i + 1 is the rank used for the spread.
    """
    rank = {player: position + 1 for position, player in enumerate(order)}
    repeated: list[tuple[int, int]] = []
    consecutive = 0
    max_meetings = 0
    spread = 0
    for table in tables:
        ranks = []
        for player in table:
            if player not in rank:
                raise PairingError(message(T.NOT_RANKED, player=player))
            ranks.append(rank[player])
        for a, b in combinations(table, 2):
            key = _pair(a, b)
            count = history.meetings.get(key, 0)
            max_meetings = max(max_meetings, count + 1)
            if count:
                repeated.append(key)
                if key in history.last_round:
                    consecutive += 1
        if ranks:
            spread += max(ranks) - min(ranks) - (len(ranks) - 1)
    repeated.sort()
    return PairingReport(
        repeated_pairs=len(repeated),
        max_meetings=max_meetings,
        consecutive_repeats=consecutive,
        excess_rank_spread=spread,
        repeated=tuple(repeated),
        team_clashes=team_clashes(tables, teams),
    )


def _validate(
    player_ids: Sequence[int], table_sizes: Sequence[int], pinned: Mapping[int, int]
) -> None:
    """Check the field against the tables and the pins; messages for the director."""
    if len(set(player_ids)) != len(player_ids):
        raise PairingError(message(T.TWICE))
    for size in table_sizes:
        if size not in LETTERS:
            raise PairingError(message(T.TABLE_SIZE, n=size))
    if sum(table_sizes) != len(player_ids):
        raise PairingError(message(T.SEATS, n=len(player_ids), seats=sum(table_sizes)))
    field = set(player_ids)
    load = [0] * len(table_sizes)
    for player, table in sorted(pinned.items()):
        if player not in field:
            raise PairingError(message(T.PIN_NOT_PLAYING, player=player))
        if not 1 <= table <= len(table_sizes):
            raise PairingError(message(T.NO_SUCH_TABLE, table=table))
        load[table - 1] += 1
        if load[table - 1] > table_sizes[table - 1]:
            raise PairingError(message(T.PIN_FULL, table=table))


def _with_letters(
    groups: Sequence[Sequence[int]], rng: random.Random
) -> tuple[TableAssignment, ...]:
    """Draw the seat letters of every table at random (Klub 6.1, 7.2; 000 §2A)."""
    tables = []
    for number, group in enumerate(groups, start=1):
        letters = list(LETTERS[len(group)])
        rng.shuffle(letters)
        seats = sorted(
            (Seat(letter, player) for letter, player in zip(letters, group, strict=True)),
            key=lambda seat: seat.letter,
        )
        tables.append(TableAssignment(number=number, seats=tuple(seats)))
    return tuple(tables)


def _fill_in_order(
    players: Sequence[int], table_sizes: Sequence[int], pinned: Mapping[int, int]
) -> list[list[int]]:
    """Pinned players at their tables, everyone else in the given order into the free seats."""
    groups: list[list[int]] = [[] for _ in table_sizes]
    free = []
    for player in players:
        if player in pinned:
            groups[pinned[player] - 1].append(player)
        else:
            free.append(player)
    feed = iter(free)
    for group, size in zip(groups, table_sizes, strict=True):
        while len(group) < size:
            group.append(next(feed))
    return groups


def draw_round_one(
    player_ids: Sequence[int],
    *,
    table_sizes: Sequence[int],
    seed: int,
    pinned: Mapping[int, int] = NO_PINS,
    teams: Mapping[int, int] = NO_TEAMS,
) -> Pairing:
    """Round 1: a uniformly random seating of the whole field (Klub 7.1, 000 §2A).

    The ids are sorted before the shuffle, so the input order plays no role; pinned players keep
    their table and the others are shuffled into the remaining seats. With ``teams`` (player ->
    team, a Städtekampf), clashing team-mates are then swapped apart (``teams.separate_teams``,
    seeded from the same draw, so it stays reproducible).
    """
    _validate(player_ids, table_sizes, pinned)
    rng = random.Random(seed)
    shuffled = sorted(player_ids)
    rng.shuffle(shuffled)
    groups = _fill_in_order(shuffled, table_sizes, pinned)
    method = METHOD_RANDOM
    if teams:
        separate_teams(groups, teams, pinned=pinned, rng=random.Random(f"teams:{seed}"))
        method += f"+{METHOD_TEAMS}"
    return Pairing(tables=_with_letters(groups, rng), seed=seed, method=method)


def pair_final(
    finalists: Sequence[int],
    *,
    table_sizes: Sequence[int],
    seed: int,
    pinned: Mapping[int, int] = NO_PINS,
) -> Pairing:
    """The final round: the finalists, seat letters drawn anew (Klub 6.2, 7.2; 000 §2A).

    Our reading for a final over several tables: table 1 holds the best finalists, in the order
    given (best first). The caller passes finalists only, never reserves (SPEC §1).
    """
    _validate(finalists, table_sizes, pinned)
    groups = _fill_in_order(finalists, table_sizes, pinned)
    return Pairing(
        tables=_with_letters(groups, random.Random(seed)), seed=seed, method=METHOD_FINAL
    )


def _prove(search: SeatingSearch, exact_up_to: int, limits: ExactLimits, deadline: float) -> str:
    """The exact step after the heuristic (``exact.solve``): on fields up to ``exact_up_to``
    players, replace the heuristic's seating by the optimum when that is better, and say in the
    method's words the limits it had and whether the seating kept is proven optimal."""
    if search.n > exact_up_to:
        return ":unproven=heuristic-only"
    from tournaments.domain.pairing import exact  # numpy and scipy: only for a draw

    result = exact.solve(
        n=search.n,
        sizes=search.sizes,
        pin_slot=search.pin_slot,
        met=search.met,
        last=search.last,
        team_of=search.team_of,
        weights=(search.wr, search.wc, search.wt),
        start=search.members,
        start_cost=sum(search.table_cost(members) for members in search.members),
        limits=limits,
        deadline=deadline,
    )
    if result.groups is not None:
        search.install(result.groups)
    verdict = f":optimal={result.how}" if result.proven else f":unproven={result.how}"
    return f":exact={limits.text()}{verdict}"


def pair_next_round(
    order: Sequence[int],
    *,
    history: History,
    table_sizes: Sequence[int],
    seed: int,
    pinned: Mapping[int, int] = NO_PINS,
    budget_iterations: int | None = None,
    time_budget_s: float = DEFAULT_TIME_BUDGET_S,
    beam: int | None = None,
    teams: Mapping[int, int] = NO_TEAMS,
    exact_up_to: int = EXACT_MAX_PLAYERS,
    exact_limits: ExactLimits | None = None,
    exact_time_guard_s: float = TIME_GUARD_S,
) -> tuple[Pairing, PairingReport]:
    """Round 2 and later: by the standings, avoiding repeat meetings (Klub 7.1; SPEC §2).

    ``order`` holds every player to seat, best first. Returns the seating and its report; when
    the report still lists repeats, no repeat-free seating was found (tiny fields) and the
    director gets :meth:`PairingReport.notice`. ``teams`` (player -> team) keeps team-mates
    apart where that costs no repeat (Klub 6.2.1); the report lists the tables where it could not.
    ``exact_limits`` (default :class:`ExactLimits`) bounds the exact step's work on fields up to
    ``exact_up_to`` players; ``exact_time_guard_s`` is its last-resort wall-clock guard.
    """
    _validate(order, table_sizes, pinned)
    n = len(order)
    index = {player: position for position, player in enumerate(order)}
    met: list[set[int]] = [set() for _ in range(n)]
    last: list[set[int]] = [set() for _ in range(n)]
    for a, b in sorted(history.meetings):
        if a in index and b in index:
            ia, ib = index[a], index[b]
            met[ia].add(ib)
            met[ib].add(ia)
    for a, b in sorted(history.last_round):
        if a in index and b in index:
            ia, ib = index[a], index[b]
            last[ia].add(ib)
            last[ib].add(ia)
    pin_slot = [-1] * n
    for player, table in pinned.items():
        pin_slot[index[player]] = table - 1

    exact_field = n <= exact_up_to
    width = beam_width(n, exact=exact_field) if beam is None else beam
    budget = default_budget(n) if budget_iterations is None else budget_iterations
    team_of = [teams.get(player) for player in order] if teams else None
    search = SeatingSearch(
        list(table_sizes), pin_slot, met, last, random.Random(seed), team_of=team_of
    )
    start = "beam" if width > 0 and search.beam(width) else "greedy"
    if start == "greedy":
        search.greedy()
    iterations, capped = search.anneal(budget, time.perf_counter() + time_budget_s)
    parted = search.part_team_mates()
    limits = ExactLimits() if exact_limits is None else exact_limits
    proof = _prove(search, exact_up_to, limits, time.perf_counter() + exact_time_guard_s)
    slots = search.ordered_slots()

    groups = [[order[i] for i in members] for members in slots]
    method = f"{METHOD_STANDINGS}:{start}={width}:iterations={iterations}"
    if capped:
        method += ":time-capped"
    if parted:
        method += f":teams-parted={parted}"
    method += proof
    pairing = Pairing(
        tables=_with_letters(groups, random.Random(f"letters:{seed}")), seed=seed, method=method
    )
    return pairing, evaluate(groups, order=order, history=history, teams=teams)
