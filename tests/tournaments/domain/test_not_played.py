"""A seat that did not play a game: red card or withdrawal in the middle of a round (SPEC §7,
Klub 4.5.1, 4.2), scored as a game of the remaining players (SPEC §4, Klub 10.1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.texts import german
from tournaments.domain.referees import not_played_by_game
from tournaments.domain.rules import RULES_2014
from tournaments.domain.scoring import (
    MIN_GAME_PLAYERS,
    PLACEMENT_POINTS,
    GameError,
    GameInput,
    SeatScore,
    validate_game,
)
from tournaments.domain.sheets import score_sheet

ABCD = ("A", "B", "C", "D")


def scored(games, letters=ABCD):
    """Per game: its number and, per seat letter, (game points, place, placement points)."""
    return [
        (
            result.number,
            {e.letter: (e.game_points, e.place, e.placement_points) for e in result.entries},
        )
        for result in score_sheet(games, letters=letters, ruleset=RULES_2014)
    ]


@pytest.mark.parametrize(
    ("rule", "game", "expected"),
    [
        (
            "SPEC §7 + §4: C out, the others play a 3-player game, 4, 3, 1",
            {"number": 3, "scores": {"A": 30, "B": -10, "D": -20}, "not_played": ["C"]},
            {"A": (30, 1, 4), "B": (-10, 2, 3), "D": (-20, 3, 1)},
        ),
        (
            "SPEC §4 (our reading): 3 players, a shared 2nd place gives 2, 2",
            {"number": 3, "scores": {"A": -15, "B": -15, "C": 30}, "not_played": ["D"]},
            {"A": (-15, 2, 2), "B": (-15, 2, 2), "C": (30, 1, 4)},
        ),
        (
            "SPEC §7: a cell written for the absent seat is ignored, no line for it",
            {"number": 4, "scores": {"A": -5, "B": 20, "C": -7, "D": -13}, "not_played": ["A"]},
            {"B": (20, 1, 4), "C": (-7, 2, 3), "D": (-13, 3, 1)},
        ),
        (
            "Klub 11.4 in a 3-player game: pool exhausted, lowest rack wins, sum not 0",
            {
                "number": 2,
                "scores": {"A": -40, "C": -5, "D": -9},
                "pool_exhausted": True,
                "not_played": ["B"],
            },
            {"A": (-40, 3, 1), "C": (-5, 1, 4), "D": (-9, 2, 3)},
        ),
        (
            "Klub 19.2 in a 3-player game: no first meld, -100",
            {
                "number": 1,
                "scores": {"A": 110, "B": -100, "C": -10},
                "no_meld": {"B": 100},
                "not_played": ["D"],
            },
            {"A": (110, 1, 4), "B": (-100, 3, 1), "C": (-10, 2, 3)},
        ),
        (
            "SPEC §7: an empty not_played list is a normal 4-player game (Klub 19.1)",
            {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}, "not_played": []},
            {"A": (60, 1, 4), "B": (-10, 2, 3), "C": (-20, 3, 1), "D": (-30, 4, 0)},
        ),
    ],
)
def test_score_sheet_with_a_seat_not_played(rule, game, expected):
    assert scored([game]) == [(game["number"], expected)], rule


ABC = ("A", "B", "C")


@pytest.mark.parametrize(
    ("rule", "letters", "game", "expected"),
    [
        (
            "Klub 4.5.1, SPEC §7: a table of three loses C, the two play 4, 3",
            ABC,
            {"number": 2, "scores": {"A": 30, "B": -30}, "not_played": ["C"]},
            {"A": (30, 1, 4), "B": (-30, 2, 3)},
        ),
        (
            "SPEC §7: the 2-player game's winner may be any remaining seat",
            ABC,
            {"number": 3, "scores": {"A": -12, "C": 12}, "not_played": ["B"]},
            {"A": (-12, 2, 3), "C": (12, 1, 4)},
        ),
        (
            "Klub 11.4 in a 2-player game: pool exhausted, the lower rack sum wins, sum not 0",
            ABC,
            {
                "number": 2,
                "scores": {"B": -7, "C": -19},
                "pool_exhausted": True,
                "not_played": ["A"],
            },
            {"B": (-7, 1, 4), "C": (-19, 2, 3)},
        ),
        (
            "Klub 11.4 in a 2-player game: equal racks, the named winner takes 4, the other 3",
            ABC,
            {
                "number": 2,
                "scores": {"B": -7, "C": -7},
                "pool_exhausted": True,
                "declared_winner": "C",
                "not_played": ["A"],
            },
            {"B": (-7, 2, 3), "C": (-7, 1, 4)},
        ),
        (
            "Klub 19.2 in a 2-player game: no first meld, -200, the winner gets +200",
            ABC,
            {
                "number": 1,
                "scores": {"A": 200, "C": -200},
                "no_meld": {"C": 200},
                "not_played": ["B"],
            },
            {"A": (200, 1, 4), "C": (-200, 2, 3)},
        ),
        (
            "SPEC §7: a final of two loses B, the game is not played, no line at all",
            ("A", "B"),
            {"number": 2, "scores": {}, "not_played": ["A", "B"]},
            {},
        ),
        (
            "SPEC §7: a table of three left with one player, cells written are ignored",
            ABC,
            {"number": 3, "scores": {"A": 10, "B": -10}, "not_played": ["A", "B", "C"]},
            {},
        ),
        (
            "SPEC §7 (our reading): a table of four that lost two plays 2-player games",
            ABCD,
            {"number": 4, "scores": {"A": -25, "D": 25}, "not_played": ["B", "C"]},
            {"A": (-25, 2, 3), "D": (25, 1, 4)},
        ),
    ],
)
def test_score_sheet_of_a_table_with_two_or_one_left(rule, letters, game, expected):
    """Klub 4.5.1, SPEC §7: placement points 4, 3 as in the final of two (Klub 10.1 table)."""
    assert scored([game], letters) == [(game["number"], expected)], rule


def test_games_before_the_exclusion_stand_and_later_ones_have_three_players():
    """SPEC §7: games already played stand; from the red card on, the seat has no line."""
    games = [
        {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
        {"number": 2, "scores": {"A": -10, "B": -20, "C": 45, "D": -15}},
        {"number": 3, "scores": {"A": -12, "B": 20, "D": -8}, "not_played": ["C"]},
        {"number": 4, "scores": {"A": 33, "B": -30, "D": -3}, "not_played": ["C"]},
    ]
    assert [sorted(letters) for _, letters in scored(games)] == [
        ["A", "B", "C", "D"],
        ["A", "B", "C", "D"],
        ["A", "B", "D"],
        ["A", "B", "D"],
    ]


@pytest.mark.parametrize(
    ("rule", "game", "letters", "expected"),
    [
        (
            "SPEC §4 control sum over the remaining players only (Klub 19.1)",
            GameInput(
                3, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("D", -30)), not_played=("C",)
            ),
            ABCD,
            [("sum_not_zero", None, "Spiel 3: Die Summe ist -10 statt 0 (Kontrollsumme).")],
        ),
        (
            "SPEC §7: a remaining player's empty cell is still an error",
            GameInput(
                3,
                (SeatScore("A", 30), SeatScore("B", None), SeatScore("D", -30)),
                not_played=("C",),
            ),
            ABCD,
            [("missing_score", "B", "Spiel 3, Spieler B: Feld ist leer.")],
        ),
        (
            "Klub 6.1: the absent seat and the players together are the table's letters",
            GameInput(
                3, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("C", -20)), not_played=("C",)
            ),
            ABCD,
            [
                (
                    "player_count",
                    None,
                    "Spiel 3: Die 4 Spieler müssen die Buchstaben A–D je einmal tragen "
                    "(eingetragen: A, B, C, C).",
                )
            ],
        ),
        (
            "SPEC §7: two seats out of four leave a valid 2-player game",
            GameInput(3, (SeatScore("A", 30), SeatScore("B", -30)), not_played=("C", "D")),
            ABCD,
            [],
        ),
        (
            "SPEC §7: a table of three with one out, the control sum of the two (Klub 19.1)",
            GameInput(2, (SeatScore("A", 30), SeatScore("C", -20)), not_played=("B",)),
            ("A", "B", "C"),
            [("sum_not_zero", None, "Spiel 2: Die Summe ist +10 statt 0 (Kontrollsumme).")],
        ),
        (
            "SPEC §7: a table left with one player does not play, so one cell is refused",
            GameInput(3, (SeatScore("A", 30),), not_played=("B", "C")),
            ("A", "B", "C"),
            [
                (
                    "player_count",
                    None,
                    "Spiel 3: Ein Spiel braucht mindestens 2 Spieler, hier spielt 1; ein Tisch "
                    "mit nur noch einem Spieler spielt das Spiel nicht (SPEC §7).",
                )
            ],
        ),
        (
            "SPEC §7: a game every seat of the table left is valid and has no cell",
            GameInput(3, (), not_played=("A", "B", "C")),
            ("A", "B", "C"),
            [],
        ),
        (
            "SPEC §7: a game not played names nobody as winner (Klub 11.4)",
            GameInput(3, (), declared_winner="A", not_played=("A", "B")),
            ("A", "B"),
            [
                (
                    "declared_winner_invalid",
                    None,
                    "Spiel 3: Der genannte Gewinner 'A' sitzt nicht an diesem Tisch.",
                )
            ],
        ),
        (
            "Klub 6.1: the seats not played must still be the table's letters",
            GameInput(3, (), not_played=("A", "B", "B")),
            ("A", "B", "C"),
            [
                (
                    "player_count",
                    None,
                    "Spiel 3: Die 3 Spieler müssen die Buchstaben A–C je einmal tragen "
                    "(eingetragen: A, B, B).",
                )
            ],
        ),
    ],
)
def test_validate_game_with_a_seat_not_played(rule, game, letters, expected):
    errors = validate_game(game, ruleset=RULES_2014)
    assert [(e.code, e.letter, german(e.message)) for e in errors] == expected, rule
    assert all(isinstance(e, GameError) for e in errors)


@st.composite
def tables_losing_players(draw):
    """A table of 2 to 4 seats, some of its players out from some game (SPEC §7)."""
    letters = "ABCD"[: draw(st.sampled_from([2, 3, 4]))]
    games = draw(st.integers(1, 4))
    out = draw(st.lists(st.sampled_from(letters), unique=True, max_size=len(letters)))
    return letters, games, {x: draw(st.integers(1, games)) for x in out}


@given(tables_losing_players(), st.data())
def test_a_table_losing_players_plays_on_with_two_or_more_or_not_at_all(table, data):
    """Klub 4.5.1, SPEC §7: every game of the round is either a game of at least two remaining
    players, scored by the Klub 10.1 table for their number (two: 4, 3), or not played by
    anyone; a seat once out stays out."""
    letters, games, from_games = table
    not_played = not_played_by_game(from_games, games=games, letters=letters)
    before: set[str] = set()
    for number in range(1, games + 1):
        absent = set(not_played.get(number, ()))
        assert before <= absent and absent <= set(letters)
        assert {x for x, first in from_games.items() if first <= number} <= absent
        before = absent
        playing = [x for x in letters if x not in absent]
        assert len(playing) >= MIN_GAME_PLAYERS or not playing
        winner = data.draw(st.sampled_from(playing)) if playing else None
        losers = [x for x in playing if x != winner]
        scores = {x: -10 * (i + 1) for i, x in enumerate(losers)}  # distinct places
        if winner:
            scores[winner] = -sum(scores.values())
        game = {"number": number, "scores": scores, "not_played": sorted(absent)}
        (result,) = score_sheet([game], letters=tuple(letters), ruleset=RULES_2014)
        expected = PLACEMENT_POINTS[tuple(range(1, len(playing) + 1))] if playing else ()
        assert sorted((e.placement_points for e in result.entries), reverse=True) == list(expected)
