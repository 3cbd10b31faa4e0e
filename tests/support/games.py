"""Stand-in games for the pure scoring tests (no database)."""

from tournaments.domain.scoring import GameInput, SeatScore


def game(*points, number=1, exhausted=False, winner=None, no_meld=None) -> GameInput:
    """A game from the points of seats A, B, C(, D); no_meld maps letters to 100/200."""
    no_meld = no_meld or {}
    scores = tuple(
        SeatScore(letter, p, no_meld.get(letter)) for letter, p in zip("ABCD", points, strict=False)
    )
    return GameInput(number=number, scores=scores, pool_exhausted=exhausted, declared_winner=winner)
