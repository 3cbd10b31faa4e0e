"""Who met whom in the earlier rounds (SPEC §2): the input every later pairing takes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from types import MappingProxyType


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
