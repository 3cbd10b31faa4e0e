"""The German ranking (SPEC §9): per year and player, the standings chain over counted rounds.

Rules: Klub 1.1 and 6.3 (only tournaments under these rules count, with all their rounds), 3.1.1
(a tournament struck off by the commission does not count), 4.5 and 6.1 (excluded players and
reserves are not ranked). The order is the standings chain of Klub 10.1 (`tournaments.domain.
standings`); the formula itself is our design (SPEC §9), stated on the ranking page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ranking.domain.versions import RankingRules
from tournaments.domain.standings import Totals, add_game, sort_key, totals_from

RankedGame = tuple[int, int, bool, int, int, int, int]
"""One player's scored game as the ranking reads it from the stored lines: (tournament, player,
reserve, round number, place, placement points, game points)."""


@dataclass(frozen=True, slots=True)
class Contribution:
    """A player's sums from one tournament (stored, so one round only recomputes its tournament)."""

    tournament_id: int
    player_id: int
    rounds: int
    games: int
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int


@dataclass(frozen=True, slots=True)
class RankingRow:
    """One line of the ranking of a year."""

    rank: int
    player_id: int
    tournaments: int
    rounds: int
    games: int
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int

    @property
    def placement_points_per_game(self) -> float:
        return self.placement_points / self.games if self.games else 0.0


def contributions(
    games: Iterable[RankedGame],
    *,
    excluded: frozenset[tuple[int, int]] = frozenset(),
    struck: frozenset[int] = frozenset(),
) -> list[Contribution]:
    """Per tournament and player: the Klub 10.1 sums plus rounds and games played, ordered by
    tournament, then player.

    Reserves' games are not ranked (Klub 6.1), nor players with a red card in that tournament
    (``excluded``: (tournament, player) pairs, Klub 4.5), nor struck tournaments (Klub 3.1.1).
    Plain tuples in, no object per game: a year has half a million games.
    """
    acc: dict[tuple[int, int], list[int]] = {}
    rounds: dict[tuple[int, int], set[int]] = {}
    for tid, pid, reserve, round_number, place, pp, gp in games:
        if reserve or tid in struck or (tid, pid) in excluded:
            continue
        key = (tid, pid)
        a = acc.get(key)
        if a is None:
            a = acc[key] = [0] * 8
            rounds[key] = set()
        add_game(a, place, pp, gp)
        rounds[key].add(round_number)
    result = []
    for (tid, pid), a in sorted(acc.items()):
        t = totals_from(pid, a)
        result.append(
            Contribution(
                tournament_id=tid,
                player_id=pid,
                rounds=len(rounds[(tid, pid)]),
                games=t.games,
                placement_points=t.placement_points,
                game_points=t.game_points,
                placings=t.placings,
                minus_points=t.minus_points,
            )
        )
    return result


def compute_ranking(
    contribs: Iterable[Contribution],
    *,
    rules: RankingRules,
    struck: frozenset[int] = frozenset(),
) -> tuple[RankingRow, ...]:
    """The ranking of a year: sums per player, ordered by the chain, ranks 1, 2, 2, 4.

    Within a shared rank rows are listed by player id (listing order only).
    """
    acc: dict[int, list[int]] = {}
    for c in contribs:
        if c.tournament_id in struck or c.games == 0:
            continue
        a = acc.setdefault(c.player_id, [0] * 10)
        a[0] += 1
        a[1] += c.rounds
        a[2] += c.games
        a[3] += c.placement_points
        a[4] += c.game_points
        for i in range(4):
            a[5 + i] += c.placings[i]
        a[9] += c.minus_points
    totals = {
        pid: Totals(
            player_id=pid,
            placement_points=a[3],
            game_points=a[4],
            placings=(a[5], a[6], a[7], a[8]),
            minus_points=a[9],
            games=a[2],
        )
        for pid, a in acc.items()
    }
    ruleset = rules.ruleset
    keyed = sorted(
        ((sort_key(t, ruleset), pid) for pid, t in totals.items()),
        key=lambda item: (tuple(-v for v in item[0]), item[1]),
    )
    rows: list[RankingRow] = []
    previous: tuple[int, ...] | None = None
    rank = 0
    for position, (key, pid) in enumerate(keyed, start=1):
        if key != previous:
            rank = position
            previous = key
        a = acc[pid]
        t = totals[pid]
        rows.append(
            RankingRow(
                rank=rank,
                player_id=pid,
                tournaments=a[0],
                rounds=a[1],
                games=a[2],
                placement_points=t.placement_points,
                game_points=t.game_points,
                placings=t.placings,
                minus_points=t.minus_points,
            )
        )
    return tuple(rows)
