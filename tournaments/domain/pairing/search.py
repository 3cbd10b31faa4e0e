"""The seating search behind :func:`pair_next_round` (SPEC §2, Klub 7.1): beam sweep + annealing.

Pure and seeded: the same inputs and seed give the same seating on any machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from operator import itemgetter

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
SOFT_TEAM = 8
"""What a repeated pair, a consecutive repeat and a pair of team-mates cost during the walk, in
units of spread."""

GREEDY_LOOKAHEAD = 12
"""How far down the free players the greedy fill looks for someone not met before."""


EXACT_FIELD_BEAM = 300
"""The sweep's width where the exact step follows (``exact.py``): the heuristic only has to give
a good upper bound (and the seating kept should the proof run out of time); the annealing's
iterations are cheap and stay, the wide sweep's time is better spent on the proof."""


def default_budget(n: int) -> int:
    """Search iterations for a field of n players: deterministic, so draws are reproducible."""
    return 20_000 + 10 * n


def beam_width(n: int, *, exact: bool = False) -> int:
    """Partial seatings the sweep keeps: wide for small fields, narrow for big ones."""
    width = max(BEAM_MIN_WIDTH, min(BEAM_MAX_WIDTH, BEAM_WORK // max(n, 1)))
    return min(width, EXACT_FIELD_BEAM) if exact else width


class SeatingSearch:
    """Seating search over rank indices 0..n-1 (0 = best); slots are table numbers - 1.

    The cost of a table is WR * repeats + WC * consecutive repeats + WT * team-mate pairs +
    excess spread, with weights large enough that the sum compares exactly like
    :func:`objective`. ``team_of`` gives each rank index its team (None: no team); without it
    WT is 0 and the search is the one without teams. Team-mates add O(size) work per table, so a
    move still costs O(1).
    """

    def __init__(
        self,
        sizes: list[int],
        pin_slot: list[int],
        met: list[set[int]],
        last: list[set[int]],
        rng: random.Random,
        team_of: list[int | None] | None = None,
    ) -> None:
        self.n = n = len(pin_slot)
        self.sizes = sizes
        self.pin_slot = pin_slot
        self.met = met
        self.last = last
        self.rng = rng
        self.team_of = team_of
        tables = len(sizes)
        if team_of is not None:
            self.wt = tables * n + 1  # above any total spread
            self.wc = self.wt * (6 * tables + 1)  # above any total of team-mate pairs
        else:
            self.wt = 0
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
        if self.team_of is not None:
            cost += self.wt * self._team_pairs(members)
        return cost

    def _team_pairs(self, members: Sequence[int]) -> int:
        team_of = self.team_of
        pairs = 0
        for i in range(1, len(members)):
            team = team_of[members[i]]
            if team is not None:
                for j in range(i):
                    if team_of[members[j]] == team:
                        pairs += 1
        return pairs

    def _team_cost(self, player: int, members: Sequence[int]) -> int:
        """WT per team-mate of ``player`` among ``members``."""
        if self.team_of is None:
            return 0
        team = self.team_of[player]
        if team is None:
            return 0
        return self.wt * sum(1 for b in members if self.team_of[b] == team)

    def _conflict(self, player: int, members: Sequence[int]) -> int:
        seen, recent = self.met[player], self.last[player]
        return sum(
            (self.wr if b in seen else 0) + (self.wc if b in recent else 0) for b in members
        ) + self._team_cost(player, members)

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
        # Without teams no call at all: the sweep is the hot loop of every later round's draw.
        team_cost = self._team_cost if self.team_of is not None else None
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
                    new_cost = cost + team_cost(player, members) if team_cost else cost
                    if seen:
                        for other in members:
                            if other in seen:
                                new_cost += wr + wc if other in recent else wr
                    if room:
                        grown = (members + (player,), size, new_label)
                        new_groups = groups[:at] + (grown,) + groups[at + 1 :]
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
                        taken = pin in used or kinds[k] != sizes[pin]
                        if taken or unl[k] > free_of[k] + unused - 1:
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

    def install(self, groups: Sequence[Sequence[int]]) -> None:
        """Take a seating given as groups of rank indices (the exact optimum): a group with a
        pinned player goes to that player's table, the others to the free tables of their size."""
        free: dict[int, list[int]] = {}
        for slot, size in enumerate(self.sizes):
            free.setdefault(size, []).append(slot)
        for slot in {self.pin_slot[p] for group in groups for p in group} - {-1}:
            free[self.sizes[slot]].remove(slot)
        members: list[list[int]] = [[] for _ in self.sizes]
        for group in sorted(sorted(g) for g in groups):
            pins = {self.pin_slot[p] for p in group} - {-1}
            slot = pins.pop() if pins else free[len(group)].pop(0)
            members[slot] = list(group)
            for player in group:
                self.slot_of[player] = slot
        self.members = members

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
        wr, wc, wt = self.wr, self.wc, self.wt
        soft_r, soft_c, soft_t = SOFT_REPEAT * 1.0, SOFT_CONSECUTIVE * 1.0, SOFT_TEAM * 1.0
        movable = [slot < 0 for slot in self.pin_slot]
        costs = [self.table_cost(m) for m in members]
        has_movable = [any(movable[p] for p in m) for m in members]

        def soft(cost: int) -> float:
            repeats, rest = divmod(cost, wr)
            consecutive, rest = divmod(rest, wc)
            if not wt:
                return repeats * soft_r + consecutive * soft_c + rest
            team_pairs, spread = divmod(rest, wt)
            return repeats * soft_r + consecutive * soft_c + team_pairs * soft_t + spread

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

    def part_team_mates(self) -> int:
        """After the walk: swap a clashing team-mate with a player elsewhere while that lowers the
        exact cost, best swap first. The walk weighs team-mates softly (SOFT_TEAM) and can stop
        beside a clash one swap removes; the exact weights never trade a repeat for it. Without
        teams nothing moves. Returns the number of swaps."""
        if self.team_of is None:
            return 0
        members, slot_of, cost = self.members, self.slot_of, self.table_cost
        swaps = 0
        while True:
            best = (0, -1, -1)
            for slot, here in enumerate(members):
                if not self._team_pairs(here):
                    continue
                here_cost = cost(here)
                for p in here:
                    if self.pin_slot[p] >= 0 or self._team_cost(p, here) <= self.wt:
                        continue  # pinned, or no team-mate here (its own team counts once)
                    for other, there in enumerate(members):
                        if other == slot:
                            continue
                        before = here_cost + cost(there)
                        for q in there:
                            if self.pin_slot[q] >= 0:
                                continue
                            new_here = [q if x == p else x for x in here]
                            new_there = [p if x == q else x for x in there]
                            delta = cost(new_here) + cost(new_there) - before
                            if delta < best[0]:
                                best = (delta, p, q)
            _delta, p, q = best
            if p < 0:
                return swaps
            slot_p, slot_q = slot_of[p], slot_of[q]
            members[slot_p] = [q if x == p else x for x in members[slot_p]]
            members[slot_q] = [p if x == q else x for x in members[slot_q]]
            slot_of[p], slot_of[q] = slot_q, slot_p
            swaps += 1

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
