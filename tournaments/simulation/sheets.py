"""Random but valid and realistic result sheets for `simulate_tournament` (no Django).

Mostly normal ends (Klub 19.1), some ties on minus points, some flat -100/-200 (Klub 19.2),
rare exhausted pools (Klub 11.4, with a named winner on a tie).
"""

from __future__ import annotations

import random


def _rack(rng: random.Random) -> int:
    """Minus points left on a loser's rack: usually a few tiles, now and then a joker."""
    value = sum(rng.randint(1, 13) for _ in range(rng.choice((1, 2, 2, 3, 3, 4, 5, 6))))
    if rng.random() < 0.08:
        value += 30
    return value


def random_game(rng: random.Random, number: int, letters: tuple[str, ...]) -> dict:
    if rng.random() < 0.02:
        racks = {x: -_rack(rng) for x in letters}
        best = max(racks.values())
        tied = [x for x, v in racks.items() if v == best]
        return {
            "number": number,
            "pool_exhausted": True,
            "declared_winner": rng.choice(tied) if len(tied) > 1 else None,
            "scores": racks,
            "no_meld": {},
        }
    winner = rng.choice(letters)
    scores: dict[str, int] = {}
    no_meld: dict[str, int] = {}
    losers = [x for x in letters if x != winner]
    for letter in losers:
        roll = rng.random()
        if roll < 0.04:
            no_meld[letter] = rng.choice((100, 200))
            scores[letter] = -no_meld[letter]
        elif roll < 0.14 and scores:
            scores[letter] = min(scores.values())  # a tie on minus points → shared place
        else:
            scores[letter] = -_rack(rng)
    scores[winner] = -sum(scores.values())
    return {
        "number": number,
        "pool_exhausted": False,
        "declared_winner": None,
        "scores": scores,
        "no_meld": no_meld,
    }


def random_sheet(rng: random.Random, letters: tuple[str, ...], games: int) -> list[dict]:
    return [random_game(rng, number, letters) for number in range(1, games + 1)]


def tied_sheet(letters: tuple[str, ...], games: int) -> list[dict]:
    """A sheet where A and B cannot be separated by any key (Klub 10.1, 000 §5A): A wins game 1
    with B second, B wins game 2 with A second, C wins the rest with A and B sharing 2nd place;
    everyone else loses 15 a game. For `--tie-at-cut`."""
    others = [x for x in letters if x not in ("A", "B")]
    sheet = []
    for number in range(1, games + 1):
        if number <= 2:
            winner, second = ("A", "B") if number == 1 else ("B", "A")
            scores = {second: -5, **{x: -15 for x in others}}
        else:
            winner = "C"
            scores = {"A": -5, "B": -5, **{x: -15 for x in others if x != "C"}}
        scores[winner] = -sum(scores.values())
        sheet.append(
            {
                "number": number,
                "pool_exhausted": False,
                "declared_winner": None,
                "scores": scores,
                "no_meld": {},
            }
        )
    return sheet
