"""Result sheets (SPEC §6, Klub 10.2–10.4, 000 §5B–D): a sheet version's stored games, read as
the domain's GameInput and scored game by game (Klub 10.1 through `domain.scoring`).

Every reader of results (game lines for the standings, round results, a player's history, the
ranking) scores a confirmed sheet through :func:`score_sheet`, so all of them agree.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.domain.rules import RuleSet
from tournaments.domain.scoring import GameInput, GameResult, SeatScore, score_game


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
