"""One game's result: checking the paper sheet and placing the players (SPEC §4).

Rules: Klub 10.1 (placement points), 11.4 (pool exhausted), 19.1 (counting), 19.2 (no first meld).

Our readings, where the rule texts are silent (SPEC "our reading"):

* A shared place in a game gets exactly the points Klub 10.1 tabulates; a 3-player table with a
  shared 2nd place gives 4, 2, 2. A shared 1st place cannot occur: a game has one winner.
* Pool exhausted (Klub 11.4) with the lowest rack sum shared: the referee's winner named on the
  sheet (``declared_winner``) takes place 1 alone; everybody else is placed below by game points,
  so the other players of the tie share place 2.
* A player without a first meld under an exhausted pool writes the flat -100/-200 of Klub 19.2:
  Klub 11.4 ends with "Beachten Sie bitte hierzu die Regelung 19.2 falls ein Spieler keine erste
  Auslage spielte!" (house format 000 §6D, likewise, pointing to its 13B). The flat value is his
  rack sum, also for finding the winner; nobody gets the matching plus, as nobody goes out.
* A declared winner is accepted whenever it agrees with the scores (the sheet may always name the
  winner) and refused only when it contradicts them: a normal end whose plus player is someone
  else, an exhausted pool whose declared winner is not among the lowest rack sums, or a letter
  that is not at the table.
* One mistake gives one message: a seat's empty or impossible cell is reported alone and the
  table-wide checks (winner, control sum) wait until every cell is readable; the control sum is
  only checked once the sheet has exactly one winner.
* A seat that did not play the game (``not_played``: red card or withdrawal in the middle of a
  round, SPEC §7, Klub 4.5.1) has no cell: the others' game is checked and scored as a game of
  the remaining players (3 players: 4, 3, 1; 2 players: 4, 3 as in the final of two), and the
  absent seat gets no entry at all. A table left with one player does not play the game: every
  seat is listed as not played and the game has no entries (:data:`MIN_GAME_PLAYERS`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.domain import scoring_texts as T
from tournaments.domain.rules import RuleSet
from tournaments.domain.text import Message, message

TABLE_LETTERS: dict[int, tuple[str, ...]] = {n: tuple("ABCD"[:n]) for n in (4, 3, 2)}
"""Seat letters per table size (Klub 6.1; 3-player tables of the house format 000 §1A; the
house-format final of two table winners, 000 §1B)."""

MIN_GAME_PLAYERS = 2
"""SPEC §7: the fewest players who still play a game after a seat went out mid-round (the
remaining two play as in the final of two, 000 §1B); with fewer, the game is not played."""

NO_MELD_VALUES = frozenset({100, 200})
"""Klub 19.2: -100 for a player who could not meld, -200 for one who could have."""

# Klub 10.1: placement points per place pattern (places sorted), exactly as the rule tabulates them.
PLACEMENT_POINTS: dict[tuple[int, ...], tuple[int, ...]] = {
    # 4-player tables
    (1, 2, 3, 4): (4, 3, 1, 0),
    (1, 2, 2, 4): (4, 2, 2, 0),
    (1, 2, 2, 2): (4, 2, 2, 2),
    (1, 2, 3, 3): (4, 3, 1, 1),
    # 3-player tables: "analog 4 - 3 - 1 Punkt"; a shared 2nd place -> 2, 2 (our reading)
    (1, 2, 3): (4, 3, 1),
    (1, 2, 2): (4, 2, 2),
    # the final of two table winners (000 §1B): winner 4, the other 3 (our reading); also the
    # remaining two of a table that lost players in the middle of a round (SPEC §7)
    (1, 2): (4, 3),
}


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One cell of the result sheet: the points as written (+60, -10; None = empty cell).

    ``no_meld`` is 100 or 200 when the player had no first meld (Klub 19.2).
    """

    letter: str
    points: int | None
    no_meld: int | None = None


@dataclass(frozen=True, slots=True)
class GameInput:
    """One game of one table as written on the sheet."""

    number: int
    scores: tuple[SeatScore, ...]
    pool_exhausted: bool = False
    declared_winner: str | None = None
    not_played: tuple[str, ...] = ()  # seats out of this game (SPEC §7): no cell, no entry


@dataclass(frozen=True, slots=True)
class GameError:
    """One problem of a sheet, with a message naming game and player (a `Message`: the site
    shows it in the user's language)."""

    code: str
    game: int
    letter: str | None
    message: Message


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One player's scored game: minus points are the negative game points, else 0."""

    letter: str
    game_points: int
    minus_points: int
    place: int
    placement_points: int
    winner: bool


@dataclass(frozen=True, slots=True)
class GameResult:
    """A scored game; entries ordered by seat letter."""

    number: int
    pool_exhausted: bool
    entries: tuple[GameEntry, ...]

    def entry(self, letter: str) -> GameEntry:
        """The entry of one seat letter."""
        for entry in self.entries:
            if entry.letter == letter:
                return entry
        raise KeyError(letter)


class InvalidGame(ValueError):
    """Raised by :func:`score_game` for a sheet that does not pass :func:`validate_game`."""

    def __init__(self, errors: tuple[GameError, ...]) -> None:
        super().__init__(*(e.message for e in errors))
        self.errors = errors

    def __str__(self) -> str:
        return "; ".join(str(e.message) for e in self.errors)


def _signed(value: int) -> str:
    """Points as written on a sheet: +60, -10, 0."""
    return f"{value:+d}" if value else "0"


def _error(code: str, game: int, letter: str | None, text: str, **params) -> GameError:
    """The error (msgid ``text`` of `scoring_texts` with its values) with game and seat first."""
    reason = message(text, **params)
    if letter:
        full = message(T.PREFIX_SEAT, game=game, letter=letter, text=reason)
    else:
        full = message(T.PREFIX_GAME, game=game, text=reason)
    return GameError(code=code, game=game, letter=letter, message=full)


def _check_table(game: GameInput) -> tuple[GameError, ...]:
    """A table has 2 to 4 seats with the letters A-B, A-C or A-D, each once (Klub 6.1, 000 §1A,
    the final of two, 000 §1B); seats that did not play (SPEC §7) count for the table but leave
    at least :data:`MIN_GAME_PLAYERS` in the game, or none (a game not played at all)."""
    n, size = game.number, len(game.scores)
    seats = sorted([s.letter for s in game.scores] + list(game.not_played))
    if len(seats) not in TABLE_LETTERS:
        count = len(seats) if size in TABLE_LETTERS else size
        return (_error("player_count", n, None, T.TABLE_SIZE, n=count),)
    if game.not_played and 0 < size < MIN_GAME_PLAYERS:
        return (_error("player_count", n, None, T.GAME_SIZE, n=size),)
    if tuple(seats) != TABLE_LETTERS[len(seats)]:
        last, entered = TABLE_LETTERS[len(seats)][-1], ", ".join(seats)
        return (
            _error("player_count", n, None, T.LETTERS, n=len(seats), last=last, entered=entered),
        )
    return ()


def _check_seat(seat: SeatScore, game: int, ruleset: RuleSet) -> tuple[GameError, ...]:
    """Errors of one cell alone: empty, flat no-meld value, bounds (one per problem, no echo)."""
    letter = seat.letter
    errors: list[GameError] = []
    if seat.no_meld is not None and seat.no_meld not in NO_MELD_VALUES:
        errors.append(_error("no_meld_value", game, letter, T.NO_MELD_VALUE, value=seat.no_meld))
    if seat.points is None:
        errors.append(_error("missing_score", game, letter, T.EMPTY))
        return tuple(errors)
    if errors:
        return tuple(errors)
    points = seat.points
    if seat.no_meld is not None:
        if points != -seat.no_meld:
            errors.append(
                _error(
                    "no_meld_value",
                    game,
                    letter,
                    T.NO_MELD_POINTS,
                    value=seat.no_meld,
                    points=_signed(points),
                )
            )
        return tuple(errors)
    if points < -ruleset.max_minus:
        errors.append(
            _error(
                "minus_out_of_bounds",
                game,
                letter,
                T.TOO_MANY_MINUS,
                points=_signed(points),
                max=ruleset.max_minus,
            )
        )
    elif points > ruleset.max_plus:
        errors.append(
            _error(
                "plus_out_of_bounds",
                game,
                letter,
                T.TOO_MANY_PLUS,
                points=_signed(points),
                max=ruleset.max_plus,
            )
        )
    return tuple(errors)


def _check_normal_end(game: GameInput, points: dict[str, int]) -> list[GameError]:
    """Klub 19.1: one winner with plus, every other player minus, control sum 0."""
    n = game.number
    errors: list[GameError] = []
    winners = sorted(letter for letter, p in points.items() if p > 0)
    if not winners:
        errors.append(_error("no_winner", n, None, T.NO_WINNER))
    elif len(winners) > 1:
        errors.append(
            _error("several_winners", n, None, T.SEVERAL_WINNERS, letters=", ".join(winners))
        )
    for letter in sorted(points):
        if points[letter] == 0:
            errors.append(_error("loser_not_negative", n, letter, T.ZERO))
    if len(winners) != 1:
        return errors
    winner = winners[0]
    if game.declared_winner is not None and game.declared_winner != winner:
        errors.append(
            _error(
                "declared_winner_invalid", n, game.declared_winner, T.WINNER_NOT_PLUS, winner=winner
            )
        )
    total = sum(points.values())
    if total != 0:
        errors.append(_error("sum_not_zero", n, None, T.SUM, total=_signed(total)))
    return errors


def _check_exhausted(game: GameInput, points: dict[str, int]) -> list[GameError]:
    """Klub 11.4: everybody writes minus; the lowest rack sum wins, a full tie needs a referee."""
    n = game.number
    errors = [
        _error("exhausted_positive", n, letter, T.EXHAUSTED_PLUS, points=_signed(points[letter]))
        for letter in sorted(points)
        if points[letter] > 0
    ]
    if errors:
        return errors
    tied = _lowest_rack(points)
    if game.declared_winner is None:
        if len(tied) > 1:
            errors.append(
                _error(
                    "exhausted_tie_needs_winner", n, None, T.EXHAUSTED_TIE, letters=", ".join(tied)
                )
            )
    elif game.declared_winner not in tied:
        errors.append(
            _error(
                "declared_winner_invalid",
                n,
                game.declared_winner,
                T.WINNER_NOT_LOWEST,
                letters=", ".join(tied),
            )
        )
    return errors


def _lowest_rack(points: dict[str, int]) -> list[str]:
    """Letters with the lowest rack sum, i.e. the highest (least negative) game points."""
    best = max(points.values())
    return sorted(letter for letter, p in points.items() if p == best)


def validate_game(game: GameInput, *, ruleset: RuleSet) -> tuple[GameError, ...]:
    """Every problem of one game's sheet, one error per problem; () when the game is valid."""
    table_errors = _check_table(game)
    if table_errors:
        return table_errors
    n = game.number
    errors: list[GameError] = []
    letters = {s.letter for s in game.scores}
    if game.declared_winner is not None and game.declared_winner not in letters:
        errors.append(
            _error(
                "declared_winner_invalid",
                n,
                None,
                T.WINNER_NOT_AT_TABLE,
                winner=repr(game.declared_winner),
            )
        )
    seat_errors = [
        e for s in sorted(game.scores, key=lambda s: s.letter) for e in _check_seat(s, n, ruleset)
    ]
    errors.extend(seat_errors)
    if errors or not game.scores:  # no seat left: the game is not played (SPEC §7)
        return tuple(errors)
    points = {s.letter: s.points for s in game.scores if s.points is not None}
    if game.pool_exhausted:
        errors.extend(_check_exhausted(game, points))
    else:
        errors.extend(_check_normal_end(game, points))
    return tuple(errors)


def placement_points_for(places: Sequence[int], table_size: int) -> tuple[int, ...]:
    """Placement points for the places of one game, in the order given (Klub 10.1 table)."""
    if len(places) != table_size or table_size not in TABLE_LETTERS:
        raise ValueError(f"{len(places)} places do not fit a table of {table_size}.")
    pattern = tuple(sorted(places))
    try:
        points = PLACEMENT_POINTS[pattern]
    except KeyError:
        raise ValueError(f"Impossible places {pattern}.") from None
    by_place = dict(zip(pattern, points, strict=True))
    return tuple(by_place[p] for p in places)


def _places(keys: dict[str, tuple[int, int]]) -> dict[str, int]:
    """Competition ranking (1, 2, 2, 4): place = 1 + number of strictly better players."""
    return {
        letter: 1 + sum(1 for other in keys.values() if other > key) for letter, key in keys.items()
    }


def score_game(game: GameInput, *, ruleset: RuleSet) -> GameResult:
    """Place the players of a valid game and award placement points (Klub 10.1, 11.4, 19)."""
    errors = validate_game(game, ruleset=ruleset)
    if errors:
        raise InvalidGame(errors)
    points = {s.letter: s.points for s in game.scores if s.points is not None}
    if not points:  # nobody played it (SPEC §7): no entries
        return GameResult(number=game.number, pool_exhausted=game.pool_exhausted, entries=())
    if game.pool_exhausted:
        tied = _lowest_rack(points)
        winner = game.declared_winner if len(tied) > 1 else tied[0]
    else:
        winner = next(letter for letter, p in points.items() if p > 0)
    # The winner is placed first alone; everybody else by game points, higher is better.
    keys = {letter: (int(letter == winner), p) for letter, p in points.items()}
    places = _places(keys)
    letters = sorted(points)
    awarded = placement_points_for([places[x] for x in letters], len(letters))
    entries = tuple(
        GameEntry(
            letter=letter,
            game_points=points[letter],
            minus_points=-points[letter] if points[letter] < 0 else 0,
            place=places[letter],
            placement_points=pp,
            winner=letter == winner,
        )
        for letter, pp in zip(letters, awarded, strict=True)
    )
    return GameResult(number=game.number, pool_exhausted=game.pool_exhausted, entries=entries)
