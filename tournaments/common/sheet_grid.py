"""Reading the paper-sheet grid from a POST: one cell per game and seat letter."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

MINUS_SIGNS = ("\u2212", "\u2013")  # typographic minus and en dash, as phones and Word type them


@dataclass
class GridInput:
    games: list[dict]
    raw: dict[str, str] = field(default_factory=dict)
    errors: dict[int, list[str]] = field(default_factory=dict)

    def add_error(self, game: int, message: str) -> None:
        self.errors.setdefault(game, []).append(message)


def parse_points(text: str) -> int | None:
    """'+60', '60', '-10', '−10' → int; '' → None; anything else → ValueError."""
    cleaned = text.strip().replace(" ", "")
    for sign in MINUS_SIGNS:
        cleaned = cleaned.replace(sign, "-")
    if cleaned == "":
        return None
    if cleaned.startswith("+"):
        cleaned = cleaned[1:]
    if not cleaned.lstrip("-").isdecimal() or len(cleaned) > 7:
        raise ValueError(text)
    return int(cleaned)


def parse_grid(
    data,
    *,
    letters: tuple[str, ...],
    games: int,
    not_played: Mapping[int, tuple[str, ...]] | None = None,
) -> GridInput:
    """Build the games list; unreadable cells become per-game messages, never exceptions.

    Seats in ``not_played`` (game number → letters, SPEC §7) have no cell: nothing is read for
    them and the game lists them under "not_played".
    """
    grid = GridInput(games=[])
    for number in range(1, games + 1):
        scores: dict[str, int | None] = {}
        no_meld: dict[str, int] = {}
        absent = tuple((not_played or {}).get(number, ()))
        for letter in (x for x in letters if x not in absent):
            key = f"g{number}_{letter}"
            text = str(data.get(key, ""))[:20]
            grid.raw[key] = text
            meld_key = f"g{number}_nomeld_{letter}"
            meld = str(data.get(meld_key, ""))
            grid.raw[meld_key] = meld
            if meld in ("100", "200"):
                no_meld[letter] = int(meld)
            try:
                value = parse_points(text)
            except ValueError:
                grid.add_error(
                    number,
                    _("Game %(game)s, player %(letter)s: “%(text)s” is not a number.")
                    % {"game": number, "letter": letter, "text": text},
                )
                value = None
            if value is None and letter in no_meld:
                value = -no_meld[letter]  # the helper fills the flat value of Klub 19.2
                grid.raw[key] = str(value)
            scores[letter] = value
        exhausted = data.get(f"g{number}_exhausted") in ("1", "on", "true")
        grid.raw[f"g{number}_exhausted"] = "1" if exhausted else ""
        winner = str(data.get(f"g{number}_winner", ""))
        grid.raw[f"g{number}_winner"] = winner
        game = {
            "number": number,
            "pool_exhausted": exhausted,
            "declared_winner": winner if winner in letters else None,
            "scores": scores,
            "no_meld": no_meld,
        }
        if absent:
            game["not_played"] = list(absent)
        grid.games.append(game)
    return grid


def grid_from_games(games: list[dict]) -> dict[str, str]:
    """The raw form values for a stored version (to prefill a correction form)."""
    raw: dict[str, str] = {}
    for game in games:
        n = game["number"]
        for letter, value in game["scores"].items():
            raw[f"g{n}_{letter}"] = (
                "" if value is None else (f"+{value}" if value > 0 else str(value))
            )
        for letter, value in (game.get("no_meld") or {}).items():
            raw[f"g{n}_nomeld_{letter}"] = str(value)
        raw[f"g{n}_exhausted"] = "1" if game.get("pool_exhausted") else ""
        raw[f"g{n}_winner"] = game.get("declared_winner") or ""
    return raw
