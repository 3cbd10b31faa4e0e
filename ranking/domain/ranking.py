"""The German ranking (SPEC §9): per year and player, the standings chain over counted rounds.

Rules: Klub 1.1 and 6.3 (only tournaments under these rules count, with all their rounds), 3.1.1
(a tournament struck off by the commission does not count), 4.5 and 6.1 (excluded players and
reserves are not ranked). The order is the standings chain of Klub 10.1 (`tournaments.domain.
standings`); the formula itself is our design (SPEC §9), stated on the ranking page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ranking.domain.versions import RankingRules
from tournaments.domain.rules import get_ruleset
from tournaments.domain.sheets import score_sheet
from tournaments.domain.standings import GameLine, Totals, sort_key, totals_for


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A seat letter of one table in one round; reserves play but are not ranked."""

    letter: str
    player_id: int
    reserve: bool = False


@dataclass(frozen=True, slots=True)
class TableSheet:
    """One table's confirmed, published sheet in one round of one tournament.

    ``seats`` are ordered by letter; ``games`` are the sheet's stored games (as entered).
    """

    tournament_id: int
    round_number: int
    table_number: int
    ruleset_code: str
    seats: tuple[SeatRef, ...]
    games: tuple[dict, ...]


@dataclass(frozen=True, slots=True)
class RankingLine:
    """One ranked player's game: the standings' GameLine plus the tournament it belongs to."""

    tournament_id: int
    line: GameLine


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


def ranking_lines(
    sheets: Iterable[TableSheet],
    *,
    corrections: Mapping[tuple[int, int, int], tuple[dict, ...]] | None = None,
    excluded: frozenset[tuple[int, int]] = frozenset(),
    struck: frozenset[int] = frozenset(),
) -> list[RankingLine]:
    """Scored games of the players who are ranked from them.

    ``corrections`` maps (tournament, round, table) to the games an upheld decision corrected
    (they replace the sheet's games for the ranking only); ``excluded`` holds (tournament,
    player) pairs with a red card; ``struck`` the tournaments struck off (Klub 3.1.1).
    """
    corrections = corrections or {}
    lines: list[RankingLine] = []
    for sheet in sheets:
        if sheet.tournament_id in struck:
            continue
        key = (sheet.tournament_id, sheet.round_number, sheet.table_number)
        games = corrections.get(key, sheet.games)
        ruleset = get_ruleset(sheet.ruleset_code)
        by_letter = {seat.letter: seat for seat in sheet.seats}
        letters = tuple(by_letter)
        for result in score_sheet(games, letters=letters, ruleset=ruleset):
            for entry in result.entries:
                seat = by_letter[entry.letter]
                if seat.reserve or (sheet.tournament_id, seat.player_id) in excluded:
                    continue
                lines.append(
                    RankingLine(
                        tournament_id=sheet.tournament_id,
                        line=GameLine(
                            player_id=seat.player_id,
                            round_number=sheet.round_number,
                            game_number=result.number,
                            game_points=entry.game_points,
                            place=entry.place,
                            placement_points=entry.placement_points,
                        ),
                    )
                )
    return lines


def contributions(lines: Iterable[RankingLine]) -> list[Contribution]:
    """Per tournament and player: the Klub 10.1 sums plus rounds and games played."""
    by_tournament: dict[int, list[GameLine]] = {}
    for item in lines:
        by_tournament.setdefault(item.tournament_id, []).append(item.line)
    result: list[Contribution] = []
    for tournament_id in sorted(by_tournament):
        tlines = by_tournament[tournament_id]
        rounds: dict[int, set[int]] = {}
        for line in tlines:
            rounds.setdefault(line.player_id, set()).add(line.round_number)
        totals = totals_for(tlines, sorted(rounds))
        for pid, t in totals.items():
            result.append(
                Contribution(
                    tournament_id=tournament_id,
                    player_id=pid,
                    rounds=len(rounds[pid]),
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
