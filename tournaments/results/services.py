"""Scored lines (SPEC §4, §6): a sheet is scored once, when a version becomes the valid one.

The sheet services call :func:`scored_lines_store` in the transaction that confirms, corrects or
interprets a sheet, so no reader ever sees a valid version without its lines; the readers are in
`results.selectors`. :func:`scored_lines_rebuild` re-scores whole tournaments (repair, bulk data).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from django.db import transaction

from tournaments.common import events
from tournaments.common.bulk import insert_rows
from tournaments.domain.rules import get_ruleset
from tournaments.domain.sheets import sheet_lines
from tournaments.models import ResultSheet, ScoredLine, Seat, SheetVersion

_FIELDS = (
    "table_id", "version_id", "tournament_id", "round_id", "round_number", "table_number",
    "player_id", "letter", "reserve", "game_number", "pool_exhausted", "game_points",
    "minus_points", "place", "placement_points", "winner", "no_meld",
)  # fmt: skip


def _rows(
    table: tuple[int, int, int, int, int, int],
    seats: dict[str, tuple[int, bool]],
    games: list[dict],
    rule_set: str,
) -> Iterator[tuple]:
    """The rows (in `_FIELDS` order) of one table's valid version. ``table``: table, version,
    tournament, round, round number, table number; ``seats``: letter → (player, reserve)."""
    letters = tuple(sorted(seats))
    for x in sheet_lines(games, letters=letters, ruleset=get_ruleset(rule_set)):
        player_id, reserve = seats[x.letter]
        yield (
            *table, player_id, x.letter, reserve, x.game_number, x.pool_exhausted,
            x.game_points, x.minus_points, x.place, x.placement_points, x.winner, x.no_meld,
        )  # fmt: skip


@transaction.atomic
def scored_lines_store(*, sheet: ResultSheet, version: SheetVersion) -> int:
    """Replace the table's lines with those of ``version``, the sheet's new valid version.

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
    key = (table.pk, version.pk, rnd.tournament_id, rnd.pk, rnd.number, table.number)
    ScoredLine.objects.filter(table_id=table.pk).delete()
    return insert_rows(
        ScoredLine, _FIELDS, _rows(key, seats, version.games, rnd.tournament.rule_set)
    )


@transaction.atomic
def scored_lines_rebuild(*, tournament_ids: list[int], announce: bool = True) -> int:
    """Score every valid sheet of these tournaments anew and replace their lines (repair after
    a failed consistency check; data written without the services). Returns the line count.

    ``announce``: tell the public pages and the ranking that results may have changed (a
    repair); bulk data written for a benchmark does not need it.
    """
    seats: dict[int, dict[str, tuple[int, bool]]] = defaultdict(dict)
    for table_id, letter, player_id, reserve in Seat.objects.filter(
        round__tournament_id__in=tournament_ids
    ).values_list("table_id", "letter", "player_id", "reserve"):
        seats[table_id][letter] = (player_id, reserve)
    # A list, read before the COPY starts: the connection runs one statement at a time.
    sheets = list(
        ResultSheet.objects.filter(
            round__tournament_id__in=tournament_ids, confirmed__isnull=False
        ).values_list(
            "table_id", "confirmed_id", "round__tournament_id", "round_id", "round__number",
            "table__number", "confirmed__games", "round__tournament__rule_set",
        )
    )  # fmt: skip
    ScoredLine.objects.filter(tournament_id__in=tournament_ids).delete()
    count = insert_rows(
        ScoredLine,
        _FIELDS,
        (
            row
            for table_id, version_id, tid, round_id, round_number, number, games, rule_set in sheets
            for row in _rows(
                (table_id, version_id, tid, round_id, round_number, number),
                seats[table_id],
                games,
                rule_set,
            )
        ),
    )
    if announce:
        for tid in tournament_ids:
            events.published_results_changed(tid)
    return count
