"""Reads of scored lines (SPEC §4–§6): the results of the valid sheet versions, as stored when
each version became valid. No reader here scores a sheet; the consistency check
(:func:`scored_line_mismatches`) is the one place that re-scores, to compare.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from tournaments.domain.rules import get_ruleset
from tournaments.domain.scoring import GameEntry, GameResult
from tournaments.domain.sheets import (
    LINE_COLUMNS,
    ROUND_COLUMNS,
    line_rows,
    round_rows,
    sheet_lines,
)
from tournaments.domain.totals import GameLine, Totals
from tournaments.enums import RoundStatus
from tournaments.models import ResultSheet, Round, ScoredLine, ScoredRound, Seat, Tournament

_GAME_LINE = (
    "player_id", "round_number", "game_number", "game_points", "place", "placement_points",
)  # fmt: skip
_ENTRY = (
    "table_id",
    "game_number",
    "pool_exhausted",
    "letter",
    "game_points",
    "minus_points",
    "place",
    "placement_points",
    "winner",
    # the valid version's time and reason and the round's publication: a correction?
    "version__created_at",
    "version__reason",
    "round__published_at",
    # every game of the round, also one nobody at the table played (SPEC §7)
    "tournament__games_per_round",
)


@dataclass(frozen=True, slots=True)
class Correction:
    """How a published table's valid version came about after the round's publication: the
    director's correction or interpretation (Klub 10.3, SPEC §6), when and why. Every version
    written after the publication is one: the desk's own steps all come before it."""

    corrected_at: datetime
    reason: str


@dataclass(frozen=True, slots=True)
class ScoredTable:
    """A table's valid sheet: its scored games in order (entries by seat letter) and, if that
    version corrected the published result, the correction."""

    games: list[GameResult]
    correction: Correction | None = None


def game_lines(
    tournament: Tournament, *, published_only: bool = True, rounds: Iterable[int] | None = None
) -> list[GameLine]:
    """The tournament's game lines (pairing order, cuts), two queries."""
    numbers = Round.objects.filter(tournament_id=tournament.pk)
    if published_only:
        numbers = numbers.filter(status=RoundStatus.PUBLISHED)
    if rounds is not None:
        numbers = numbers.filter(number__in=list(rounds))
    lines = ScoredLine.objects.filter(
        tournament_id=tournament.pk, round_number__in=list(numbers.values_list("number", flat=True))
    )
    return [GameLine(*row) for row in lines.values_list(*_GAME_LINE)]


def round_sums(tournament: Tournament, *, rounds: Iterable[int]) -> dict[tuple[int, int], Totals]:
    """Per (player, round number) the player's sums of that round, for the given rounds (the
    caller passes published ones): what the standings add up. One query."""
    return {
        (pid, number): Totals(pid, pp, gp, (first, second, third, fourth), minus, games)
        for pid, number, pp, gp, first, second, third, fourth, minus, games in (
            ScoredRound.objects.filter(
                tournament_id=tournament.pk, round_number__in=list(rounds)
            ).values_list(
                "player_id", "round_number", "placement_points", "game_points", "first",
                "second", "third", "fourth", "minus_points", "games",
            )
        )
    }  # fmt: skip


def _results(rows) -> dict[int, ScoredTable]:
    """Rows of `_ENTRY` → per table the scored games in order, entries by seat letter, and the
    correction its valid version made (all lines of a table come from that one version). A
    game without lines (a table left with one player, SPEC §7) is there, without entries."""
    games: dict[int, dict[int, tuple[bool, list[GameEntry]]]] = defaultdict(dict)
    corrections: dict[int, Correction | None] = {}
    counts: dict[int, int] = {}
    for table_id, number, exhausted, letter, gp, minus, place, pp, winner, *version in rows:
        game = games[table_id].setdefault(number, (exhausted, []))
        game[1].append(GameEntry(letter, gp, minus, place, pp, winner))
        if table_id not in corrections:
            written, reason, published, counts[table_id] = version
            after = published is not None and written > published
            corrections[table_id] = Correction(written, reason) if after else None
    for table_id, count in counts.items():
        for number in range(1, count + 1):
            games[table_id].setdefault(number, (False, []))
    return {
        table_id: ScoredTable(
            [
                GameResult(number, exhausted, tuple(sorted(entries, key=lambda e: e.letter)))
                for number, (exhausted, entries) in sorted(by_number.items())
            ],
            corrections[table_id],
        )
        for table_id, by_number in games.items()
    }


def round_scored_games(rnd: Round) -> dict[int, ScoredTable]:
    """Per table of the round, the valid sheet's games and correction (published or not: the
    caller decides who may see them); a table without a valid sheet is missing. One query."""
    lines = ScoredLine.objects.filter(tournament_id=rnd.tournament_id, round_number=rnd.number)
    return _results(lines.values_list(*_ENTRY))


def tables_scored_games(table_ids: Iterable[int]) -> dict[int, ScoredTable]:
    """Per table, the games and correction of its valid sheet (the caller passes tables of
    published rounds). One query."""
    return _results(ScoredLine.objects.filter(table_id__in=list(table_ids)).values_list(*_ENTRY))


# --- The consistency check: stored lines equal a fresh re-score ------------------------------

_CHECKED_KEY = ("table_id", "version_id", "round_id", "round_number")
_STORED = (*_CHECKED_KEY, "table_number", *LINE_COLUMNS)
_STORED_ROUND = (*_CHECKED_KEY, *ROUND_COLUMNS)


def _expected(tournament: Tournament) -> dict[int, tuple[set[tuple], set[tuple], int, int]]:
    """Per table, the lines and round sums a fresh score of its valid version gives (as
    `_STORED` and `_STORED_ROUND` tuples), with round and table number."""
    ruleset = get_ruleset(tournament.rule_set)
    seats: dict[int, dict[str, tuple[int, bool]]] = defaultdict(dict)
    for table_id, letter, player_id, reserve in Seat.objects.filter(
        round__tournament=tournament
    ).values_list("table_id", "letter", "player_id", "reserve"):
        seats[table_id][letter] = (player_id, reserve)
    expected = {}
    for table_id, version_id, round_id, round_number, table_number, games in (
        ResultSheet.objects.filter(round__tournament=tournament, confirmed__isnull=False)
        .values_list(
            "table_id", "confirmed_id", "round_id", "round__number", "table__number",
            "confirmed__games",
        )
    ):  # fmt: skip
        by_letter = seats[table_id]
        key = (table_id, version_id, round_id, round_number)
        lines = sheet_lines(games, letters=tuple(sorted(by_letter)), ruleset=ruleset)
        expected[table_id] = (
            {(*key, table_number, *row) for row in line_rows(lines, by_letter)},
            {(*key, *row) for row in round_rows(lines, by_letter)},
            round_number,
            table_number,
        )
    return expected


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A table whose stored rows differ from a fresh re-score of its valid version."""

    tournament_id: int
    message: str


def scored_line_mismatches(tournament_ids: Iterable[int] | None = None) -> list[Mismatch]:
    """Every table (of these tournaments, default: all) whose stored lines or round sums differ
    from a fresh re-score of its valid version: missing, extra or different rows; [] when all
    agree. Four queries per tournament."""
    tournaments = Tournament.objects.order_by("pk").only("pk", "name", "rule_set")
    if tournament_ids is not None:
        tournaments = tournaments.filter(pk__in=list(tournament_ids))
    found: list[Mismatch] = []
    for tournament in tournaments:
        expected = _expected(tournament)
        stored: dict[int, tuple] = {}
        for model, fields, index in ((ScoredLine, _STORED, 0), (ScoredRound, _STORED_ROUND, 1)):
            for row in model.objects.filter(tournament_id=tournament.pk).values_list(*fields):
                number = row[4] if index == 0 else "?"  # the table number: lines only
                sets = stored.setdefault(row[0], (set(), set(), row[3], number))
                sets[index].add(row)
        for table_id in sorted(expected.keys() | stored.keys()):
            want = expected.get(table_id, (set(), set(), 0, 0))
            have = stored.get(table_id, (set(), set(), 0, 0))
            if want[:2] == have[:2]:
                continue
            round_number, table_number = want[2:] if table_id in expected else have[2:]
            missing = len(want[0] - have[0]) + len(want[1] - have[1])
            extra = len(have[0] - want[0]) + len(have[1] - want[1])
            found.append(
                Mismatch(
                    tournament.pk,
                    f"{tournament.name} (Nr. {tournament.pk}), Runde {round_number}, Tisch "
                    f"{table_number}: {missing} Zeilen fehlen oder weichen ab, {extra} "
                    "gespeicherte sind überzählig oder falsch.",
                )
            )
    return found
