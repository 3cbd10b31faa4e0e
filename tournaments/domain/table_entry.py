"""A sheet entered at the table (issue #15, SPEC §6, Klub 10.2–10.4): who still has to sign it,
what state the desk sees, and where the paper handed in differs from the table's entry.

Klub 10.2: the paper sheet handed in at the desk is the valid one; the table's entry on a phone
is a help for the desk, which stays the second pair of eyes. So the desk compares the two, cell
by cell, before anything counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

# The states of a table on the desk board, in the order a sheet usually passes them.
MISSING = "missing"  # nothing entered yet
ENTERED = "entered"  # entered (or corrected) at the desk, waits for the second person
TABLE_ENTERED = "table_entered"  # entered on a phone at the table, sign-offs still open
SIGNED = "signed"  # every required table-mate confirmed the table's entry
DISPUTED = "disputed"  # a table-mate disputed the table's entry
CLARIFICATION = "clarification"  # the desk asked for clarification
CONFIRMED = "confirmed"  # confirmed by the desk: counts

CONFIRMABLE = frozenset({ENTERED, TABLE_ENTERED, SIGNED, DISPUTED})
"""States in which the desk may confirm the sheet (after comparing it with the paper)."""

CONFIRMED_VERDICT = "confirmed"
DISPUTED_VERDICT = "disputed"


@dataclass(frozen=True, slots=True)
class Signoffs:
    """The table-mates' answers to one table-entered version."""

    required: tuple[str, ...]  # seat letters that must answer
    confirmed: tuple[str, ...]
    disputed: tuple[str, ...]

    @property
    def open(self) -> tuple[str, ...]:
        answered = set(self.confirmed) | set(self.disputed)
        return tuple(x for x in self.required if x not in answered)

    @property
    def complete(self) -> bool:
        """Every required seat confirmed (and nobody disputed)."""
        return not self.disputed and set(self.required) <= set(self.confirmed)


def signoffs(
    *,
    letters: Iterable[str],
    entered_by: str,
    absent: Iterable[str],
    verdicts: Mapping[str, str],
) -> Signoffs:
    """Who has to answer: every other seated player of the table; the seat that entered needs
    no sign-off, nor does a player out of the round (red card or withdrawal, SPEC §7). An answer
    of a seat that needs none is ignored."""
    out = set(absent) | {entered_by}
    required = tuple(sorted(x for x in set(letters) if x not in out))
    return Signoffs(
        required=required,
        confirmed=tuple(x for x in required if verdicts.get(x) == CONFIRMED_VERDICT),
        disputed=tuple(x for x in required if verdicts.get(x) == DISPUTED_VERDICT),
    )


def table_state(
    *, status: str | None, table_entered: bool, progress: Signoffs | None = None
) -> str:
    """The desk board's state of one table from its sheet's status (None: nothing entered),
    whether the current version was entered at the table, and that version's sign-offs."""
    if status is None:
        return MISSING
    if status in (CONFIRMED, CLARIFICATION):
        return status
    if not table_entered:
        return ENTERED
    if progress is not None and progress.disputed:
        return DISPUTED
    if progress is not None and progress.complete:
        return SIGNED
    return TABLE_ENTERED


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where the paper (re-typed blind at the desk) and the table's entry differ.
    ``letter`` is empty for a game-wide fact (pool exhausted, declared winner)."""

    game: int
    letter: str
    what: str  # "points", "no_meld", "pool_exhausted", "declared_winner", "game"
    entered: object
    paper: object


def sheet_differences(
    entered: Iterable[dict], paper: Iterable[dict], *, letters: Iterable[str]
) -> list[Difference]:
    """Every difference between two sheets in the stored form, by game and seat letter; empty
    when they agree. A game on one side only is one difference of kind "game"."""
    letters = tuple(sorted(letters))
    mine = {int(g["number"]): g for g in entered}
    theirs = {int(g["number"]): g for g in paper}
    result: list[Difference] = []
    for number in sorted(mine.keys() | theirs.keys()):
        a, b = mine.get(number), theirs.get(number)
        if a is None or b is None:
            result.append(Difference(number, "", "game", a is not None, b is not None))
            continue
        for letter in letters:
            for what, key in (("points", "scores"), ("no_meld", "no_meld")):
                x = (a.get(key) or {}).get(letter)
                y = (b.get(key) or {}).get(letter)
                if x != y:
                    result.append(Difference(number, letter, what, x, y))
        for what in ("pool_exhausted", "declared_winner"):
            x, y = a.get(what) or None, b.get(what) or None
            if x != y:
                result.append(Difference(number, "", what, x, y))
    return result
