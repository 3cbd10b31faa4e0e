"""Result sheets (SPEC §6, Klub 10.2–10.4, 000 §5B–D): a sheet version's stored games, read as
the domain's GameInput and scored game by game (Klub 10.1 through `domain.scoring`).

A sheet is scored once, when a version becomes the valid one: :func:`sheet_lines` and
:func:`seat_totals`, stored as :func:`line_rows` and :func:`round_rows` (and the ranking's
corrections as :func:`line_rows`);
every reader of results reads those rows, and the consistency check compares them with a fresh
score.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tournaments.domain.rules import RuleSet
from tournaments.domain.scoring import GameInput, GameResult, SeatScore, score_game
from tournaments.domain.totals import Totals, add_game, totals_from


def game_inputs(games: Iterable[dict], *, letters: tuple[str, ...]) -> list[GameInput]:
    """The stored games of one table as GameInput, one SeatScore per seat letter that played.

    A seat listed in the game's ``not_played`` (red card or withdrawal in the middle of the round,
    SPEC §7) gets no SeatScore, so the game is scored as one of the remaining players and every
    reader of scored lines skips the seat without a special case.
    """
    result = []
    for game in games:
        scores = game.get("scores", {})
        no_meld = game.get("no_meld", {})
        absent = tuple(x for x in letters if x in (game.get("not_played") or ()))
        result.append(
            GameInput(
                number=int(game["number"]),
                scores=tuple(
                    SeatScore(letter=letter, points=scores.get(letter), no_meld=no_meld.get(letter))
                    for letter in letters
                    if letter not in absent
                ),
                pool_exhausted=bool(game.get("pool_exhausted", False)),
                declared_winner=game.get("declared_winner") or None,
                not_played=absent,
            )
        )
    return result


def score_sheet(
    games: Iterable[dict], *, letters: tuple[str, ...], ruleset: RuleSet
) -> list[GameResult]:
    """A confirmed sheet's games scored, in sheet order; each result's entries by seat letter.

    The sheet must be valid (it was checked when saved); an invalid game raises
    :class:`~tournaments.domain.scoring.InvalidGame`.
    """
    return [score_game(game, ruleset=ruleset) for game in game_inputs(games, letters=letters)]


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One seat's scored game: the figures every results page, the standings and the ranking
    need, so none of them scores a sheet again. ``no_meld`` is 100 or 200 (Klub 19.2)."""

    game_number: int
    letter: str
    pool_exhausted: bool
    game_points: int
    minus_points: int
    place: int
    placement_points: int
    winner: bool
    no_meld: int | None


def sheet_lines(
    games: Iterable[dict], *, letters: tuple[str, ...], ruleset: RuleSet
) -> list[SheetLine]:
    """A valid sheet's lines, by game, then seat letter; a seat that did not play a game
    (SPEC §7) has no line for it."""
    games = list(games)
    no_meld = {int(g["number"]): g.get("no_meld") or {} for g in games}
    return [
        SheetLine(
            game_number=result.number,
            letter=entry.letter,
            pool_exhausted=result.pool_exhausted,
            game_points=entry.game_points,
            minus_points=entry.minus_points,
            place=entry.place,
            placement_points=entry.placement_points,
            winner=entry.winner,
            no_meld=int(no_meld[result.number].get(entry.letter) or 0) or None,
        )
        for result in score_sheet(games, letters=letters, ruleset=ruleset)
        for entry in result.entries
    ]


def seat_totals(lines: Iterable[SheetLine], players: Mapping[str, int]) -> dict[str, Totals]:
    """Per seat letter, the player's sums of the sheet's games: that player's round (a seat
    without a game played has none). ``players``: letter → player id."""
    sums: dict[str, list[int]] = {}
    for x in lines:
        add_game(sums.setdefault(x.letter, [0] * 8), x.place, x.placement_points, x.game_points)
    return {letter: totals_from(players[letter], acc) for letter, acc in sums.items()}


LINE_COLUMNS = (
    "player_id", "letter", "reserve", "game_number", "pool_exhausted", "game_points",
    "minus_points", "place", "placement_points", "winner", "no_meld",
)  # fmt: skip
"""The stored columns of a scored game, in :func:`line_rows` order."""

ROUND_COLUMNS = (
    "player_id", "reserve", "placement_points", "game_points", "first", "second", "third",
    "fourth", "minus_points", "games",
)  # fmt: skip
"""The stored columns of a player's round, in :func:`round_rows` order."""


def line_rows(lines: Iterable[SheetLine], seats: Mapping[str, tuple[int, bool]]) -> list[tuple]:
    """The lines as stored (`LINE_COLUMNS`): a tournament's scored lines and the ranking's
    correction lines alike, and the checks that compare them with a fresh score.
    ``seats``: letter → (player id, reserve)."""
    return [
        (
            seats[x.letter][0], x.letter, seats[x.letter][1], x.game_number, x.pool_exhausted,
            x.game_points, x.minus_points, x.place, x.placement_points, x.winner, x.no_meld,
        )
        for x in lines
    ]  # fmt: skip


def round_rows(lines: Iterable[SheetLine], seats: Mapping[str, tuple[int, bool]]) -> list[tuple]:
    """Each seat's round as stored (`ROUND_COLUMNS`), by seat letter; ``seats`` as for
    :func:`line_rows`."""
    players = {letter: player_id for letter, (player_id, _) in seats.items()}
    return [
        (
            t.player_id, seats[letter][1], t.placement_points, t.game_points, *t.placings,
            t.minus_points, t.games,
        )
        for letter, t in sorted(seat_totals(lines, players).items())
    ]  # fmt: skip


# --- A version as the history shows it (issue #17.6) -----------------------------------------


@dataclass(frozen=True, slots=True)
class CellView:
    """One seat's entry of one game in a version: its points as written on the paper sheet,
    the flat −100/−200 of Klub 19.2, and whether it differs from the version before."""

    letter: str
    points: int | None
    no_meld: int | None
    not_played: bool
    changed: bool


@dataclass(frozen=True, slots=True)
class GameView:
    """One game of a version; ``winner`` is the seat a referee named when the pool ran out on
    equal racks (Klub 11.4), and the flags say what differs from the version before."""

    number: int
    pool_exhausted: bool
    winner: str | None
    cells: tuple[CellView, ...]
    exhausted_changed: bool
    winner_changed: bool

    @property
    def changed(self) -> bool:
        return self.exhausted_changed or self.winner_changed or any(c.changed for c in self.cells)


def _cell(game: dict | None, letter: str) -> tuple:
    if game is None:
        return (None, None, False)
    not_played = letter in (game.get("not_played") or ())
    return (
        None if not_played else (game.get("scores") or {}).get(letter),
        (game.get("no_meld") or {}).get(letter),
        not_played,
    )


def version_games(games: Iterable[dict], previous: Iterable[dict] | None) -> list[GameView]:
    """A version's games with what changed against ``previous`` (None: the first version, where
    nothing is marked as changed)."""
    before = {int(g["number"]): g for g in previous or ()}
    views = []
    for game in sorted(games, key=lambda g: int(g["number"])):
        old = before.get(int(game["number"])) if previous is not None else game
        letters = sorted({*(game.get("scores") or {}), *(game.get("not_played") or ())})
        cells = []
        for letter in letters:
            points, no_meld, not_played = _cell(game, letter)
            changed = _cell(old, letter) != (points, no_meld, not_played)
            cells.append(CellView(letter, points, no_meld, not_played, changed))
        exhausted = bool(game.get("pool_exhausted"))
        winner = game.get("declared_winner") or None
        views.append(
            GameView(
                number=int(game["number"]),
                pool_exhausted=exhausted,
                winner=winner,
                cells=tuple(cells),
                exhausted_changed=old is None or bool(old.get("pool_exhausted")) != exhausted,
                winner_changed=old is None or (old.get("declared_winner") or None) != winner,
            )
        )
    return views
