"""Scored lines (SPEC §4, §6): a sheet is scored once, when a version becomes the valid one.

The sheet services call :func:`scored_lines_store` in the transaction that confirms, corrects or
interprets a sheet, so no reader ever sees a valid version without its rows: one ScoredLine per
player and game, one ScoredRound (the player's sums of the round) per player. The readers are in
`results.selectors`. :func:`scored_lines_rebuild` re-scores whole tournaments (repair, bulk data).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db import transaction

from tournaments.common import events
from tournaments.common.bulk import insert_rows
from tournaments.domain.rules import get_ruleset
from tournaments.domain.sheets import (
    LINE_COLUMNS,
    ROUND_COLUMNS,
    line_rows,
    round_rows,
    sheet_lines,
)
from tournaments.models import ResultSheet, ScoredLine, ScoredRound, Seat, SheetVersion

_KEY = ("table_id", "version_id", "tournament_id", "round_id", "round_number")
LINE_FIELDS = (*_KEY, "table_number", *LINE_COLUMNS)
ROUND_FIELDS = (*_KEY, *ROUND_COLUMNS)


@dataclass
class ScoredRows:
    """The rows of some tables' valid versions, in `LINE_FIELDS` and `ROUND_FIELDS` order."""

    lines: list[tuple] = field(default_factory=list)
    rounds: list[tuple] = field(default_factory=list)

    def add(
        self,
        key: tuple[int, int, int, int, int],
        table_number: int,
        seats: dict[str, tuple[int, bool]],
        games: list[dict],
        rule_set: str,
    ) -> None:
        """Score one table's valid version. ``key``: table, version, tournament, round, round
        number; ``seats``: letter → (player, reserve)."""
        lines = sheet_lines(games, letters=tuple(sorted(seats)), ruleset=get_ruleset(rule_set))
        self.lines.extend((*key, table_number, *row) for row in line_rows(lines, seats))
        self.rounds.extend((*key, *row) for row in round_rows(lines, seats))

    def insert(self) -> int:
        """Write the rows (COPY on PostgreSQL); returns the number of lines."""
        insert_rows(ScoredRound, ROUND_FIELDS, self.rounds)
        return insert_rows(ScoredLine, LINE_FIELDS, self.lines)


@transaction.atomic
def scored_lines_store(*, sheet: ResultSheet, version: SheetVersion) -> int:
    """Replace the table's rows with those of ``version``, the sheet's new valid version.

    ``sheet`` comes with its table, round and tournament (the sheet services lock it so);
    returns the number of lines stored.
    """
    table = sheet.table
    rnd = table.round
    seats = {
        letter: (player_id, reserve)
        for letter, player_id, reserve in Seat.objects.filter(table_id=table.pk).values_list(
            "letter", "player_id", "reserve"
        )
    }
    rows = ScoredRows()
    key = (table.pk, version.pk, rnd.tournament_id, rnd.pk, rnd.number)
    rows.add(key, table.number, seats, version.games, rnd.tournament.rule_set)
    ScoredLine.objects.filter(table_id=table.pk).delete()
    ScoredRound.objects.filter(table_id=table.pk).delete()
    return rows.insert()


@transaction.atomic
def scored_lines_rebuild(*, tournament_ids: list[int], announce: bool = True) -> int:
    """Score every valid sheet of these tournaments anew and replace their rows (repair after
    a failed consistency check; data written without the services). Returns the line count.

    ``announce``: tell the public pages and the ranking that results may have changed (a
    repair); bulk data written for a benchmark does not need it.
    """
    count = 0
    for start in range(0, len(tournament_ids), 10):  # ten at a time: memory stays small
        count += _rebuild(tournament_ids[start : start + 10])
    if announce:
        for tid in tournament_ids:
            events.published_results_changed(tid)
    return count


def _rebuild(tournament_ids: list[int]) -> int:
    seats: dict[int, dict[str, tuple[int, bool]]] = defaultdict(dict)
    for table_id, letter, player_id, reserve in Seat.objects.filter(
        round__tournament_id__in=tournament_ids
    ).values_list("table_id", "letter", "player_id", "reserve"):
        seats[table_id][letter] = (player_id, reserve)
    rows = ScoredRows()
    for table_id, version_id, tid, round_id, round_number, number, games, rule_set in (
        ResultSheet.objects.filter(
            round__tournament_id__in=tournament_ids, confirmed__isnull=False
        ).values_list(
            "table_id", "confirmed_id", "round__tournament_id", "round_id", "round__number",
            "table__number", "confirmed__games", "round__tournament__rule_set",
        )
    ):  # fmt: skip
        key = (table_id, version_id, tid, round_id, round_number)
        rows.add(key, number, seats[table_id], games, rule_set)
    ScoredLine.objects.filter(tournament_id__in=tournament_ids).delete()
    ScoredRound.objects.filter(tournament_id__in=tournament_ids).delete()
    return rows.insert()
