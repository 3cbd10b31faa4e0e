"""Finals that can always be seated, known at set-up (SPEC §1; Klub 6.1, 6.2.1; 000 §1A, §1B):
the rule core's checks, table by table and over their whole input space."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain import formats
from tournaments.domain.formats import FieldSizeError, final_table_sizes

SPECIAL_TOP_N = {
    "category": "special",
    "rounds_planned": 1,
    "games_per_round": 3,
    "has_final": True,
    "final_mode": formats.FINAL_TOP_N,
    "finalists_count": 4,
    "three_player_tables": True,
    "max_players": 16,
    "start_date": date(2026, 5, 2),
    "end_date": date(2026, 5, 2),
    "ranking_year": 2026,
    "rule_set": "house",
}


@pytest.mark.parametrize(
    ("rule", "finalists", "refused"),
    [
        ("000 §1B: a final of two at one table", 2, False),
        ("000 §1A: one table of three", 3, False),
        ("Klub 6.1: one table of four", 4, False),
        ("000 §1A: 5 = 4a + 3b has no solution", 5, True),
        ("000 §1A: two tables of three", 6, False),
        ("000 §1A: 4 + 3", 7, False),
        ("000 §1A: 4 + 3 + 3", 10, False),
    ],
)
def test_special_top_n_final_is_refused_at_set_up_when_it_can_never_be_seated(
    rule, finalists, refused
):
    errors = formats.format_errors(**{**SPECIAL_TOP_N, "finalists_count": finalists})

    assert ("finalists_count" in errors) is refused, rule
    if refused:
        assert str(errors["finalists_count"]) == (
            "Ein Finale mit 5 Spielern lässt sich nie setzen: das Finale spielt an Vierer- und "
            "Dreiertischen (000 §1A), und 5 Spieler füllen keine solche Tischaufteilung. Bitte "
            "eine andere Zahl von Finalisten wählen."
        )


@given(st.integers(min_value=-3, max_value=80))
def test_a_finalist_count_accepted_at_set_up_can_always_be_drawn(finalists):
    """Whatever the set-up accepts, the final's draw seats (SPEC §1: never first at the draw)."""
    errors = formats.format_errors(**{**SPECIAL_TOP_N, "finalists_count": finalists})
    if "finalists_count" in errors:
        with pytest.raises(FieldSizeError):
            final_table_sizes(finalists)
    else:
        assert sum(final_table_sizes(finalists)) == finalists


@pytest.mark.parametrize(
    ("rule", "tables", "refused"),
    [
        ("000 §1B: one table, one winner, no final", 1, True),
        ("000 §1B: 5-8 players, a final of two", 2, False),
        ("000 §1B: three winners", 3, False),
        ("000 §1A: 16 players, four winners", 4, False),
        ("000 §1A: more than 16 players", 5, True),
    ],
)
def test_table_winners_final_allows_two_to_four_preliminary_tables(rule, tables, refused):
    assert (formats.table_winners_field_error(tables) is not None) is refused, rule


@given(
    st.one_of(st.none(), st.integers(min_value=3, max_value=60)),
    st.booleans(),
    st.sampled_from([formats.FINAL_TOP_N, formats.FINAL_TABLE_WINNERS]),
)
def test_the_field_cap_of_a_table_winners_final_is_16(max_players, has_final, final_mode):
    """000 §1A: "max. 16 Spieler" with the final of the table winners; else the announced cap."""
    cap = formats.field_cap(max_players=max_players, has_final=has_final, final_mode=final_mode)
    if has_final and final_mode == formats.FINAL_TABLE_WINNERS:
        assert cap == min(max_players or 16, 16)
    else:
        assert cap == max_players


@pytest.mark.parametrize(
    ("rule", "max_players", "refused"),
    [("000 §1A", 16, False), ("000 §1A", 12, False), ("000 §1A: at most 16", 17, True)],
)
def test_table_winners_final_refuses_a_larger_field_at_set_up(rule, max_players, refused):
    fields = {**SPECIAL_TOP_N, "final_mode": formats.FINAL_TABLE_WINNERS}
    errors = formats.format_errors(**{**fields, "max_players": max_players})
    assert ("max_players" in errors) is refused, rule


@pytest.mark.parametrize(
    ("rule_set", "mode"),
    [
        ("house", formats.FINAL_TABLE_WINNERS),  # SPEC §1, 000 §1B
        ("2014", formats.FINAL_TOP_N),  # Klub 6.2
        ("pre2014", formats.FINAL_TOP_N),
    ],
)
def test_house_format_final_defaults_to_the_table_winners(rule_set, mode):
    assert formats.default_final_mode(rule_set=rule_set) == mode


@pytest.mark.parametrize(
    ("rule", "entered", "games", "first"),
    [
        ("SPEC §7: nothing on the sheet yet", 0, 4, 1),
        ("SPEC §7: two games on the sheet", 2, 4, 3),
        ("SPEC §7: every game played", 4, 4, None),
        ("000 §1B: three games", 3, 3, None),
    ],
)
def test_first_game_not_played(rule, entered, games, first):
    from tournaments.domain.referees import first_game_not_played

    assert first_game_not_played(games_entered=entered, games_per_round=games) == first, rule


@pytest.mark.parametrize(
    ("rule", "players", "finalists", "refused"),
    [
        ("Klub 6.2: a final of the top 4 from 4 players", 4, 4, False),
        ("Klub 6.2: top 8 from 7 players cannot be drawn", 7, 8, True),
        ("SPEC §1: reserves never count, so 3 players cannot give a top 4", 3, 4, True),
        ("000 §1B: a final of two from two players", 2, 2, False),
    ],
)
def test_a_top_n_final_needs_n_players_without_reserves(rule, players, finalists, refused):
    error = formats.top_final_field_error(players=players, finalists=finalists)
    assert (error is not None) == refused, rule


@given(players=st.integers(0, 200), finalists=st.integers(2, 64))
def test_a_top_n_final_is_refused_exactly_when_the_field_is_smaller(players, finalists):
    """Klub 6.2: the draw refuses a preliminary round exactly when its final could not seat
    the top N (reserves not counted)."""
    refused = formats.top_final_field_error(players=players, finalists=finalists) is not None
    assert refused == (players < finalists)
