"""The exact optimum of a later round's seating (SPEC §2, Klub 7.1) for fields up to 64 players.

A seating is a set partitioning: choose tables (sets of players of an allowed size) so that every
player sits at exactly one and each size is used as often as the round has tables of it. A table
costs what :meth:`SeatingSearch.table_cost` charges (repeats, consecutive repeats, team-mates,
excess spread, with weights that make one number compare like :func:`objective`), so the
cheapest partition is the lexicographic optimum.

How (column generation, then reduced-cost fixing):

1. The heuristic's seating is the upper bound U. No table of a seating at least as good can cost
   more than U, so the candidate tables are every table of cost <= U (numpy, all at once), those
   that break a pin left out.
2. The linear relaxation over the candidates is solved by column generation: a small master
   problem (HiGHS through ``scipy.optimize.linprog``) starting from the heuristic's tables, its
   duals price every candidate, the most negative ones join, until none is negative. Its value L
   is a lower bound of every seating (a Lagrangian bound is checked on the way).
3. All costs are integers: when U <= ceil(L), the heuristic's seating is optimal and that is the
   proof. Otherwise every table whose reduced cost exceeds U - L can be part of no seating better
   than U; the integer programme over the rest (``scipy.optimize.milp``, HiGHS, relative gap 0)
   gives the optimum, and HiGHS's status "optimal" is the proof.

Work limits, not seconds (:class:`ExactLimits`): the step counts its master LPs, their simplex
iterations, the tables it hands to integer programmes and their branch-and-bound nodes, and stops
at a fixed count of each. HiGHS honours its iteration and node limits exactly and is
deterministic on the same input: the master LPs use the serial dual simplex, and the bench's 195
rounds of 16-64 players gave the same results with 1, 2 and 4 HiGHS threads and beside CPU
burners. So whether a draw is proven, and the seating, depend on the input and the limits alone,
never on the machine's load. When a limit strikes, the caller keeps the heuristic's seating
and the method names the limit; the limits themselves are written into the method so that a
re-draw repeats them. A wall-clock guard (:data:`TIME_GUARD_S`, far above what the limits allow)
remains only as a last resort against a pathological input; a draw it stops (``time-capped``)
is the one draw that may differ between machines. The heuristic's seating is kept whenever the
optimum only ties it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linprog, milp
from scipy.sparse import csc_matrix

from tournaments.domain.pairing.exact_limits import (  # noqa: F401 (their home)
    EXACT_MAX_PLAYERS,
    TIME_GUARD_S,
    ExactLimits,
)

PRICE_BATCH = 3
"""Columns that join the master per player and round of pricing (the most negative ones)."""

TOLERANCE = 1e-6
"""Slack for the solver's floating point on integer costs."""

UNIT_TARGETS = 4
"""Targets searched one cost unit apart before the step starts doubling."""

CUT_TOLERANCE = 1e-3
CUT_BATCH = 200
"""Triangle cuts join when violated by more than CUT_TOLERANCE, at most CUT_BATCH per round."""


@dataclass(frozen=True, slots=True)
class ExactResult:
    """What the exact step found.

    ``groups``: the optimum's tables as rank indices, or None when the heuristic's seating stands
    (it is optimal, or the search gave up); ``proven``: the seating the caller keeps is optimal;
    ``how``: ``"bound"`` (the heuristic met the LP bound), ``"milp"`` (the integer programme
    proved it), the limit that struck first (``"rounds-limit"``, ``"simplex-limit"``,
    ``"tables-limit"``, ``"nodes-limit"``), ``"time-capped"`` (the last-resort guard) or
    ``"solver-failed"``; ``lower_bound``: the LP bound; ``columns``: the tables in the last
    integer programme (0 when none ran); ``work``: (master LPs, simplex iterations, tables in
    integer programmes) actually used.
    """

    groups: list[list[int]] | None
    proven: bool
    how: str
    lower_bound: float
    columns: int = 0
    work: tuple[int, int, int] = (0, 0, 0)


@lru_cache(maxsize=4)
def combinations_array(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n), ascending within a row, as an array of shape (C(n, k), k).

    Only the last few fields' tables stay cached (a worker meets many field sizes, and all
    4-subsets of 64 players take 5 MB); the smaller pieces they are built from stay cached
    for all field sizes (about 4 MB in all up to 64 players).
    """
    return _combinations(n, k)


def _combinations(n: int, k: int) -> np.ndarray:
    if k == 1:
        return np.arange(n, dtype=np.int16).reshape(n, 1)
    parts = []
    for first in range(n - k + 1):
        rest = _pieces(n - first - 1, k - 1) + np.int16(first + 1)
        head = np.full((len(rest), 1), first, dtype=np.int16)
        parts.append(np.hstack((head, rest)))
    if not parts:
        return np.empty((0, k), dtype=np.int16)
    result = np.vstack(parts)
    result.flags.writeable = False
    return result


@cache
def _pieces(n: int, k: int) -> np.ndarray:
    return _combinations(n, k)


def _penalties(
    n: int,
    met: Sequence[set[int]],
    last: Sequence[set[int]],
    team_of: Sequence[int | None] | None,
    weights: tuple[int, int, int],
) -> np.ndarray:
    """Cost of each pair sitting together, as :meth:`SeatingSearch.table_cost` charges it."""
    wr, wc, wt = weights
    pairs = np.zeros((n, n), dtype=np.int64)
    for a in range(n):
        for b in met[a]:
            pairs[a, b] = wr + wc if b in last[a] else wr
    if team_of is not None and wt:
        teams = np.array([-1 if t is None else t for t in team_of], dtype=np.int64)
        same = (teams[:, None] == teams[None, :]) & (teams[:, None] >= 0)
        np.fill_diagonal(same, False)
        pairs += wt * same
    return pairs


def candidates(
    n: int,
    size: int,
    pairs: np.ndarray,
    upper: int,
    pin_slot: Sequence[int],
    sizes: Sequence[int],
) -> tuple[np.ndarray, np.ndarray]:
    """Every table of ``size`` players that costs at most ``upper`` and keeps the pins: the
    tables (rank indices) and their costs."""
    tables = combinations_array(n, size)
    cost = (tables[:, -1] - tables[:, 0] - (size - 1)).astype(np.int64)
    for i in range(size):
        for j in range(i + 1, size):
            cost += pairs[tables[:, i], tables[:, j]]
    keep = cost <= upper
    pins_by_slot: dict[int, list[int]] = {}
    for player, slot in enumerate(pin_slot):
        if slot >= 0:
            pins_by_slot.setdefault(slot, []).append(player)
    if pins_by_slot:
        touched = np.zeros(len(tables), dtype=np.int64)
        for slot, players in pins_by_slot.items():
            count = np.zeros(len(tables), dtype=np.int64)
            for player in players:
                count += (tables == player).any(axis=1)
            ok = (count == 0) | ((count == len(players)) & (sizes[slot] == size))
            keep &= ok
            touched += count > 0
        keep &= touched <= 1
    return tables[keep], cost[keep]


def solve(
    *,
    n: int,
    sizes: Sequence[int],
    pin_slot: Sequence[int],
    met: Sequence[set[int]],
    last: Sequence[set[int]],
    team_of: Sequence[int | None] | None,
    weights: tuple[int, int, int],
    start: Sequence[Sequence[int]],
    start_cost: int,
    limits: ExactLimits,
    deadline: float,
) -> ExactResult:
    """The optimum seating, starting from ``start`` (a seating of cost ``start_cost``), within
    ``limits``; ``deadline`` (``time.perf_counter()``) is the last-resort guard only."""
    kinds = sorted(set(sizes))
    counts = np.array([sizes.count(k) for k in kinds], dtype=float)
    pairs = _penalties(n, met, last, team_of, weights)
    blocks, costs, kind_of = [], [], []
    for at, size in enumerate(kinds):
        tables, cost = candidates(n, size, pairs, start_cost, pin_slot, sizes)
        blocks.append(tables)
        costs.append(cost)
        kind_of.append(np.full(len(tables), at, dtype=np.int64))
    master = _Master(n, kinds, counts, blocks, np.concatenate(costs), np.concatenate(kind_of))
    master.add_start(start)
    work = _Work(limits, deadline)
    lower = -np.inf
    while True:
        lp, failure = master.solve_lp(work)
        if lp is None:
            return work.result(failure, lower)
        reduced = master.reduced_costs(lp)
        lower = max(lower, master.lagrangian_bound(lp, reduced))
        if start_cost <= np.ceil(lower - TOLERANCE):
            return ExactResult(None, True, "bound", lower, 0, work.used())
        if master.add_columns(reduced) or master.add_cuts(lp):
            continue
        break

    # Every column priced, every violated triangle cut in: lp.fun is a lower bound L, and a
    # seating of cost <= L + t uses only columns of reduced cost <= t. So search below rising
    # targets: the integer programme over those columns finds the optimum once it finds a
    # seating within the target, and nothing below the start once the target reaches it. The
    # last target decides alone: when the tables budget can pay for it, a smaller target is
    # tried only while the budget can still pay for the last one after it.
    def within(target: int) -> np.ndarray:
        slack = target - lp.fun + TOLERANCE * max(1.0, abs(lp.fun))
        return np.flatnonzero(reduced <= slack)

    targets = _targets(int(np.ceil(lp.fun - TOLERANCE)), start_cost - 1)
    decisive = len(within(targets[-1])) if targets else 0
    known: tuple[int, int | None, np.ndarray | None] = (-1, None, None)
    for target in targets:
        keep = within(target)
        if len(keep) != known[0]:
            if (
                target != targets[-1]
                and work.affords(decisive)
                and not work.affords(len(keep) + decisive)
            ):
                target, keep = targets[-1], within(targets[-1])
            if not work.affords(len(keep)):
                return work.result("tables-limit", lower, len(keep))
            result = _integer_programme(master, keep, target, work)
            if result.status == 2 or (result.status == 0 and result.x is None):
                known = (len(keep), None, None)
            elif result.status == 0:
                picked = keep[np.flatnonzero(result.x > 0.5)]
                known = (len(keep), int(master.cost[picked].sum()), picked)
            else:
                return work.result(work.failure(result), lower, len(keep))
        _count, found, picked = known
        if found is not None and found <= target:
            groups = [[int(p) for p in master.tables[j] if p < n] for j in picked]
            return ExactResult(groups, True, "milp", lower, len(keep), work.used())
        if target == targets[-1]:
            break
    return ExactResult(None, True, "milp", lower, int(known[0]), work.used())


def _integer_programme(master: _Master, keep: np.ndarray, target: int, work: _Work):
    """HiGHS over the tables ``keep``: the cheapest seating of cost at most ``target``."""
    work.tables += len(keep)
    return milp(
        master.cost[keep],
        constraints=[
            *master.constraints(keep),
            LinearConstraint(csc_matrix(master.cost[keep].reshape(1, -1)), -np.inf, target),
        ],
        integrality=np.ones(len(keep)),
        bounds=Bounds(0, 1),
        options={
            "node_limit": work.limits.nodes,
            "time_limit": work.seconds_left(),
            "mip_rel_gap": 0.0,
        },
    )


class _Work:
    """The work done so far against the limits, and the last-resort wall-clock guard."""

    def __init__(self, limits: ExactLimits, deadline: float) -> None:
        self.limits, self.deadline = limits, deadline
        self.rounds = self.simplex = self.tables = 0

    def used(self) -> tuple[int, int, int]:
        return (self.rounds, self.simplex, self.tables)

    def seconds_left(self) -> float:
        return max(0.0, self.deadline - time.perf_counter())

    def affords(self, tables: int) -> bool:
        return self.tables + tables <= self.limits.tables

    def failure(self, result) -> str:
        """Why HiGHS stopped without an answer: the guard, a limit, or a failure."""
        if result.status == 1 and not self.seconds_left():
            return "time-capped"
        if result.status == 1:
            return "simplex-limit"
        if result.status == 4 and "Solution limit" in str(result.message):
            return "nodes-limit"
        return "solver-failed"

    def result(self, how: str, lower: float, columns: int = 0) -> ExactResult:
        return ExactResult(None, False, how, lower, columns, self.used())


def _targets(first: int, last: int) -> list[int]:
    """Costs to search below, from the bound up to just under the start: one by one at first,
    then doubling the step (with a repeat in the start, costs jump by the repeat's weight)."""
    targets, step, target = [], 1, first
    while target < last:
        targets.append(target)
        target += step
        if len(targets) >= UNIT_TARGETS:
            step *= 2
    if first <= last:
        targets.append(last)
    return targets


class _Master:
    """The restricted master problem over the candidate tables, with triangle cuts.

    Tables are padded to the largest size with the dummy player n, whose dual is 0. A triangle
    cut for players {a, b, c}: at most one table holds two or more of them (any two such tables
    share a player). The LP often seats a, b, c pairwise at half weight across three tables;
    the cut removes that. A table's coefficient in the cut is (pairs of the table inside the
    triangle) - 2 * (the triangle inside the table), so pricing needs only pair and triple
    lookups however many cuts there are.
    """

    def __init__(
        self,
        n: int,
        kinds: list[int],
        counts: np.ndarray,
        blocks: list[np.ndarray],
        cost: np.ndarray,
        kind: np.ndarray,
    ) -> None:
        self.n, self.kinds, self.counts = n, kinds, counts
        width = max(kinds)
        padded = []
        for block in blocks:
            rows = np.full((len(block), width), n, dtype=np.int64)
            rows[:, : block.shape[1]] = block
            padded.append(rows)
        self.tables = np.vstack(padded)
        self.cost = cost.astype(float)
        self.kind = kind
        self.rhs = np.concatenate((np.ones(n), counts))
        self.in_master = np.zeros(len(self.tables), dtype=bool)
        positions = range(width)
        self.pair_positions = [(i, j) for i in positions for j in positions if i < j]
        self.triple_positions = [
            (i, j, k) for i in positions for j in positions for k in positions if i < j < k
        ]
        self.cuts = np.empty((0, 3), dtype=np.int64)

    def add_start(self, start: Sequence[Sequence[int]]) -> None:
        """The heuristic's tables: the master is feasible from the first round on."""
        keys = self._keys(self.tables)
        for group in start:
            row = np.full((1, self.tables.shape[1]), self.n, dtype=np.int64)
            row[0, : len(group)] = sorted(group)
            self.in_master[np.flatnonzero(keys == self._keys(row)[0])] = True

    def _keys(self, tables: np.ndarray) -> np.ndarray:
        """One integer per table (its players in base n + 1)."""
        keys = np.zeros(len(tables), dtype=np.int64)
        for column in range(tables.shape[1]):
            keys = keys * (self.n + 1) + tables[:, column]
        return keys

    def _cut_matrix(self, chosen: np.ndarray) -> csc_matrix:
        """Coefficients of the cuts (rows) for the tables ``chosen`` (columns)."""
        sub = self.tables[chosen]
        inside = (sub[:, None, :, None] == self.cuts[None, :, None, :]).any(axis=3).sum(axis=2)
        return csc_matrix((inside >= 2).T.astype(float))

    def _incidence(self, chosen: np.ndarray) -> csc_matrix:
        n = self.n
        sub = self.tables[chosen]
        entries = sub < n
        row = np.concatenate((sub[entries], n + self.kind[chosen]))
        col = np.concatenate((np.nonzero(entries)[0], np.arange(len(chosen))))
        return csc_matrix((np.ones(len(row)), (row, col)), shape=(n + len(self.kinds), len(chosen)))

    def constraints(self, chosen: np.ndarray) -> list[LinearConstraint]:
        result = [LinearConstraint(self._incidence(chosen), self.rhs, self.rhs)]
        if len(self.cuts):
            result.append(LinearConstraint(self._cut_matrix(chosen), -np.inf, 1.0))
        return result

    def solve_lp(self, work: _Work):
        """The master LP within the rounds and simplex iterations left: (lp, "") or (None, why
        not)."""
        iterations = work.limits.simplex - work.simplex
        if work.rounds >= work.limits.rounds:
            return None, "rounds-limit"
        if iterations <= 0:
            return None, "simplex-limit"
        if not work.seconds_left():
            return None, "time-capped"
        chosen = np.flatnonzero(self.in_master)
        cut_rows = self._cut_matrix(chosen) if len(self.cuts) else None
        lp = linprog(
            self.cost[chosen],
            A_ub=cut_rows,
            b_ub=np.ones(len(self.cuts)) if len(self.cuts) else None,
            A_eq=self._incidence(chosen),
            b_eq=self.rhs,
            bounds=(0, None),
            method="highs",
            options={"maxiter": iterations, "time_limit": work.seconds_left()},
        )
        work.rounds += 1
        work.simplex += int(lp.nit)
        if lp.status != 0:
            return None, work.failure(lp)
        lp.chosen = chosen
        return lp, ""

    def reduced_costs(self, lp) -> np.ndarray:
        n, tables = self.n, self.tables
        duals = np.append(lp.eqlin.marginals[:n], 0.0)
        reduced = self.cost - duals[tables].sum(axis=1) - lp.eqlin.marginals[n + self.kind]
        if len(self.cuts):
            sigma = lp.ineqlin.marginals  # <= 0
            pair = np.zeros((n + 1, n + 1))
            triple = np.zeros((n + 1, n + 1, n + 1))
            for (a, b, c), s in zip(self.cuts, sigma, strict=True):
                pair[a, b] += s
                pair[a, c] += s
                pair[b, c] += s
                triple[a, b, c] = s
            for i, j in self.pair_positions:
                reduced -= pair[tables[:, i], tables[:, j]]
            for i, j, k in self.triple_positions:
                reduced += 2 * triple[tables[:, i], tables[:, j], tables[:, k]]
        return reduced

    def lagrangian_bound(self, lp, reduced: np.ndarray) -> float:
        """Any seating costs at least the master's value plus, per table size, its count times
        the smallest reduced cost of that size (the cuts' duals are <= 0 and their rows <= 1)."""
        bound = lp.fun
        for at in range(len(self.kinds)):
            of_kind = reduced[self.kind == at]
            if len(of_kind):
                bound += self.counts[at] * min(0.0, float(of_kind.min()))
        return bound

    def add_columns(self, reduced: np.ndarray) -> bool:
        negative = np.flatnonzero((reduced < -TOLERANCE) & ~self.in_master)
        batch = PRICE_BATCH * self.n
        if len(negative) > batch:
            negative = negative[np.argpartition(reduced[negative], batch)[:batch]]
        self.in_master[negative] = True
        return bool(len(negative))

    def add_cuts(self, lp) -> bool:
        """Add the most violated triangle cuts of the LP's solution; False when none is."""
        n = self.n
        used = np.flatnonzero(lp.x > TOLERANCE)
        weight = lp.x[used]
        sub = self.tables[lp.chosen[used]]
        pair = np.zeros((n + 1, n + 1))
        triple = np.zeros((n + 1, n + 1, n + 1))
        for i, j in self.pair_positions:
            np.add.at(pair, (sub[:, i], sub[:, j]), weight)
        for i, j, k in self.triple_positions:
            np.add.at(triple, (sub[:, i], sub[:, j], sub[:, k]), weight)
        pair, triple = pair[:n, :n], triple[:n, :n, :n]
        lhs = pair[:, :, None] + pair[:, None, :] + pair[None, :, :] * 1.0 - 2 * triple
        a, b, c = np.nonzero(np.triu(np.ones((n, n), dtype=bool), 1)[:, :, None] & _upper3(n))
        values = lhs[a, b, c]
        violated = np.flatnonzero(values > 1 + CUT_TOLERANCE)
        if not len(violated):
            return False
        if len(violated) > CUT_BATCH:
            violated = violated[np.argpartition(-values[violated], CUT_BATCH)[:CUT_BATCH]]
        found = np.stack((a[violated], b[violated], c[violated]), axis=1)
        self.cuts = np.vstack((self.cuts, found))
        return True


@cache
def _upper3(n: int) -> np.ndarray:
    """Mask of (a, b, c) with b < c, shape (1, n, n): with a < b it gives a < b < c."""
    return np.triu(np.ones((n, n), dtype=bool), 1)[None, :, :]
