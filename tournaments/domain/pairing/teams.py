"""Team-mates apart at the tables of a Städtekampf (SPEC §1 special tournaments, Klub 6.2.1).

A soft constraint: after "no repeat meetings" (Klub 7.1) and before the rank spread, the pairing
avoids seating two players of the same team at one table. ``teams`` maps a player id to a team id;
players without a team are missing from it (or map to nothing) and never clash.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

NO_TEAMS: Mapping[int, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class TeamClash:
    """Team-mates at one table: the table number (1-based), the team and its players there."""

    table: int
    team: int
    players: tuple[int, ...]

    @property
    def pairs(self) -> int:
        """Pairs of team-mates this clash makes (3 team-mates at a table are 3 pairs)."""
        k = len(self.players)
        return k * (k - 1) // 2


def team_clashes(
    tables: Sequence[Sequence[int]], teams: Mapping[int, int]
) -> tuple[TeamClash, ...]:
    """Every table holding two or more players of one team, by table then team."""
    if not teams:
        return ()
    clashes = []
    for number, table in enumerate(tables, start=1):
        by_team: dict[int, list[int]] = {}
        for player in table:
            team = teams.get(player)
            if team is not None:
                by_team.setdefault(team, []).append(player)
        for team in sorted(by_team):
            if len(by_team[team]) > 1:
                clashes.append(TeamClash(number, team, tuple(by_team[team])))
    return tuple(clashes)


def clash_pairs(table: Sequence[int], teams: Mapping[int, int]) -> int:
    """Pairs of team-mates at one table."""
    seen: dict[int, int] = {}
    pairs = 0
    for player in table:
        team = teams.get(player)
        if team is not None:
            pairs += seen.get(team, 0)
            seen[team] = seen.get(team, 0) + 1
    return pairs


def separate_teams(
    groups: list[list[int]],
    teams: Mapping[int, int],
    *,
    pinned: Mapping[int, int],
    rng: random.Random,
) -> int:
    """Round 1 of a team contest: repair a random seating so team-mates sit apart (in place).

    Our method ("teams-v1"): the random draw stands, then, as long as a table holds
    team-mates, one of them (picked at random) swaps with a player from another table, taken
    in random order, whose swap lowers the number of team-mate pairs; it stops when no table
    clashes or no single swap helps. Only clashing players move, so the rest of the draw stays
    as random as it was. Pinned players never move. Returns the number of swaps made.
    """
    if not teams:
        return 0
    swaps = 0
    while True:
        clashing = [
            (slot, player)
            for slot, group in enumerate(groups)
            for player in group
            if player not in pinned
            and teams.get(player) is not None
            and sum(1 for other in group if teams.get(other) == teams[player]) > 1
        ]
        if not clashing:
            return swaps
        rng.shuffle(clashing)
        if not any(_improving_swap(groups, teams, pinned, rng, s, p) for s, p in clashing):
            return swaps
        swaps += 1


def _improving_swap(
    groups: list[list[int]],
    teams: Mapping[int, int],
    pinned: Mapping[int, int],
    rng: random.Random,
    slot: int,
    player: int,
) -> bool:
    """Swap ``player`` with someone elsewhere if that lowers the team-mate pairs; True if done."""
    candidates = [
        (other_slot, other)
        for other_slot, group in enumerate(groups)
        if other_slot != slot
        for other in group
        if other not in pinned
    ]
    rng.shuffle(candidates)
    here = groups[slot]
    for other_slot, other in candidates:
        there = groups[other_slot]
        before = clash_pairs(here, teams) + clash_pairs(there, teams)
        new_here = [other if x == player else x for x in here]
        new_there = [player if x == other else x for x in there]
        if clash_pairs(new_here, teams) + clash_pairs(new_there, teams) < before:
            groups[slot], groups[other_slot] = new_here, new_there
            return True
    return False
