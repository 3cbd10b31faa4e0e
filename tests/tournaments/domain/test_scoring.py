"""One game's result: every example of the rule texts and every kind of bad sheet (SPEC §4)."""

import pytest

from tournaments.domain.rules import (
    RULES_2014,
    RULES_PRE_2014,
    RULESETS,
    get_ruleset,
    ruleset_for_year,
)
from tournaments.domain.scoring import (
    GameError,
    GameInput,
    InvalidGame,
    SeatScore,
    placement_points_for,
    score_game,
    validate_game,
)


def game(*points, number=1, exhausted=False, winner=None, no_meld=None):
    """A game from the points of seats A, B, C(, D); no_meld maps letters to 100/200."""
    no_meld = no_meld or {}
    scores = tuple(
        SeatScore(letter, p, no_meld.get(letter)) for letter, p in zip("ABCD", points, strict=False)
    )
    return GameInput(number=number, scores=scores, pool_exhausted=exhausted, declared_winner=winner)


def summary(result):
    """(letter, game points, minus, place, placement points, winner) per seat."""
    return [
        (e.letter, e.game_points, e.minus_points, e.place, e.placement_points, e.winner)
        for e in result.entries
    ]


def codes(errors):
    return [(e.code, e.letter) for e in errors]


# --- rule sets ---------------------------------------------------------------------------------


def test_ruleset_for_year_2014_and_later():
    assert ruleset_for_year(2014) is RULES_2014
    assert ruleset_for_year(2031) is RULES_2014


def test_ruleset_for_year_before_2014():
    assert ruleset_for_year(2013) is RULES_PRE_2014
    assert ruleset_for_year(2005) is RULES_PRE_2014


def test_ruleset_values_match_spec():
    assert (RULES_2014.code, RULES_2014.tiebreak_keys, RULES_2014.joker_value) == ("2014", 4, 30)
    assert (RULES_PRE_2014.code, RULES_PRE_2014.tiebreak_keys) == ("pre2014", 2)
    assert (RULES_2014.max_minus, RULES_2014.max_plus) == (788, 2364)
    assert RULESETS == {"2014": RULES_2014, "pre2014": RULES_PRE_2014}


def test_get_ruleset_known_and_unknown_code():
    assert get_ruleset("pre2014") is RULES_PRE_2014
    with pytest.raises(ValueError, match="Unbekanntes Regelwerk: '1999'"):
        get_ruleset("1999")


# --- Klub 19.1 and the Klub 10.1 table ----------------------------------------------------------


def test_score_game_klub_19_1_example():
    g = game(60, -10, -20, -30)
    assert validate_game(g, ruleset=RULES_2014) == ()
    assert summary(score_game(g, ruleset=RULES_2014)) == [
        ("A", 60, 0, 1, 4, True),
        ("B", -10, 10, 2, 3, False),
        ("C", -20, 20, 3, 1, False),
        ("D", -30, 30, 4, 0, False),
    ]


def test_score_game_shared_second_place_then_fourth():
    result = score_game(game(-10, 40, -20, -10), ruleset=RULES_2014)
    assert [(e.letter, e.place, e.placement_points) for e in result.entries] == [
        ("A", 2, 2),
        ("B", 1, 4),
        ("C", 4, 0),
        ("D", 2, 2),
    ]


def test_score_game_three_shared_second_places():
    result = score_game(game(30, -10, -10, -10), ruleset=RULES_2014)
    assert [(e.place, e.placement_points) for e in result.entries] == [
        (1, 4),
        (2, 2),
        (2, 2),
        (2, 2),
    ]


def test_score_game_shared_third_place():
    result = score_game(game(50, -10, -20, -20), ruleset=RULES_2014)
    assert [(e.place, e.placement_points) for e in result.entries] == [
        (1, 4),
        (2, 3),
        (3, 1),
        (3, 1),
    ]


def test_score_game_three_player_table():
    result = score_game(game(-15, 45, -30), ruleset=RULES_2014)
    assert summary(result) == [
        ("A", -15, 15, 2, 3, False),
        ("B", 45, 0, 1, 4, True),
        ("C", -30, 30, 3, 1, False),
    ]


def test_score_game_three_player_table_shared_second():
    result = score_game(game(20, -10, -10), ruleset=RULES_2014)
    assert [(e.place, e.placement_points) for e in result.entries] == [(1, 4), (2, 2), (2, 2)]


def test_score_game_entries_sorted_by_letter_whatever_the_input_order():
    g = GameInput(
        number=3,
        scores=(SeatScore("D", -30), SeatScore("B", -10), SeatScore("A", 60), SeatScore("C", -20)),
    )
    result = score_game(g, ruleset=RULES_2014)
    assert [e.letter for e in result.entries] == ["A", "B", "C", "D"]
    assert result.entry("D").placement_points == 0
    assert (result.number, result.pool_exhausted) == (3, False)


def test_score_game_invalid_raises_with_all_errors():
    with pytest.raises(InvalidGame) as info:
        score_game(game(60, None, -20, None), ruleset=RULES_2014)
    assert codes(info.value.errors) == [("missing_score", "B"), ("missing_score", "D")]
    assert (
        str(info.value) == "Spiel 1, Spieler B: Feld ist leer.; Spiel 1, Spieler D: Feld ist leer."
    )


def test_placement_points_for_each_tabulated_pattern():
    assert placement_points_for((1, 2, 3, 4), 4) == (4, 3, 1, 0)
    assert placement_points_for((2, 1, 4, 2), 4) == (2, 4, 0, 2)
    assert placement_points_for((2, 2, 1, 2), 4) == (2, 2, 4, 2)
    assert placement_points_for((3, 1, 3, 2), 4) == (1, 4, 1, 3)
    assert placement_points_for((3, 2, 1), 3) == (1, 3, 4)
    assert placement_points_for((2, 1, 2), 3) == (2, 4, 2)


def test_placement_points_for_shared_first_place_refused():
    with pytest.raises(ValueError, match=r"Unmögliche Platzverteilung \(1, 1, 3, 4\)"):
        placement_points_for((1, 1, 3, 4), 4)


def test_placement_points_for_wrong_table_size_refused():
    with pytest.raises(ValueError, match="3 Plätze passen nicht zu einem 4er-Tisch"):
        placement_points_for((1, 2, 3), 4)


# --- Klub 19.2: no first meld -------------------------------------------------------------------


def test_score_game_no_meld_flat_values():
    g = game(310, -100, -200, -10, no_meld={"B": 100, "C": 200})
    assert validate_game(g, ruleset=RULES_2014) == ()
    assert summary(score_game(g, ruleset=RULES_2014)) == [
        ("A", 310, 0, 1, 4, True),
        ("B", -100, 100, 3, 1, False),
        ("C", -200, 200, 4, 0, False),
        ("D", -10, 10, 2, 3, False),
    ]


def test_validate_game_no_meld_wrong_flat_value():
    g = game(230, -130, -100, no_meld={"B": 100})
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "no_meld_value",
            1,
            "B",
            "Spiel 1, Spieler B: Ohne erste Auslage zählen pauschal -100 (Klub 19.2), "
            "eingetragen ist -130.",
        ),
    )


def test_validate_game_no_meld_value_not_100_or_200():
    g = game(250, -150, -100, no_meld={"B": 150})
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "no_meld_value",
            1,
            "B",
            "Spiel 1, Spieler B: Ohne erste Auslage gibt es pauschal 100 oder 200 Minuspunkte "
            "(Klub 19.2), nicht 150.",
        ),
    )


# --- Klub 11.4: pool exhausted ------------------------------------------------------------------


def test_score_game_pool_exhausted_lowest_rack_wins():
    g = game(-5, -12, -30, -7, exhausted=True)
    assert validate_game(g, ruleset=RULES_2014) == ()
    assert summary(score_game(g, ruleset=RULES_2014)) == [
        ("A", -5, 5, 1, 4, True),
        ("B", -12, 12, 3, 1, False),
        ("C", -30, 30, 4, 0, False),
        ("D", -7, 7, 2, 3, False),
    ]


def test_validate_game_pool_exhausted_tie_without_declared_winner():
    g = game(-5, -12, -5, -7, number=4, exhausted=True)
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "exhausted_tie_needs_winner",
            4,
            None,
            "Spiel 4: Pool leer und gleich niedrige Summe bei A, C: Der Bogen muss den Gewinner "
            "nennen (weniger Steine oder Schiedsrichter, Klub 11.4).",
        ),
    )


def test_score_game_pool_exhausted_tie_with_declared_winner():
    g = game(-5, -12, -5, -7, exhausted=True, winner="C")
    assert validate_game(g, ruleset=RULES_2014) == ()
    assert summary(score_game(g, ruleset=RULES_2014)) == [
        ("A", -5, 5, 2, 3, False),
        ("B", -12, 12, 4, 0, False),
        ("C", -5, 5, 1, 4, True),
        ("D", -7, 7, 3, 1, False),
    ]


def test_score_game_pool_exhausted_three_way_tie_others_share_second():
    g = game(-8, -8, -8, -20, exhausted=True, winner="B")
    result = score_game(g, ruleset=RULES_2014)
    assert [(e.letter, e.place, e.placement_points) for e in result.entries] == [
        ("A", 2, 2),
        ("B", 1, 4),
        ("C", 2, 2),
        ("D", 4, 0),
    ]


def test_validate_game_pool_exhausted_declared_winner_not_lowest():
    g = game(-5, -12, -5, -7, exhausted=True, winner="B")
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "declared_winner_invalid",
            1,
            "B",
            "Spiel 1, Spieler B: Als Gewinner genannt, hat aber nicht die niedrigste Summe "
            "(A, C, Klub 11.4).",
        ),
    )


def test_validate_game_pool_exhausted_redundant_declared_winner_accepted():
    g = game(-5, -12, -30, -7, exhausted=True, winner="A")
    assert validate_game(g, ruleset=RULES_2014) == ()
    assert score_game(g, ruleset=RULES_2014).entry("A").winner is True


def test_validate_game_pool_exhausted_positive_points():
    g = game(5, -12, -30, 7, number=2, exhausted=True)
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "exhausted_positive",
            2,
            "A",
            "Spiel 2, Spieler A: Pool leer: Alle schreiben ihre Steine als Minuspunkte "
            "(Klub 11.4), +5 ist nicht möglich.",
        ),
        GameError(
            "exhausted_positive",
            2,
            "D",
            "Spiel 2, Spieler D: Pool leer: Alle schreiben ihre Steine als Minuspunkte "
            "(Klub 11.4), +7 ist nicht möglich.",
        ),
    )


def test_score_game_pool_exhausted_with_no_meld_flat_value():
    g = game(-100, -120, -45, -80, exhausted=True, no_meld={"A": 100})
    assert validate_game(g, ruleset=RULES_2014) == ()
    result = score_game(g, ruleset=RULES_2014)
    assert [(e.letter, e.place, e.placement_points, e.winner) for e in result.entries] == [
        ("A", 3, 1, False),
        ("B", 4, 0, False),
        ("C", 1, 4, True),
        ("D", 2, 3, False),
    ]


def test_validate_game_pool_exhausted_sum_not_checked():
    assert validate_game(game(-5, -12, -30, -7, exhausted=True), ruleset=RULES_2014) == ()


# --- bad sheets --------------------------------------------------------------------------------


def test_validate_game_sum_not_zero():
    assert validate_game(game(70, -10, -20, -30), ruleset=RULES_2014) == (
        GameError("sum_not_zero", 1, None, "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."),
    )


def test_validate_game_sum_negative():
    assert validate_game(game(50, -10, -20, -30, number=3), ruleset=RULES_2014) == (
        GameError("sum_not_zero", 3, None, "Spiel 3: Die Summe ist -10 statt 0 (Kontrollsumme)."),
    )


def test_validate_game_two_winners():
    assert validate_game(game(60, 10, -40, -30), ruleset=RULES_2014) == (
        GameError(
            "several_winners",
            1,
            None,
            "Spiel 1: Mehrere Spieler haben Pluspunkte (A, B), es gibt nur einen Gewinner.",
        ),
    )


def test_validate_game_no_winner():
    assert validate_game(game(-10, -10, -20, -30), ruleset=RULES_2014) == (
        GameError(
            "no_winner", 1, None, "Spiel 1: Kein Spieler hat Pluspunkte, der Gewinner fehlt."
        ),
    )


def test_validate_game_empty_cell():
    assert validate_game(game(60, -10, None, -30, number=2), ruleset=RULES_2014) == (
        GameError("missing_score", 2, "C", "Spiel 2, Spieler C: Feld ist leer."),
    )


def test_validate_game_all_cells_empty_no_cascade():
    errors = validate_game(game(None, None, None, None), ruleset=RULES_2014)
    assert codes(errors) == [
        ("missing_score", "A"),
        ("missing_score", "B"),
        ("missing_score", "C"),
        ("missing_score", "D"),
    ]


def test_validate_game_minus_out_of_bounds():
    assert validate_game(game(10040, -10000, -10, -30), ruleset=RULES_2014) == (
        GameError(
            "plus_out_of_bounds",
            1,
            "A",
            "Spiel 1, Spieler A: +10040 ist unmöglich: mehr als 2364 Pluspunkte gibt es nicht.",
        ),
        GameError(
            "minus_out_of_bounds",
            1,
            "B",
            "Spiel 1, Spieler B: -10000 ist unmöglich: mehr als 788 Minuspunkte gibt es nicht.",
        ),
    )


def test_validate_game_plus_10000_out_of_bounds():
    errors = validate_game(game(10000, -10, -20, -30), ruleset=RULES_2014)
    assert errors == (
        GameError(
            "plus_out_of_bounds",
            1,
            "A",
            "Spiel 1, Spieler A: +10000 ist unmöglich: mehr als 2364 Pluspunkte gibt es nicht.",
        ),
    )


def test_validate_game_bounds_are_inclusive():
    assert validate_game(game(788 + 2, -788, -1, -1), ruleset=RULES_2014) == ()
    assert validate_game(game(2364, -788, -788, -788), ruleset=RULES_2014) == ()


def test_validate_game_loser_with_zero():
    assert validate_game(game(60, 0, -20, -40), ruleset=RULES_2014) == (
        GameError(
            "loser_not_negative",
            1,
            "B",
            "Spiel 1, Spieler B: 0 Punkte sind nicht möglich: Wer nicht gewinnt, hat Minuspunkte.",
        ),
    )


def test_validate_game_loser_with_zero_and_wrong_sum():
    errors = validate_game(game(60, 0, -20, -30), ruleset=RULES_2014)
    assert codes(errors) == [("loser_not_negative", "B"), ("sum_not_zero", None)]
    assert errors[1].message == "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."


def test_validate_game_several_winners_sum_not_checked():
    assert codes(validate_game(game(60, 10, -40, -40), ruleset=RULES_2014)) == [
        ("several_winners", None)
    ]


def test_validate_game_too_few_players():
    assert validate_game(game(10), ruleset=RULES_2014) == (
        GameError(
            "player_count", 1, None, "Spiel 1: Ein Tisch hat 2 bis 4 Spieler, hier sind es 1."
        ),
    )


def test_a_final_of_two_scores_4_and_3():
    """000 §1B, our reading: the two table winners' final, winner 4, the other 3 (Klub 10.1)."""
    result = score_game(game(-12, 12), ruleset=RULES_2014)
    assert [(e.letter, e.place, e.placement_points) for e in result.entries] == [
        ("A", 2, 3),
        ("B", 1, 4),
    ]


def test_validate_game_five_players():
    g = GameInput(1, tuple(SeatScore(x, -1) for x in "ABCDE"))
    assert codes(validate_game(g, ruleset=RULES_2014)) == [("player_count", None)]


def test_validate_game_duplicate_letters():
    g = GameInput(
        1, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("B", -10), SeatScore("D", -10))
    )
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "player_count",
            1,
            None,
            "Spiel 1: Die 4 Spieler müssen die Buchstaben A–D je einmal tragen "
            "(eingetragen: A, B, B, D).",
        ),
    )


def test_validate_game_three_player_table_needs_letters_a_to_c():
    g = GameInput(1, (SeatScore("A", 30), SeatScore("B", -10), SeatScore("D", -20)))
    assert codes(validate_game(g, ruleset=RULES_2014)) == [("player_count", None)]


def test_validate_game_declared_winner_not_at_table():
    g = game(60, -10, -20, -30, winner="E")
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "declared_winner_invalid",
            1,
            None,
            "Spiel 1: Der genannte Gewinner 'E' sitzt nicht an diesem Tisch.",
        ),
    )


def test_validate_game_normal_end_declared_winner_contradicts_plus():
    g = game(60, -10, -20, -30, winner="B")
    assert validate_game(g, ruleset=RULES_2014) == (
        GameError(
            "declared_winner_invalid",
            1,
            "B",
            "Spiel 1, Spieler B: Als Gewinner genannt, aber Spieler A hat die Pluspunkte.",
        ),
    )


def test_validate_game_normal_end_matching_declared_winner_accepted():
    assert validate_game(game(60, -10, -20, -30, winner="A"), ruleset=RULES_2014) == ()


def test_validate_game_several_problems_all_reported():
    g = game(None, -900, -10, -30, no_meld={"C": 100})
    assert codes(validate_game(g, ruleset=RULES_2014)) == [
        ("missing_score", "A"),
        ("minus_out_of_bounds", "B"),
        ("no_meld_value", "C"),
    ]


def test_validate_game_pre2014_rules_check_the_same():
    assert validate_game(game(70, -10, -20, -30), ruleset=RULES_PRE_2014) == (
        GameError("sum_not_zero", 1, None, "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."),
    )
