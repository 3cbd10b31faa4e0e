"""A player's career in numbers (issue 33.1): sums over the published games, per year and over
all years, the placement distribution, best results and head-to-head.

Rules read here (SPEC §4, §5, Klub 10.1):

* A game's place is the one its sheet was scored with: equal game points share a place, and
  the next place is skipped ("places 1, 2, 2, 4"). The distribution counts each game under the
  place the player got, as the standings' "better placings" key does: a shared 2nd place is a
  2nd place for both, and nobody is 3rd in that game.
* A game won is a 1st place (001 §22.7 reads "games won (1st places)"); a shared 1st place
  (a pool-exhausted game the referee did not split) is won by both.
* Head-to-head: of two players at the same game, the one with the better (lower) place placed
  ahead; a shared place is level, neither ahead.
* Reserves played their games (Klub 6.1): those count in a career. The official ranking, which
  does not rank them, is a separate figure (`RankingPosition`).

No Django here: the selectors read the rows, these functions add them up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple


class CareerGame(NamedTuple):
    """One published game of the player (a scored line): where, when and how it went."""

    tournament_id: int
    year: int
    day: date
    round_number: int
    final: bool
    table_id: int
    game_number: int
    place: int
    placement_points: int
    game_points: int
    reserve: bool


class SeatResult(NamedTuple):
    """Anyone's place in one game of a table (the head-to-head reads every seat of the tables
    the player sat at)."""

    table_id: int
    game_number: int
    player_id: int
    place: int


def hundredths(total: int, count: int) -> int:
    """``total / count`` in hundredths, rounded half up (as the ranking's per-game figure);
    0 without a game."""
    return (200 * total + count) // (2 * count) if count else 0


def placement_distribution(places: Iterable[int]) -> tuple[int, int, int, int]:
    """How many games ended on place 1, 2, 3 and 4, counting each game under the place its
    sheet gave (shared places as the rules number them: 1, 2, 2, 4 is one 1st, two 2nd, no 3rd
    and one 4th). Places outside 1–4 cannot be stored and are not counted."""
    counts = [0, 0, 0, 0]
    for place in places:
        if 1 <= place <= 4:
            counts[place - 1] += 1
    return (counts[0], counts[1], counts[2], counts[3])


@dataclass(frozen=True, slots=True)
class Tally:
    """Sums over some games of a player."""

    tournaments: int
    rounds: int
    games: int
    won: int
    placings: tuple[int, int, int, int]
    placement_points: int
    game_points: int

    @property
    def placement_points_per_game(self) -> int:
        """Placement points per game, in hundredths (235 is 2.35)."""
        return hundredths(self.placement_points, self.games)

    @property
    def game_points_per_game(self) -> int:
        """Game points per game, in hundredths (may be negative)."""
        return hundredths(self.game_points, self.games)


EMPTY = Tally(0, 0, 0, 0, (0, 0, 0, 0), 0, 0)


def tally(games: Iterable[CareerGame]) -> Tally:
    """Tournaments, rounds (a tournament's round counts once however many games of it the
    player played), games, games won, placings and points of these games."""
    games = list(games)
    if not games:
        return EMPTY
    placings = placement_distribution(g.place for g in games)
    return Tally(
        tournaments=len({g.tournament_id for g in games}),
        rounds=len({(g.tournament_id, g.round_number) for g in games}),
        games=len(games),
        won=placings[0],
        placings=placings,
        placement_points=sum(g.placement_points for g in games),
        game_points=sum(g.game_points for g in games),
    )


def tally_by_year(games: Iterable[CareerGame]) -> dict[int, Tally]:
    """`tally` per ranking year, newest year first."""
    years: dict[int, list[CareerGame]] = {}
    for g in games:
        years.setdefault(g.year, []).append(g)
    return {year: tally(years[year]) for year in sorted(years, reverse=True)}


class Meeting(NamedTuple):
    """The player against one opponent: games at the same table, and who placed ahead."""

    opponent_id: int
    games: int
    ahead: int  #: the player placed ahead of the opponent
    behind: int  #: the opponent placed ahead
    level: int  #: shared place


def head_to_head(player_id: int, seats: Iterable[SeatResult]) -> list[Meeting]:
    """Every opponent the player met at a game (``seats``: every seat of the tables the player
    sat at, the player's own included, as `SeatResult` or plain tuples in its field order), most
    games together first, then the better balance, then by id (a stable order)."""
    games: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for table_id, game_number, pid, place in seats:  # unpacked: plain tuples will do
        games.setdefault((table_id, game_number), []).append((pid, place))
    acc: dict[int, list[int]] = {}
    for at_game in games.values():
        own = next((place for pid, place in at_game if pid == player_id), None)
        if own is None:  # the player did not play this game of the table (SPEC §7)
            continue
        for pid, place in at_game:
            if pid == player_id:
                continue
            a = acc.setdefault(pid, [0, 0, 0, 0])
            a[0] += 1
            if own < place:
                a[1] += 1
            elif own > place:
                a[2] += 1
            else:
                a[3] += 1
    meetings = [Meeting(pid, *a) for pid, a in acc.items()]
    meetings.sort(key=lambda m: (-m.games, -(m.ahead - m.behind), m.opponent_id))
    return meetings


class TournamentResult(NamedTuple):
    """The player's place in a tournament's final published standings."""

    tournament_id: int
    year: int
    day: date
    rank: int
    field: int  #: players ranked in those standings
    finalist: bool


def best_results(results: Iterable[TournamentResult], *, count: int = 5) -> list[TournamentResult]:
    """The best tournament results: the better place first; of equal places the larger field,
    then the newer tournament."""
    ordered = sorted(results, key=lambda r: (r.rank, -r.field, -r.day.toordinal(), r.tournament_id))
    return ordered[:count]


def last_games(games: Iterable[CareerGame], *, count: int = 10) -> list[CareerGame]:
    """The newest games: by the tournament's day, round and game, newest first."""
    ordered = sorted(
        games,
        key=lambda g: (g.day, g.tournament_id, g.round_number, g.game_number),
        reverse=True,
    )
    return ordered[:count]
