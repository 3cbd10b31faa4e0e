"""Seats inside a round: who sits where and who starts each game (SPEC §3).

Rules: Klub 7.2 (seat pattern, the same in every round, the final included), 9.1 (A starts game
1, B game 2 and so on; play is clockwise); house format 000 §2B (the same pattern, 3 games).

Each player keeps one letter for the whole round; seat A never moves and sits South, the other
seats follow clockwise: West, North, East (the example in Klub 7.2: B plays West, East, North,
North in games 1 to 4).

Our reading for 3-player tables (000 §1A gives no pattern; SPEC §3): 7.2's purpose is that the
order of neighbours changes as often as possible, so the 4-player pattern without D: game 1
A-B-C (A starts), game 2 A-C-B (B starts), game 3 A-B-C (C starts), game 4 A-C-B (A starts),
clockwise on South, West, North. Rounds of 1 to 3 games (special tournaments, Klub 6.2.1,
000 §1B) use the first games of the pattern.

Our reading for the final of two table winners (000 §1B, 5-8 players): A sits South, B North;
A starts the odd games, B the even ones.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.text import N_, Message, message

COMPASS: tuple[str, ...] = ("S", "W", "N", "E")
"""Clockwise from seat A (Klub 7.2: "Nord - Süd - West und Ost")."""

COMPASS_LABELS: dict[str, Message] = {
    "S": message(N_("South")),
    "W": message(N_("West")),
    "N": message(N_("North")),
    "E": message(N_("East")),
}
"""Shown on the table cards in the user's language (``str(label)``)."""

MAX_GAMES = 4
"""Klub 6.2: four games per round; special tournaments may play 1 to 4 (6.2.1, 000 §1B)."""

_FOUR_PLAYER_ORDERS: tuple[tuple[str, ...], ...] = (
    ("A", "B", "C", "D"),  # Spiel 1: Spieler A beginnt
    ("A", "D", "C", "B"),  # Spiel 2: Spieler B beginnt
    ("A", "D", "B", "C"),  # Spiel 3: Spieler C beginnt
    ("A", "C", "B", "D"),  # Spiel 4: Spieler D beginnt
)
"""Klub 7.2, verbatim: the seat order clockwise from A for games 1 to 4."""

_FOUR_PLAYER_STARTERS: tuple[str, ...] = ("A", "B", "C", "D")
"""Klub 9.1: A starts game 1, B game 2, C game 3, D game 4."""

_THREE_PLAYER_ORDERS: tuple[tuple[str, ...], ...] = (
    ("A", "B", "C"),  # Spiel 1: Spieler A beginnt
    ("A", "C", "B"),  # Spiel 2: Spieler B beginnt
    ("A", "B", "C"),  # Spiel 3: Spieler C beginnt
    ("A", "C", "B"),  # Spiel 4: Spieler A beginnt
)
"""Our reading (SPEC §3): Klub 7.2 without D, so the neighbours change from game to game."""

_THREE_PLAYER_STARTERS: tuple[str, ...] = ("A", "B", "C", "A")
"""Our reading: the start rotates A, B, C and A again in a fourth game."""

_TWO_PLAYER_STARTERS: tuple[str, ...] = ("A", "B", "A", "B")
"""Our reading for a final of two: A starts the odd games, B the even ones."""


@dataclass(frozen=True, slots=True)
class GameSeating:
    """One game at one table: who starts, the clockwise order from A and the compass seats."""

    game: int
    starter: str
    order: tuple[str, ...]
    compass: tuple[tuple[str, str], ...]

    def position_of(self, letter: str) -> str:
        """The compass point ("S", "W", "N", "E") where the player with this letter sits."""
        for point, seated in self.compass:
            if seated == letter:
                return point
        raise KeyError(letter)


def seat_plan(table_size: int, games: int = MAX_GAMES) -> tuple[GameSeating, ...]:
    """The seats of games 1..games at a table of 2, 3 or 4 (Klub 7.2, 9.1; our reading for 2
    and 3)."""
    if table_size not in (2, 3, 4):
        raise ValueError(message(N_("Tables have 2 to 4 seats, not %(n)s."), n=table_size))
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(
            message(N_("A round has 1 to %(max)s games, not %(n)s."), max=MAX_GAMES, n=games)
        )
    plan = []
    for index in range(games):
        if table_size == 4:
            order = _FOUR_PLAYER_ORDERS[index]
            starter = _FOUR_PLAYER_STARTERS[index]
        elif table_size == 2:
            order = ("A", "B")
            starter = _TWO_PLAYER_STARTERS[index]
        else:
            order = _THREE_PLAYER_ORDERS[index]
            starter = _THREE_PLAYER_STARTERS[index]
        points = ("S", "N") if table_size == 2 else COMPASS
        compass = tuple(zip(points, order, strict=False))
        plan.append(GameSeating(game=index + 1, starter=starter, order=order, compass=compass))
    return tuple(plan)
