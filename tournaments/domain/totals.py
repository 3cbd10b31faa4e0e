"""A player's sums over games (Klub 10.1): the inputs of the standings chain and the ranking.

One game adds its placement points, game points, its place (1st–4th) and, when the game points
are negative, their amount as minus points. These sums are made here only: per game line
(:func:`totals_for`), per player and round (:func:`round_totals`, also stored with the scored
lines so that readers add a few rounds instead of every game), and over rounds
(:func:`sum_totals`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple


class GameLine(NamedTuple):
    """One player's scored game; minus points derive from negative game points. (A named tuple:
    tens of thousands are made per read, a tuple is the cheapest immutable record.)"""

    player_id: int
    round_number: int
    game_number: int
    game_points: int
    place: int
    placement_points: int


class Totals(NamedTuple):
    """A player's sums over some games: the inputs of the Klub 10.1 chain."""

    player_id: int
    placement_points: int = 0
    game_points: int = 0
    placings: tuple[int, int, int, int] = (0, 0, 0, 0)
    minus_points: int = 0
    games: int = 0


def add_game(acc: list[int], place: int, placement_points: int, game_points: int) -> None:
    """Add one game to the running sums ``[placement points, game points, 1st, 2nd, 3rd, 4th,
    minus points, games]``."""
    if not 1 <= place <= 4:
        raise ValueError(f"Place {place} is not a place in a game.")
    acc[0] += placement_points
    acc[1] += game_points
    acc[1 + place] += 1
    if game_points < 0:
        acc[6] -= game_points
    acc[7] += 1


def totals_from(player_id: int, acc: list[int]) -> Totals:
    """The Totals of running sums made by :func:`add_game`."""
    return Totals(
        player_id=player_id,
        placement_points=acc[0],
        game_points=acc[1],
        placings=(acc[2], acc[3], acc[4], acc[5]),
        minus_points=acc[6],
        games=acc[7],
    )


def totals_for(lines: Iterable[GameLine], player_ids: Iterable[int]) -> dict[int, Totals]:
    """Sum the games of the given players; players without games get zeros."""
    sums: dict[int, list[int]] = {pid: [0] * 8 for pid in player_ids}
    for line in lines:
        acc = sums.get(line.player_id)
        if acc is not None:
            add_game(acc, line.place, line.placement_points, line.game_points)
    return {pid: totals_from(pid, acc) for pid, acc in sums.items()}


def round_totals(lines: Iterable[GameLine]) -> dict[tuple[int, int], Totals]:
    """Per (player, round number), the sums of that player's games in that round."""
    sums: dict[tuple[int, int], list[int]] = {}
    for line in lines:
        key = (line.player_id, line.round_number)
        acc = sums.get(key)
        if acc is None:
            acc = sums[key] = [0] * 8
        add_game(acc, line.place, line.placement_points, line.game_points)
    return {key: totals_from(key[0], acc) for key, acc in sums.items()}


def sum_totals(player_id: int, parts: Iterable[Totals]) -> Totals:
    """One player's sums over several parts (rounds, tournaments)."""
    pp = gp = first = second = third = fourth = minus = games = 0
    for t in parts:
        pp += t.placement_points
        gp += t.game_points
        first += t.placings[0]
        second += t.placings[1]
        third += t.placings[2]
        fourth += t.placings[3]
        minus += t.minus_points
        games += t.games
    return Totals(player_id, pp, gp, (first, second, third, fourth), minus, games)
