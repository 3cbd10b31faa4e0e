"""The German ranking (SPEC §9): per year and player, the standings chain over counted rounds.

Rules: Klub 1.1 and 6.3 (only tournaments under these rules count, with all their rounds), 3.1.1
(a tournament struck off by the commission does not count), 4.5 and 6.1 (excluded players and
reserves are not ranked). The order is the standings chain of Klub 10.1 (`tournaments.domain.
standings`); the formula itself is our design (SPEC §9), stated on the ranking page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ranking.domain.versions import RankingRules
from tournaments.domain.standings import sort_key
from tournaments.domain.totals import add_game, totals_from

RankedRound = tuple[int, int, bool, int, int, int, int, int, int, int, int, int]
"""One player's round as the ranking reads it from the stored round sums: (tournament, player,
reserve, round number, placement points, game points, 1st, 2nd, 3rd, 4th places, minus points,
games)."""

RankedGame = tuple[int, int, bool, int, int, int, int]
"""One player's scored game (a commission correction's lines): (tournament, player, reserve,
round number, place, placement points, game points)."""


class Contribution(NamedTuple):
    """A player's sums from one tournament (stored, so one round only recomputes its tournament).
    A named tuple: a year has tens of thousands, read on every recompute."""

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


def ranked_rounds(games: Iterable[RankedGame]) -> list[RankedRound]:
    """Scored games (a correction's lines) as per-round sums, like the stored ones."""
    sums: dict[tuple[int, int, bool, int], list[int]] = {}
    for tid, pid, reserve, round_number, place, pp, gp in games:
        add_game(sums.setdefault((tid, pid, reserve, round_number), [0] * 8), place, pp, gp)
    return [(*key, *acc) for key, acc in sums.items()]


def contributions(
    rounds: Iterable[RankedRound],
    *,
    excluded: frozenset[tuple[int, int]] = frozenset(),
    struck: frozenset[int] = frozenset(),
) -> list[Contribution]:
    """Per tournament and player: the Klub 10.1 sums plus rounds and games played, ordered by
    tournament, then player.

    Reserves' games are not ranked (Klub 6.1), nor players with a red card in that tournament
    (``excluded``: (tournament, player) pairs, Klub 4.5), nor struck tournaments (Klub 3.1.1).
    Plain tuples in, no object per round: a year has a hundred thousand of them.
    """
    acc: dict[tuple[int, int], list[int]] = {}
    rounds_of: dict[tuple[int, int], set[int]] = {}
    for tid, pid, reserve, number, pp, gp, first, second, third, fourth, minus, games in rounds:
        if reserve or tid in struck or (tid, pid) in excluded:
            continue
        key = (tid, pid)
        a = acc.get(key)
        if a is None:
            a = acc[key] = [0] * 8
            rounds_of[key] = set()
        a[0] += pp
        a[1] += gp
        a[2] += first
        a[3] += second
        a[4] += third
        a[5] += fourth
        a[6] += minus
        a[7] += games
        rounds_of[key].add(number)
    result = []
    for (tid, pid), a in sorted(acc.items()):
        t = totals_from(pid, a)
        result.append(
            Contribution(
                tournament_id=tid,
                player_id=pid,
                rounds=len(rounds_of[(tid, pid)]),
                games=t.games,
                placement_points=t.placement_points,
                game_points=t.game_points,
                placings=t.placings,
                minus_points=t.minus_points,
            )
        )
    return result


class PlayerYear(NamedTuple):
    """A player's sums over the counted tournaments of a year (before ranking)."""

    player_id: int
    tournaments: int
    rounds: int
    games: int
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int


def year_totals(
    contribs: Iterable[Contribution], *, struck: frozenset[int] = frozenset()
) -> list[PlayerYear]:
    """Per player, the sums of the year's contributions; struck tournaments (Klub 3.1.1) and
    contributions without a game are left out."""
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
    return [
        PlayerYear(pid, a[0], a[1], a[2], a[3], a[4], (a[5], a[6], a[7], a[8]), a[9])
        for pid, a in acc.items()
    ]


def rank_players(years: Iterable[PlayerYear], *, rules: RankingRules) -> tuple[RankingRow, ...]:
    """The ranking of a year from each player's sums: ordered by the chain, ranks 1, 2, 2, 4.

    Within a shared rank rows are listed by player id (listing order only).
    """
    ruleset = rules.ruleset
    keyed = sorted(
        ((sort_key(y, ruleset), y) for y in years),
        key=lambda item: (tuple(-v for v in item[0]), item[1].player_id),
    )
    rows: list[RankingRow] = []
    previous: tuple[int, ...] | None = None
    rank = 0
    for position, (key, y) in enumerate(keyed, start=1):
        if key != previous:
            rank = position
            previous = key
        rows.append(
            RankingRow(
                rank=rank,
                player_id=y.player_id,
                tournaments=y.tournaments,
                rounds=y.rounds,
                games=y.games,
                placement_points=y.placement_points,
                game_points=y.game_points,
                placings=y.placings,
                minus_points=y.minus_points,
            )
        )
    return tuple(rows)


def compute_ranking(
    contribs: Iterable[Contribution],
    *,
    rules: RankingRules,
    struck: frozenset[int] = frozenset(),
) -> tuple[RankingRow, ...]:
    """The ranking of a year from its contributions: :func:`year_totals`, then
    :func:`rank_players`."""
    return rank_players(year_totals(contribs, struck=struck), rules=rules)
