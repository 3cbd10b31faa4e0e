"""Referees (SPEC §7, Klub 4): warning kinds, what a player's warning record means, and when a
call goes to the head referee.

Rules: Klub 4.2.2 (more than two objecting players: the head referee decides finally), 4.5 (any
number of unofficial warnings, then yellow; red excludes from the whole tournament). No Django
here; the services and views feed these with plain values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.domain.scoring import MIN_GAME_PLAYERS
from tournaments.domain.text import N_


class WarningKind(StrEnum):
    """Klub 4.5: the kinds of warning; the value is stored, the label is shown."""

    UNOFFICIAL = "unofficial"
    YELLOW = "yellow"
    RED = "red"

    @property
    def label(self) -> str:
        return WARNING_KIND_LABELS[self]


WARNING_KIND_LABELS: dict[WarningKind, str] = {
    WarningKind.UNOFFICIAL: N_("Unofficial warning"),
    WarningKind.YELLOW: N_("Yellow card"),
    WarningKind.RED: N_("Red card"),
}
"""English msgids; the site shows them translated (`tournaments.enums.WarningKind`)."""

#: Klub 4.2.2: "mehr als zwei Spieler" – three or four objecting players call the head referee.
OBJECTIONS_FOR_HEAD_REFEREE = 3
MAX_OBJECTIONS = 4


@dataclass(frozen=True)
class WarningRecord:
    """One earlier warning of a player in one tournament."""

    kind: str
    active: bool


@dataclass(frozen=True)
class WarningSummary:
    """What a referee must see before giving the next warning (SPEC §7)."""

    unofficial: int
    yellow: int
    red: int
    withdrawn: int

    @property
    def excluded(self) -> bool:
        """An active red card: the player is out for the rest of the tournament (Klub 4.5.1)."""
        return self.red > 0

    @property
    def has_yellow(self) -> bool:
        """A further yellow would be the second one: the referee decides whether that means red."""
        return self.yellow > 0

    @property
    def empty(self) -> bool:
        return not (self.unofficial or self.yellow or self.red or self.withdrawn)


def summarize(records: Iterable[WarningRecord]) -> WarningSummary:
    """Active warnings by kind; withdrawn ones are counted apart and never count against him."""
    counts = dict.fromkeys(WarningKind, 0)
    withdrawn = 0
    for record in records:
        if not record.active:
            withdrawn += 1
        elif record.kind in counts:
            counts[record.kind] += 1
    return WarningSummary(
        counts[WarningKind.UNOFFICIAL],
        counts[WarningKind.YELLOW],
        counts[WarningKind.RED],
        withdrawn,
    )


def goes_to_head_referee(objections: int) -> bool:
    """More than two objecting players at the table (Klub 4.2.2)."""
    if not 0 <= objections <= MAX_OBJECTIONS:
        raise ValueError(f"Invalid number of objecting players: {objections} (0 to 4).")
    return objections >= OBJECTIONS_FOR_HEAD_REFEREE


def not_played_by_game(
    from_games: Mapping[str, int], *, games: int, letters: Sequence[str]
) -> dict[int, tuple[str, ...]]:
    """Per game number, the seat letters of a table (``letters``) that do not play it (SPEC §7,
    Klub 4.5.1, 4.2).

    ``from_games`` maps a seat letter to the first game its player does not play. *Our reading*:
    a red card or withdrawal in game n means the player does not finish game n, so games n to the
    last game of the round are not played; earlier games stand. The others finish a game as long
    as at least :data:`~tournaments.domain.scoring.MIN_GAME_PLAYERS` remain (a table of three
    goes on with 2-player games); a table left with one player has the game not played, so
    every seat is listed. Games without an absent seat are left out.
    """
    result: dict[int, tuple[str, ...]] = {}
    for number in range(1, games + 1):
        absent = tuple(sorted(x for x, first in from_games.items() if first <= number))
        if len(letters) - len(absent) < MIN_GAME_PLAYERS:
            absent = tuple(sorted(letters))
        if absent:
            result[number] = absent
    return result


def first_game_not_played(*, games_entered: int, games_per_round: int) -> int | None:
    """The first game of a running round not yet played, by what the table's sheet holds (SPEC
    §7: a red card in a break is an absence from it); None when every game is played."""
    following = games_entered + 1
    return following if following <= games_per_round else None
