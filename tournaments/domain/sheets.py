"""Translation between a sheet version's stored JSON and the domain's GameInput."""

from __future__ import annotations

from tournaments.domain.scoring import GameInput, SeatScore


def game_inputs(games: list[dict], *, letters: tuple[str, ...]) -> list[GameInput]:
    result = []
    for game in games:
        scores = game.get("scores", {})
        no_meld = game.get("no_meld", {})
        result.append(
            GameInput(
                number=int(game["number"]),
                scores=tuple(
                    SeatScore(letter=letter, points=scores.get(letter), no_meld=no_meld.get(letter))
                    for letter in letters
                ),
                pool_exhausted=bool(game.get("pool_exhausted", False)),
                declared_winner=game.get("declared_winner") or None,
            )
        )
    return result
