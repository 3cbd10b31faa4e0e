"""The skill rating beside the German ranking (issue 33): OpenSkill's Plackett-Luce model
(Weng & Lin 2011, Algorithm 4; the `openskill` package, MIT) over every published game.

This is *not* the German ranking (SPEC §9 stays exactly as the rules define it): it is an
estimate of playing strength, shown beside it.

*Our reading* of what is rated:

- A game is one table's game of one round: the players with a scored line for it (3 or 4; 2 in
  a final of two or after an exclusion, SPEC §7), ordered by their place in that game (SPEC §4).
  Shared places are ties, exactly as the sheet scored them (places 1, 2, 2, 4: the two seconds
  tie). A game of fewer than two players tells nothing and is left out.
- Reserves' games count (they played, Klub 6.1), only published rounds count, and an excluded
  player's games from the game of the red card on do not count (the table-mates' game among
  themselves does).
- Rating periods: all games of a round are rated from the ratings *before* the round and the
  changes are added up (as Glicko's rating periods), so the order of tables and games inside a
  round cannot matter; the rounds follow one fixed order (tournament start date, tournament id,
  round number). The dynamics term tau is added once per round.
- The value shown is conservative: ``mu - 3 sigma`` (the library's ``ordinal()``), with the
  uncertainty ``sigma`` beside it.

One game's update is the library's (`PlackettLuce.rate`) written out for teams of one player:
the library builds objects, copies and checks arguments for each call (110 µs a game), and a
year has 120,000 games; `tests/ranking/domain/test_rating.py` checks that both agree to 1e-9
on random games. Expected results at a table come from the library itself (`predict_win`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from datetime import date
from operator import itemgetter
from typing import NamedTuple

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The library's defaults: mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300."""
MU = MODEL.mu
SIGMA = MODEL.sigma
BETA_SQUARED = MODEL.beta**2
KAPPA = MODEL.kappa
TAU_SQUARED = MODEL.tau**2
Z = 3.0
"""Standard deviations taken off mu for the value shown (the library's ``ordinal``)."""


class Rating(NamedTuple):
    """A player's rating: mean, uncertainty and how many games it rests on."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def display(self) -> float:
        """The conservative value shown: mu - 3 sigma (the true strength is above it with
        99.9 % likelihood under the model)."""
        return self.mu - Z * self.sigma


START = Rating()

Game = tuple[tuple[int, int], ...]
"""One game: (player id, place) per player who played it."""

RoundKey = tuple[date, int, int]
"""The fixed order of rated rounds: (tournament start date, tournament id, round number)."""

Line = tuple[int, int, int, int, int, int]
"""A scored line as the rating reads it: (tournament, round number, table, game number, player,
place)."""


class RoundChange(NamedTuple):
    """One player's rating before and after a round, with the games played in it."""

    player_id: int
    before: Rating
    after: Rating
    games: int


def game_update(seats: list[tuple[float, float, int]]) -> list[tuple[float, float]]:
    """One game of Plackett-Luce for teams of one: ``seats`` as (mu, sigma squared, place),
    sorted by place, sigma already widened by tau; per seat (mu change, factor of sigma
    squared). The library's `PlackettLuce._compute` without weights, scores or balance.

    The rating's hot loop (120,000 games a year): with the seats in place order, the
    library's sums over "everyone placed at or below q" are suffix sums from the first seat of
    q's place, and "everyone placed at or above i" is the prefix up to the last seat of i's
    place."""
    n = len(seats)
    c = math.sqrt(sum(s2 for _, s2, _ in seats) + n * BETA_SQUARED)
    exps = [math.exp(mu / c) for mu, _, _ in seats]
    sum_q = [0.0] * n  # the exps of everyone placed at or below q
    shared = [1.0] * n  # 1 / how many share q's place
    end = [0] * n  # one past the last seat of i's place
    tail = 0.0
    stop = n
    while stop:
        start = stop - 1
        place = seats[start][2]
        while start and seats[start - 1][2] == place:
            start -= 1
        for k in range(start, stop):
            tail += exps[k]
        for k in range(start, stop):
            sum_q[k] = tail
            shared[k] = 1.0 / (stop - start)
            end[k] = stop
        stop = start
    out = []
    for i in range(n):
        e = exps[i]
        omega = 0.0
        delta = 0.0
        for q in range(end[i]):
            share = e / sum_q[q]
            delta += share * (1 - share) * shared[q]
            omega += ((1 - share) if q == i else -share) * shared[q]
        s2 = seats[i][1]
        omega *= s2 / c
        delta *= s2 / c**2 * (math.sqrt(s2) / c)
        out.append((omega, max(1 - delta, KAPPA)))
    # The library's closing step for shared places (the mean of their mu changes) compares each
    # player with itself and changes nothing; so shared places keep their own changes here too.
    return out


_BY_PLACE = itemgetter(1, 0)


def rate_round(ratings: Mapping[int, Rating], games: Iterable[Game]) -> list[RoundChange]:
    """Rate one round: every game from the ratings before the round (missing players start at
    `START`), the changes of a player's games added (mu) and multiplied (sigma squared). Sorted
    by player; the result does not depend on the order of ``games`` or of players in a game
    (games and their seats are put in one order first: the products are not associative in
    floating point)."""
    acc: dict[int, tuple[list[float], list[float]]] = {}
    widened: dict[int, tuple[float, float]] = {}  # player → (mu, sigma squared widened by tau)
    for game in sorted([tuple(sorted(g, key=_BY_PLACE)) for g in games]):
        if len(game) < 2:
            continue
        seats = []
        for pid, place in game:
            state = widened.get(pid)
            if state is None:
                before = ratings.get(pid, START)
                state = widened[pid] = (before.mu, before.sigma * before.sigma + TAU_SQUARED)
            seats.append((state[0], state[1], place))
        for (pid, _), (dmu, factor) in zip(game, game_update(seats), strict=True):
            a = acc.get(pid)
            if a is None:
                acc[pid] = ([dmu], [factor])
            else:
                a[0].append(dmu)
                a[1].append(factor)
    changes = []
    for pid in sorted(acc):
        dmus, factors = acc[pid]
        before = ratings.get(pid, START)
        s2 = widened[pid][1]
        for factor in factors:
            s2 *= factor
        after = Rating(
            mu=before.mu + math.fsum(dmus),
            sigma=math.sqrt(s2),
            games=before.games + len(dmus),
        )
        changes.append(RoundChange(pid, before, after, len(dmus)))
    return changes


def rate_rounds(
    rounds: Mapping[RoundKey, Iterable[Game]], ratings: Mapping[int, Rating] | None = None
) -> Iterator[tuple[RoundKey, list[RoundChange]]]:
    """Rate rounds in their fixed order (`RoundKey`), starting from ``ratings`` (everyone else
    at `START`); yields each round's changes. ``ratings`` is not changed."""
    current = dict(ratings or {})
    for key in sorted(rounds):
        changes = rate_round(current, rounds[key])
        for change in changes:
            current[change.player_id] = change.after
        yield key, changes


def final_ratings(
    rounds: Mapping[RoundKey, Iterable[Game]], ratings: Mapping[int, Rating] | None = None
) -> dict[int, Rating]:
    """The ratings after all ``rounds`` (see `rate_rounds`)."""
    current = dict(ratings or {})
    for _key, changes in rate_rounds(rounds, ratings):
        for change in changes:
            current[change.player_id] = change.after
    return current


def counted_lines(
    lines: Iterable[Line], excluded: Mapping[tuple[int, int], tuple[int, int | None]]
) -> Iterator[Line]:
    """The lines that count: an excluded player's (``excluded``: (tournament, player) → (round
    number, game number or None) of the red card) from the card's game on are left out; a card
    given in a break (no game) leaves out the rounds after it (the round's own games without
    the player are not on the sheet, SPEC §7)."""
    if not excluded:
        yield from lines
        return
    for line in lines:
        card = excluded.get((line[0], line[4]))
        if card is not None:
            round_number, game_number = card
            if line[1] > round_number or (
                line[1] == round_number and game_number is not None and line[3] >= game_number
            ):
                continue
        yield line


def group_rounds(lines: Iterable[Line], dates: Mapping[int, date]) -> dict[RoundKey, list[Game]]:
    """Lines grouped into rated rounds (`RoundKey`, ``dates``: tournament → start date) and
    games (table, game number)."""
    games: dict[tuple[int, int, int, int], list[tuple[int, int]]] = {}
    for tid, round_number, table_id, game_number, pid, place in lines:
        games.setdefault((tid, round_number, table_id, game_number), []).append((pid, place))
    rounds: dict[RoundKey, list[Game]] = {}
    for (tid, round_number, _table, _game), players in games.items():
        rounds.setdefault((dates[tid], tid, round_number), []).append(tuple(players))
    return rounds


class Expectation(NamedTuple):
    """One player's expected result at a table."""

    player_id: int
    win_probability: float
    expected_place: int


def table_expectation(ratings: Mapping[int, Rating]) -> list[Expectation]:
    """The model's expected order at a table (`PlackettLuce.predict_rank`): each player's
    chance to win a game and expected place, best first (ties by player id)."""
    pids = sorted(ratings)
    if len(pids) < 2:
        return [Expectation(pid, 1.0, 1) for pid in pids]
    teams = [[MODEL.rating(mu=ratings[pid].mu, sigma=ratings[pid].sigma)] for pid in pids]
    predicted = MODEL.predict_rank(teams)
    rows = [
        Expectation(pid, probability, place)
        for pid, (place, probability) in zip(pids, predicted, strict=True)
    ]
    return sorted(rows, key=lambda r: (r.expected_place, r.player_id))
