"""The beam sweep that starts the seating search (SPEC §2, Klub 7.1); see ``search.py``."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournaments.domain.pairing.search import SeatingSearch


def beam_sweep(search: SeatingSearch, width: int) -> bool:
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
    n, sizes, pin_slot = search.n, search.sizes, search.pin_slot
    met, last, wr, wc = search.met, search.last, search.wr, search.wc
    # Without teams no call at all: the sweep is the hot loop of every later round's draw.
    team_cost = search._team_cost if search.team_of is not None else None
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
                    new_groups = (
                        groups[:at] + ((members + (player,), size, new_label),) + groups[at + 1 :]
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
                    if pin in used or kinds[k] != sizes[pin] or unl[k] > free_of[k] + unused - 1:
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
    search.members = members
    for slot, group in enumerate(members):
        for player in group:
            search.slot_of[player] = slot
    return True
