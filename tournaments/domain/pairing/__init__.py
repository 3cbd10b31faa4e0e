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
  3. excess rank spread: the sum over tables of (highest rank - lowest rank - (size - 1)),
     0 when every table holds consecutive ranks.

  How: a greedy top-down fill (each table takes the best free players who have not met anyone
  already at it) leaves repeats on the bottom tables, so the search looks further. A beam sweep
  places the players best first, each joining an open table or opening a new one, and keeps the
  cheapest partial seatings (:meth:`_Search.beam`; exact on small fields, where repeats are hard
  to avoid). Simulated annealing over swaps of players close in rank (now and then far apart,
  to escape) then repairs what is left and tightens the tables. The greedy fill remains as the
  fallback start when pins leave the sweep without a seating.
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
A wall-clock cap (``time_budget_s``) stops the annealing only as a safety net against a
pathological input; the work actually done is written into ``Pairing.method``
(``"standings-v1:beam=400:iterations=24000"``, with ``":time-capped"`` when the cap struck), so
even a capped draw can be repeated exactly by passing those numbers as ``beam`` and
``budget_iterations``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import itemgetter
from types import MappingProxyType

LETTERS: dict[int, tuple[str, ...]] = {4: ("A", "B", "C", "D"), 3: ("A", "B", "C")}
"""Seat letters per table size (Klub 6.1; 3-player tables of 000 §1A)."""

NO_PINS: Mapping[int, int] = MappingProxyType({})

METHOD_RANDOM = "random-v1"
METHOD_STANDINGS = "standings-v1"
METHOD_FINAL = "final-v1"

DEFAULT_TIME_BUDGET_S = 30.0
"""Safety net only: the iteration budget ends the search long before this on any sane input."""

NEAR_SWAP_WINDOW = 8
"""Partners for a swap are mostly drawn within this many ranks: neighbouring tables."""

FAR_SWAP_SHARE = 0.1
"""Share of swaps with a partner drawn log-uniformly from the whole field, to escape."""

START_TEMPERATURE = 3.0
END_TEMPERATURE = 0.05
"""Annealing temperatures, in units of excess rank spread."""

BEAM_WORK = 60_000
BEAM_MIN_WIDTH = 8
BEAM_MAX_WIDTH = 3_000
"""The sweep keeps BEAM_WORK / n partial seatings (within the bounds): about the same work for
every field, exact in practice on small fields, where repeats are hard to avoid."""

SOFT_REPEAT = 12
SOFT_CONSECUTIVE = 4
"""What a repeated pair and a consecutive repeat cost during the walk, in units of spread."""

GREEDY_LOOKAHEAD = 12
"""How far down the free players the greedy fill looks for someone not met before."""


class PairingError(ValueError):
    """The input cannot be paired; the message is German and meant for the director."""


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
    sum over tables of (highest rank - lowest rank - (size - 1)).
    """

    repeated_pairs: int
    max_meetings: int
    consecutive_repeats: int
    excess_rank_spread: int
    repeated: tuple[tuple[int, int], ...]

    @property
    def has_repeats(self) -> bool:
        return self.repeated_pairs > 0

    def notice(self) -> str | None:
        """A German notice for the director when players meet again, else None (SPEC §2)."""
        if not self.repeated_pairs:
            return None
        pairs = "Spielerpaar trifft" if self.repeated_pairs == 1 else "Spielerpaare treffen"
        text = f"{self.repeated_pairs} {pairs} erneut aufeinander"
        if self.consecutive_repeats:
            text += f", davon {self.consecutive_repeats} schon in der vorigen Runde"
        return text + ". Bei diesem Teilnehmerfeld ließ sich das nicht vermeiden."


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True, slots=True)
class History:
    """Who met whom in the earlier rounds, built once and passed to the pairing.

    ``meetings`` maps a pair (smaller id, larger id) to how often it shared a table;
    ``last_round`` holds the pairs of the most recent round.
    """

    meetings: Mapping[tuple[int, int], int]
    last_round: frozenset[tuple[int, int]]
    rounds: int = 0

    @classmethod
    def empty(cls) -> History:
        return cls(meetings=MappingProxyType({}), last_round=frozenset(), rounds=0)

    @classmethod
    def from_rounds(cls, rounds: Sequence[Sequence[Sequence[int]]]) -> History:
        """Build from earlier rounds, in round order; a round is a list of tables of player ids."""
        meetings: dict[tuple[int, int], int] = {}
        last: set[tuple[int, int]] = set()
        for round_tables in rounds:
            last = set()
            for table in round_tables:
                for a, b in combinations(table, 2):
                    key = _pair(a, b)
                    meetings[key] = meetings.get(key, 0) + 1
                    last.add(key)
        return cls(
            meetings=MappingProxyType(meetings), last_round=frozenset(last), rounds=len(rounds)
        )

    def met(self, a: int, b: int) -> int:
        """How often a and b shared a table so far."""
        return self.meetings.get(_pair(a, b), 0)


def objective(report: PairingReport) -> tuple[int, int, int]:
    """The pairing objective, compared lexicographically; smaller is better (Klub 7.1).

    (repeated pairs, consecutive repeats, excess rank spread): avoiding any repeat meeting comes
    first, then avoiding a meeting in two rounds in a row, then tables of consecutive ranks.
    """
    return (report.repeated_pairs, report.consecutive_repeats, report.excess_rank_spread)


def evaluate(
    tables: Sequence[Sequence[int]], *, order: Sequence[int], history: History
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
                raise PairingError(f"Spieler {player} fehlt in der Rangfolge.")
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
    )


def _validate(
    player_ids: Sequence[int], table_sizes: Sequence[int], pinned: Mapping[int, int]
) -> None:
    """Check the field against the tables and the pins; German messages for the director."""
    if len(set(player_ids)) != len(player_ids):
        raise PairingError("Ein Spieler steht mehrfach in der Teilnehmerliste.")
    for size in table_sizes:
        if size not in LETTERS:
            raise PairingError(f"Tische haben 3 oder 4 Plätze, nicht {size}.")
    if sum(table_sizes) != len(player_ids):
        raise PairingError(
            f"{len(player_ids)} Spieler passen nicht auf Tische mit zusammen "
            f"{sum(table_sizes)} Plätzen."
        )
    field = set(player_ids)
    load = [0] * len(table_sizes)
    for player, table in sorted(pinned.items()):
        if player not in field:
            raise PairingError(
                f"Spieler {player} ist an einen Tisch gebunden, spielt aber nicht mit."
            )
        if not 1 <= table <= len(table_sizes):
            raise PairingError(f"Tisch {table} gibt es in dieser Runde nicht.")
        load[table - 1] += 1
        if load[table - 1] > table_sizes[table - 1]:
            raise PairingError(f"An Tisch {table} sind mehr Spieler gebunden als Plätze frei sind.")


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
) -> Pairing:
    """Round 1: a uniformly random seating of the whole field (Klub 7.1, 000 §2A).

    The ids are sorted before the shuffle, so the input order plays no role; pinned players keep
    their table and the others are shuffled into the remaining seats.
    """
    _validate(player_ids, table_sizes, pinned)
    rng = random.Random(seed)
    shuffled = sorted(player_ids)
    rng.shuffle(shuffled)
    groups = _fill_in_order(shuffled, table_sizes, pinned)
    return Pairing(tables=_with_letters(groups, rng), seed=seed, method=METHOD_RANDOM)


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


def default_budget(n: int) -> int:
    """Search iterations for a field of n players: deterministic, so draws are reproducible."""
    return 20_000 + 10 * n


def beam_width(n: int) -> int:
    """Partial seatings the sweep keeps: wide for small fields, narrow for big ones."""
    return max(BEAM_MIN_WIDTH, min(BEAM_MAX_WIDTH, BEAM_WORK // max(n, 1)))


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
) -> tuple[Pairing, PairingReport]:
    """Round 2 and later: by the standings, avoiding repeat meetings (Klub 7.1; SPEC §2).

    ``order`` holds every player to seat, best first. Returns the seating and its report; when
    the report still lists repeats, no repeat-free seating was found (tiny fields) and the
    director gets :meth:`PairingReport.notice`.
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

    width = beam_width(n) if beam is None else beam
    budget = default_budget(n) if budget_iterations is None else budget_iterations
    search = _Search(list(table_sizes), pin_slot, met, last, random.Random(seed))
    start = "beam" if width > 0 and search.beam(width) else "greedy"
    if start == "greedy":
        search.greedy()
    iterations, capped = search.anneal(budget, time.perf_counter() + time_budget_s)
    slots = search.ordered_slots()

    groups = [[order[i] for i in members] for members in slots]
    method = f"{METHOD_STANDINGS}:{start}={width}:iterations={iterations}"
    if capped:
        method += ":time-capped"
    pairing = Pairing(
        tables=_with_letters(groups, random.Random(f"letters:{seed}")), seed=seed, method=method
    )
    return pairing, evaluate(groups, order=order, history=history)


class _Search:
    """Seating search over rank indices 0..n-1 (0 = best); slots are table numbers - 1.

    The cost of a table is WR * repeats + WC * consecutive repeats + excess spread, with weights
    large enough that the sum compares exactly like :func:`objective`.
    """

    def __init__(
        self,
        sizes: list[int],
        pin_slot: list[int],
        met: list[set[int]],
        last: list[set[int]],
        rng: random.Random,
    ) -> None:
        self.n = n = len(pin_slot)
        self.sizes = sizes
        self.pin_slot = pin_slot
        self.met = met
        self.last = last
        self.rng = rng
        tables = len(sizes)
        self.wc = tables * n + 1  # above any total spread
        self.wr = self.wc * (6 * tables + 1)  # above any total of consecutive repeats
        self.members: list[list[int]] = [[] for _ in sizes]
        self.slot_of = [-1] * n

    def table_cost(self, members: Sequence[int]) -> int:
        met, last, wr, wc = self.met, self.last, self.wr, self.wc
        cost = max(members) - min(members) - len(members) + 1
        for i in range(1, len(members)):
            a = members[i]
            seen = met[a]
            if seen:
                for j in range(i):
                    b = members[j]
                    if b in seen:
                        cost += wr + wc if b in last[a] else wr
        return cost

    def _conflict(self, player: int, members: Sequence[int]) -> int:
        seen, recent = self.met[player], self.last[player]
        return sum((self.wr if b in seen else 0) + (self.wc if b in recent else 0) for b in members)

    def beam(self, width: int) -> bool:
        """Sweep the standings best first, keeping the ``width`` cheapest partial seatings.

        Why it fits: the total rank range of the tables, sum(highest - lowest), equals the number
        of tables left open across each gap between two consecutive ranks. Placing the players in
        rank order, each joins an open table or opens a new one; a partial seating costs its
        repeats so far plus one per open table per step. Partial seatings with the same open
        tables have the same future, so only the cheapest of them is kept: with an unlimited
        width this is an exact dynamic programme, and a beam keeps it fast.

        Pins: a group takes the table of its first pinned player; groups without a pin are bound
        for the tables without one. Returns False when every partial seating ran into a dead end
        (only possible with pins), leaving the greedy fill to the caller.
        """
        n, sizes, pin_slot = self.n, self.sizes, self.pin_slot
        met, last, wr, wc = self.met, self.last, self.wr, self.wc
        kinds = (4, 3)
        slots_of = (sizes.count(4), sizes.count(3))
        pins_by_slot: dict[int, list[int]] = {}
        for player in range(n):
            if pin_slot[player] >= 0:
                pins_by_slot.setdefault(pin_slot[player], []).append(player)
        labels_of = [0, 0]
        for slot in pins_by_slot:
            labels_of[kinds.index(sizes[slot])] += 1
        free_of = (slots_of[0] - labels_of[0], slots_of[1] - labels_of[1])
        bump = ((1, 0), (0, 1))

        def pins_after(slot: int, player: int) -> int:
            return sum(1 for other in pins_by_slot[slot] if other > player)

        # A partial seating: (cost, open groups, groups per size, unlabelled groups per size,
        # labels used, chain). An open group is (members, size, label or -1); its first member
        # names it in the chain of (previous chain, player, first member of his group).
        states: list[tuple] = [(0, (), (0, 0), (0, 0), frozenset(), None)]
        for player in range(n):
            pin = pin_slot[player]
            seen, recent = met[player], last[player]
            best: dict[tuple, tuple] = {}
            for cost, groups, tot, unl, used, chain in states:
                for at, (members, size, label) in enumerate(groups):
                    new_label, new_unl, new_used = label, unl, used
                    if pin >= 0:
                        if label < 0:
                            if pin in used or sizes[pin] != size:
                                continue
                            k = 0 if size == 4 else 1
                            new_label = pin
                            new_unl = (unl[0] - bump[k][0], unl[1] - bump[k][1])
                            new_used = used | {pin}
                        elif label != pin:
                            continue
                    room = size - len(members) - 1
                    if new_label >= 0 and room < pins_after(new_label, player):
                        continue
                    new_cost = cost
                    if seen:
                        for other in members:
                            if other in seen:
                                new_cost += wr + wc if other in recent else wr
                    if room:
                        new_groups = (
                            groups[:at]
                            + ((members + (player,), size, new_label),)
                            + groups[at + 1 :]
                        )
                    else:
                        new_groups = groups[:at] + groups[at + 1 :]
                    new_cost += len(new_groups)
                    key = (new_groups, tot, new_unl, new_used)
                    known = best.get(key)
                    if known is None or new_cost < known[0]:
                        best[key] = (
                            new_cost,
                            new_groups,
                            tot,
                            new_unl,
                            new_used,
                            (chain, player, members[0]),
                        )
                for k in (0, 1):
                    if tot[k] >= slots_of[k]:
                        continue
                    unused = labels_of[k] - sum(1 for label in used if sizes[label] == kinds[k])
                    new_tot = (tot[0] + bump[k][0], tot[1] + bump[k][1])
                    if pin >= 0:
                        if (
                            pin in used
                            or kinds[k] != sizes[pin]
                            or unl[k] > free_of[k] + unused - 1
                        ):
                            continue
                        new_unl, new_used, label = unl, used | {pin}, pin
                    else:
                        if unl[k] >= free_of[k] + unused:
                            continue
                        new_unl, new_used, label = (
                            (unl[0] + bump[k][0], unl[1] + bump[k][1]),
                            used,
                            -1,
                        )
                    new_groups = groups + (((player,), kinds[k], label),)
                    new_cost = cost + len(new_groups)
                    key = (new_groups, new_tot, new_unl, new_used)
                    known = best.get(key)
                    if known is None or new_cost < known[0]:
                        best[key] = (
                            new_cost,
                            new_groups,
                            new_tot,
                            new_unl,
                            new_used,
                            (chain, player, player),
                        )
            states = sorted(best.values(), key=itemgetter(0))[:width]
            if not states:
                return False
        groups_by_first: dict[int, list[int]] = {}
        chain = states[0][5]
        while chain is not None:
            chain, player, first = chain
            groups_by_first.setdefault(first, []).append(player)
        free_slots: dict[int, list[int]] = {4: [], 3: []}
        for slot, size in enumerate(sizes):
            if slot not in pins_by_slot:
                free_slots[size].append(slot)
        members: list[list[int]] = [[] for _ in sizes]
        for first in sorted(groups_by_first):
            group = sorted(groups_by_first[first])
            labels = {pin_slot[p] for p in group} - {-1}
            slot = labels.pop() if labels else free_slots[len(group)].pop(0)
            members[slot] = group
        self.members = members
        for slot, group in enumerate(members):
            for player in group:
                self.slot_of[player] = slot
        return True

    def greedy(self) -> None:
        """Fill tables top-down: each takes the best free players not met before (Klub 7.1).

        A table with pinned players is opened when the best of them comes up in the standings,
        so a pinned top player still sits with players of his strength.
        """
        n, members, pin_slot = self.n, self.members, self.pin_slot
        for player in range(n):
            if pin_slot[player] >= 0:
                members[pin_slot[player]].append(player)
        free = [player for player in range(n) if pin_slot[player] < 0]
        pinned_slots = sorted((min(m), slot) for slot, m in enumerate(members) if m)
        open_slots = [slot for slot, m in enumerate(members) if not m]

        def fill(slot: int) -> None:
            group = members[slot]
            while len(group) < self.sizes[slot]:
                best_at, best_cost = 0, None
                for at in range(min(GREEDY_LOOKAHEAD, len(free))):
                    cost = self._conflict(free[at], group)
                    if best_cost is None or cost < best_cost:
                        best_at, best_cost = at, cost
                        if cost == 0:
                            break
                group.append(free.pop(best_at))

        next_pinned = next_open = 0
        while next_pinned < len(pinned_slots) or next_open < len(open_slots):
            top_free = free[0] if free else n
            if next_pinned < len(pinned_slots) and (
                pinned_slots[next_pinned][0] < top_free or next_open == len(open_slots)
            ):
                fill(pinned_slots[next_pinned][1])
                next_pinned += 1
            else:
                fill(open_slots[next_open])
                next_open += 1
        for slot, group in enumerate(members):
            group.sort()
            for player in group:
                self.slot_of[player] = slot

    def anneal(self, budget: int, deadline: float) -> tuple[int, bool]:
        """Simulated annealing over swaps; returns (iterations run, stopped by the deadline).

        Each step picks a table that is not yet perfect, one of its movable players and a partner
        near in rank (sometimes far away), and swaps them if the annealing accepts the change.
        The walk uses soft weights (a repeat costs about as much as a badly spread table), so it
        can pass through worse seatings on its way to better ones; the best seating by the exact
        objective is kept and restored at the end (undo log).
        """
        n, rng, members, slot_of = self.n, self.rng, self.members, self.slot_of
        wr, wc = self.wr, self.wc
        soft_r, soft_c = SOFT_REPEAT * 1.0, SOFT_CONSECUTIVE * 1.0
        movable = [slot < 0 for slot in self.pin_slot]
        costs = [self.table_cost(m) for m in members]
        has_movable = [any(movable[p] for p in m) for m in members]

        def soft(cost: int) -> float:
            repeats, rest = divmod(cost, wr)
            consecutive, spread = divmod(rest, wc)
            return repeats * soft_r + consecutive * soft_c + spread

        # Indexed set of tables worth working on (cost > 0 and someone can move).
        todo: list[int] = []
        where = [-1] * len(members)

        def update(slot: int) -> None:
            wanted = costs[slot] > 0 and has_movable[slot]
            if wanted and where[slot] < 0:
                where[slot] = len(todo)
                todo.append(slot)
            elif not wanted and where[slot] >= 0:
                moved = todo.pop()
                if moved != slot:
                    todo[where[slot]] = moved
                    where[moved] = where[slot]
                where[slot] = -1

        for slot in range(len(members)):
            update(slot)
        total = best = sum(costs)
        log: list[tuple[int, int]] = []
        log_n = math.log(max(n, 2))
        start = START_TEMPERATURE
        ratio = END_TEMPERATURE / start
        temperature = start
        iterations = 0
        capped = False
        while iterations < budget and todo:
            if iterations & 255 == 0:
                if time.perf_counter() > deadline:
                    capped = True
                    break
                temperature = start * ratio ** (iterations / budget)
            iterations += 1
            slot = todo[rng.randrange(len(todo))]
            group = members[slot]
            p = group[rng.randrange(len(group))]
            if not movable[p]:
                continue
            if rng.random() < FAR_SWAP_SHARE:
                distance = int(math.exp(rng.random() * log_n))
            else:
                distance = rng.randint(1, NEAR_SWAP_WINDOW)
            q = p + distance if rng.random() < 0.5 else p - distance
            if q < 0 or q >= n or not movable[q]:
                continue
            other = slot_of[q]
            if other == slot:
                continue
            other_group = members[other]
            new_group = [q if x == p else x for x in group]
            new_other = [p if x == q else x for x in other_group]
            new_cost = self.table_cost(new_group)
            new_other_cost = self.table_cost(new_other)
            delta = new_cost + new_other_cost - costs[slot] - costs[other]
            if delta > 0:
                soft_delta = (
                    soft(new_cost) + soft(new_other_cost) - soft(costs[slot]) - soft(costs[other])
                )
                if soft_delta > 0 and rng.random() >= math.exp(-soft_delta / temperature):
                    continue
            members[slot] = new_group
            members[other] = new_other
            slot_of[p], slot_of[q] = other, slot
            costs[slot], costs[other] = new_cost, new_other_cost
            update(slot)
            update(other)
            total += delta
            log.append((p, q))
            if total < best:
                best = total
                log.clear()
        # Back to the best seating: undo the swaps made since, newest first.
        for p, q in reversed(log):
            slot_p, slot_q = slot_of[p], slot_of[q]
            members[slot_p] = [q if x == p else x for x in members[slot_p]]
            members[slot_q] = [p if x == q else x for x in members[slot_q]]
            slot_of[p], slot_of[q] = slot_q, slot_p
        return iterations, capped

    def ordered_slots(self) -> list[list[int]]:
        """Tables renumbered so table 1 holds the top: unpinned groups sorted by best rank.

        Groups with pinned players keep their table; the others are ordered by their best player
        among the free tables of their size.
        """
        result: list[list[int]] = [sorted(m) for m in self.members]
        movable_slots: dict[int, list[int]] = {}
        for slot, group in enumerate(result):
            if all(self.pin_slot[p] < 0 for p in group):
                movable_slots.setdefault(self.sizes[slot], []).append(slot)
        for slots in movable_slots.values():
            groups = sorted((result[slot] for slot in slots), key=lambda g: g[0])
            for slot, group in zip(slots, groups, strict=True):
                result[slot] = group
        return result
