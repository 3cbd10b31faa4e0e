"""Tournament standings (SPEC §5; Klub 6.1, 6.2, 10.1; house format 000 §5A).

The chain of Klub 10.1, each key only deciding when all before it are equal:

1. placement points, total;
2. game points, total (plus - minus);
3. better placings: more 1st places, then more 2nd, then more 3rd;
4. fewer minus points (the minus scores alone).

Each rule set names its own chain (``RuleSet.chain``): the rules before 2014 rank by games won
(1st places), then game points (001 §22.7); the house format by keys 1 and 2 (000 §5A).

Our readings and conventions:

* Players equal on every key of the rule set share a rank, competition style (1, 2, 2, 4).
  Within a shared rank rows are listed by ``player_id``; that is listing order only.
* Reserves (Klub 6.1) and excluded players (red card, Klub 4.5) get no rank and take no rank
  number; they are listed after the ranked players, reserves first (in chain order), then the
  excluded players. A player who is both counts as excluded.
* Final round (Klub 6.2): finalists come first, ordered by the final round's games alone, and their
  row figures are the final round's; everybody else follows by the preliminary rounds alone, ranks
  continuing after the finalists. Final-round games of non-finalists are not counted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from tournaments.domain.rules import (
    GAME_POINTS,
    GAMES_WON,
    MINUS_POINTS,
    PLACEMENT_POINTS,
    PLACINGS,
    RuleSet,
)
from tournaments.domain.totals import GameLine as GameLine  # re-exported: standings' inputs
from tournaments.domain.totals import Totals as Totals
from tournaments.domain.totals import round_totals, sum_totals
from tournaments.domain.totals import totals_for as totals_for


@dataclass(frozen=True, slots=True)
class Participant:
    """A registered player; reserves and excluded players are listed without a rank."""

    player_id: int
    reserve: bool = False
    excluded: bool = False


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings; ``placings`` counts 1st..4th places."""

    rank: int | None
    player_id: int
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int
    games: int
    reserve: bool
    excluded: bool
    finalist: bool


class ChainFigures(Protocol):
    """Anything carrying the four figures of the chain (Totals, StandingRow)."""

    @property
    def placement_points(self) -> int: ...

    @property
    def game_points(self) -> int: ...

    @property
    def placings(self) -> tuple[int, int, int, int]: ...

    @property
    def minus_points(self) -> int: ...


def sort_key(figures: ChainFigures, ruleset: RuleSet) -> tuple[int, ...]:
    """The rule set's chain (``RuleSet.chain``) as a tuple, larger is better."""
    first, second, third, _fourth = figures.placings
    keys: dict[str, tuple[int, ...]] = {
        PLACEMENT_POINTS: (figures.placement_points,),
        GAME_POINTS: (figures.game_points,),
        PLACINGS: (first, second, third),
        MINUS_POINTS: (-figures.minus_points,),
        GAMES_WON: (first,),
    }
    return tuple(value for key in ruleset.chain for value in keys[key])


def _keyed_order(
    totals: Iterable[Totals], ruleset: RuleSet
) -> list[tuple[tuple[int, ...], Totals]]:
    """(chain key, totals), best first by the chain; ties listed by player_id. Each key is
    computed once (the standings of 400 players sort and rank by it)."""
    keyed = [(sort_key(t, ruleset), t) for t in totals]
    keyed.sort(key=lambda item: (tuple(-v for v in item[0]), item[1].player_id))
    return keyed


def _chain_order(totals: Iterable[Totals], ruleset: RuleSet) -> list[Totals]:
    """Best first by the chain; ties listed by player_id."""
    return [t for _, t in _keyed_order(totals, ruleset)]


def order_players(
    lines: Iterable[GameLine], player_ids: Iterable[int], *, ruleset: RuleSet
) -> list[int]:
    """All given players (reserves too) best first by the chain, e.g. to pair the next round."""
    totals = totals_for(lines, list(player_ids))
    return [t.player_id for t in _chain_order(totals.values(), ruleset)]


def _row(t: Totals, rank: int | None, p: Participant, finalist: bool) -> StandingRow:
    return StandingRow(
        rank=rank,
        player_id=t.player_id,
        placement_points=t.placement_points,
        game_points=t.game_points,
        placings=t.placings,
        minus_points=t.minus_points,
        games=t.games,
        reserve=p.reserve,
        excluded=p.excluded,
        finalist=finalist,
    )


def _ranked_rows(
    totals: list[Totals],
    by_id: dict[int, Participant],
    ruleset: RuleSet,
    *,
    ranked_before: int,
    finalist: bool,
) -> list[StandingRow]:
    """Competition ranks (1, 2, 2, 4) continuing after ``ranked_before`` better players."""
    rows: list[StandingRow] = []
    previous_key: tuple[int, ...] | None = None
    rank = 0
    for position, (key, t) in enumerate(_keyed_order(totals, ruleset)):
        if key != previous_key:
            rank = ranked_before + position + 1
            previous_key = key
        rows.append(_row(t, rank, by_id[t.player_id], finalist))
    return rows


def compute_standings(
    lines: Iterable[GameLine],
    participants: Iterable[Participant],
    *,
    ruleset: RuleSet,
    final_round: int | None = None,
    finalists: frozenset[int] = frozenset(),
) -> tuple[StandingRow, ...]:
    """The standings by Klub 10.1: ranked players, then reserves, then excluded players."""
    return standings_from_rounds(
        round_totals(lines),
        participants,
        ruleset=ruleset,
        final_round=final_round,
        finalists=finalists,
    )


def standings_from_rounds(
    rounds: Mapping[tuple[int, int], Totals],
    participants: Iterable[Participant],
    *,
    ruleset: RuleSet,
    final_round: int | None = None,
    finalists: frozenset[int] = frozenset(),
) -> tuple[StandingRow, ...]:
    """:func:`compute_standings` from each player's sums per round, keyed (player, round) as
    :func:`~tournaments.domain.totals.round_totals` makes them (or as they are stored)."""
    by_id: dict[int, Participant] = {}
    for p in participants:
        if p.player_id in by_id:
            raise ValueError(f"Player {p.player_id} is entered twice.")
        by_id[p.player_id] = p
    unknown = sorted({pid for pid, _ in rounds} - by_id.keys())
    if unknown:
        raise ValueError(f"Results for players not entered: {unknown}.")
    if finalists and final_round is None:
        raise ValueError("Finalists without a final round.")
    if not finalists <= by_id.keys():
        raise ValueError(f"Finalists not entered: {sorted(finalists - by_id.keys())}.")
    reserve_finalists = sorted(pid for pid in finalists if by_id[pid].reserve)
    if reserve_finalists:
        raise ValueError(f"Reserves cannot be finalists: {reserve_finalists}.")

    # finalists count the final round alone, everybody else every round but the final
    counted: dict[int, list[Totals]] = {pid: [] for pid in by_id}
    for (pid, number), t in rounds.items():
        if (number == final_round) == (pid in finalists):
            counted[pid].append(t)
    final_totals = {pid: sum_totals(pid, counted[pid]) for pid in finalists}
    other_totals = {pid: sum_totals(pid, counted[pid]) for pid in by_id if pid not in finalists}
    totals = {**other_totals, **final_totals}

    def ranked(pid: int) -> bool:
        return not (by_id[pid].reserve or by_id[pid].excluded)

    rows = _ranked_rows(
        [final_totals[pid] for pid in final_totals if ranked(pid)],
        by_id,
        ruleset,
        ranked_before=0,
        finalist=True,
    )
    rows += _ranked_rows(
        [other_totals[pid] for pid in other_totals if ranked(pid)],
        by_id,
        ruleset,
        ranked_before=len(rows),
        finalist=False,
    )
    reserves = [t for pid, t in totals.items() if by_id[pid].reserve and not by_id[pid].excluded]
    excluded = [t for pid, t in totals.items() if by_id[pid].excluded]
    for group in (reserves, excluded):
        rows += [
            _row(t, None, by_id[t.player_id], t.player_id in finalists)
            for t in _chain_order(group, ruleset)
        ]
    return tuple(rows)


# --- Who reaches the final (SPEC §1 "Final round", "House-format final", "Ties at a cut") ---


@dataclass(frozen=True, slots=True)
class Cut:
    """The outcome of a cut: who is through, and who is tied for the places still open.

    ``open_places`` of the ``tied`` players advance; the chain cannot say which, so the director
    decides (play-off game or lot, Klub 4.2). Without a tie ``tied`` is empty.
    """

    through: tuple[int, ...]
    tied: tuple[int, ...] = ()
    open_places: int = 0

    @property
    def decided(self) -> bool:
        return not self.tied


@dataclass(frozen=True, slots=True)
class TableCut:
    """The cut at one table of the round: its winner, or the players tied for the win."""

    table_number: int
    cut: Cut


def top_n_cut(rows: Iterable[StandingRow], count: int) -> Cut:
    """The top ``count`` ranked players of the preliminary standings (Klub 6.2; SPEC §1).

    Unranked rows (reserves, excluded players) never reach the final. When the last final place
    is shared (a rank spanning the cut), the whole shared rank is ``tied`` for the open places.
    """
    ranked = [row for row in rows if row.rank is not None]
    if len(ranked) <= count or ranked[count].rank != ranked[count - 1].rank:
        return Cut(through=tuple(row.player_id for row in ranked[:count]))
    shared = ranked[count - 1].rank
    through = tuple(row.player_id for row in ranked if row.rank < shared)
    tied = tuple(row.player_id for row in ranked if row.rank == shared)
    return Cut(through=through, tied=tied, open_places=count - len(through))


def table_winners(
    lines: Iterable[GameLine],
    tables: Mapping[int, Sequence[int]],
    *,
    ruleset: RuleSet,
) -> tuple[TableCut, ...]:
    """The winner of every table (000 §1B: "höchste Punktzahl nach drei Spielen"), by table.

    Each table is ordered by the rule set's chain over that table's games only (``lines`` are the
    round's game lines); the house format's chain is placement points, then game points (000
    §5A). ``tables`` maps a table number to the players who may win it (callers leave out
    reserves and excluded players). Players equal on every key share the win: ``tied``.
    """
    result = []
    lines = tuple(lines)
    for number in sorted(tables):
        seated = list(tables[number])
        if not seated:
            continue
        totals = totals_for((line for line in lines if line.player_id in seated), seated)
        ordered = _chain_order(totals.values(), ruleset)
        best = sort_key(ordered[0], ruleset)
        top = tuple(t.player_id for t in ordered if sort_key(t, ruleset) == best)
        cut = Cut(through=top) if len(top) == 1 else Cut(through=(), tied=top, open_places=1)
        result.append(TableCut(table_number=number, cut=cut))
    return tuple(result)


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team's line in the team standings of a Städtekampf (Klub 6.2.1)."""

    rank: int
    team_id: int
    placement_points: int
    game_points: int
    players: int


def team_standings(
    lines: Iterable[GameLine | Totals], teams: Mapping[int, int], team_ids: Sequence[int]
) -> list[TeamRow]:
    """Team standings of a Städtekampf (SPEC §1 special tournaments, Klub 6.2.1).

    Our reading: a team's score is the sum over its members (reserves included) of placement
    points, then of game points, over every counted game (the first two keys of the individual
    chain, Klub 10.1 / 000 §5A); teams equal on both share a rank (1, 2, 2, 4). ``teams`` maps
    player -> team; ``team_ids`` lists every team (also one without games) in display order,
    which is kept within a shared rank. ``lines``: game lines or a player's sums per round.
    """
    sums = {team: [0, 0] for team in team_ids}
    for line in lines:
        team = teams.get(line.player_id)
        if team in sums:
            sums[team][0] += line.placement_points
            sums[team][1] += line.game_points
    players = {team: 0 for team in team_ids}
    for team in teams.values():
        if team in players:
            players[team] += 1
    ordered = sorted(team_ids, key=lambda team: (-sums[team][0], -sums[team][1]))
    rows: list[TeamRow] = []
    for position, team in enumerate(ordered):
        shared = rows and (rows[-1].placement_points, rows[-1].game_points) == tuple(sums[team])
        rank = rows[-1].rank if shared else position + 1
        rows.append(TeamRow(rank, team, sums[team][0], sums[team][1], players[team]))
    return rows
