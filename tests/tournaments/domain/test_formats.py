"""Formats: reserves, table plans and category presets (SPEC §1; Klub 6.1-6.3, 000 §1A)."""

from datetime import date

import pytest
from django.utils import translation

from tests.support.texts import german
from tournaments.domain.formats import (
    CATEGORY_PRESETS,
    Category,
    FieldSizeError,
    Preset,
    earliest_start_after_change,
    format_errors,
    reserves_needed,
    special_change_error,
    table_sizes_with_reserves,
    three_table_plan,
)


@pytest.mark.parametrize(
    ("n", "expected"),
    [(0, 0), (1, 3), (2, 2), (3, 1), (4, 0), (5, 3), (6, 2), (7, 1), (8, 0), (101, 3)],
)
def test_reserves_needed_fills_the_last_table(n, expected):
    assert reserves_needed(n) == expected


def test_reserves_needed_rejects_negative_fields():
    with pytest.raises(FieldSizeError):
        reserves_needed(-1)


def test_table_sizes_with_reserves_gives_tables_of_four():
    assert table_sizes_with_reserves(12) == (4, 4, 4)
    assert table_sizes_with_reserves(4) == (4,)


@pytest.mark.parametrize("n_total", [0, 10, 13, -4])
def test_table_sizes_with_reserves_rejects_fields_not_divisible_by_four(n_total):
    with pytest.raises(FieldSizeError) as error:
        table_sizes_with_reserves(n_total)
    assert "lassen sich nicht auf Vierertische aufteilen" in str(error.value)


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (3, (3,)),
        (4, (4,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (3, 3, 3)),
        (10, (4, 3, 3)),
        (11, (4, 4, 3)),
        (12, (4, 4, 4)),
        (13, (4, 3, 3, 3)),
        (14, (4, 4, 3, 3)),
        (15, (4, 4, 4, 3)),
        (16, (4, 4, 4, 4)),
    ],
)
def test_three_table_plan_uses_fewest_three_tables_fours_first(n, expected):
    assert three_table_plan(n) == expected


@pytest.mark.parametrize("n", [n for n in range(3, 200) if n != 5])
def test_three_table_plan_adds_up_with_as_many_three_tables_as_missing_seats(n):
    plan = three_table_plan(n)
    assert sum(plan) == n
    assert plan.count(3) == (4 - n % 4) % 4
    assert list(plan) == sorted(plan, reverse=True)


@pytest.mark.parametrize("n", [0, 1, 2, 5])
def test_three_table_plan_rejects_unsplittable_fields_in_german(n):
    with pytest.raises(FieldSizeError) as error:
        three_table_plan(n)
    assert str(error.value) == (
        f"{n} Spieler lassen sich nicht auf Dreier- und Vierertische aufteilen."
    )


def test_category_values_and_labels():
    assert [c.value for c in Category] == ["beginners", "city", "national", "special"]
    assert [german(c.label) for c in Category] == [
        "Einsteiger-Turnier",
        "Stadtmeisterschaft",
        "Deutsche Meisterschaft",
        "Sonderturnier",
    ]


def test_category_presets_follow_klub_6_3():
    presets = dict(CATEGORY_PRESETS)
    assert presets == {
        "beginners": Preset(rounds=2, final_allowed=True, games_per_round=4),
        "city": Preset(rounds=3, final_allowed=True, games_per_round=4),
        "national": Preset(rounds=4, final_allowed=True, games_per_round=4),
        "special": Preset(rounds=None, final_allowed=True, games_per_round=4),
    }


# --- Format checks at set-up (Klub 6.2, 6.2.1, 6.3, 2.4; 000 §1A) --------------------------

CITY_OK = {
    "category": "city",
    "rounds_planned": 3,
    "games_per_round": 4,
    "has_final": False,
    "finalists_count": 4,
    "three_player_tables": False,
    "max_players": None,
    "start_date": date(2026, 5, 2),
    "end_date": date(2026, 5, 2),
    "ranking_year": 2026,
    "rule_set": "2014",
}

HOUSE_FORMAT = {
    **CITY_OK,
    "category": "special",
    "rounds_planned": 1,
    "games_per_round": 3,
    "has_final": True,
    "three_player_tables": True,
    "max_players": 16,
    "rule_set": "house",
}

YEAR_2013 = {"start_date": date(2013, 5, 2), "end_date": date(2013, 5, 2), "ranking_year": 2013}

RULE_SET_2026 = (
    "Ein Turnier wird nach dem Regelwerk seines Ranking-Jahres gewertet (Klub 2.4), 2026: "
    "Klub-Regeln 2014 (vier Wertungskriterien); nur Sonderturniere dürfen das Hausformat wählen "
    "(Klub 6.2.1)."
)
RULE_SET_2013 = (
    "Ein Turnier wird nach dem Regelwerk seines Ranking-Jahres gewertet (Klub 2.4), 2013: "
    "Regeln vor 2014 (gewonnene Spiele, dann Spielpunkte); nur Sonderturniere dürfen das "
    "Hausformat wählen (Klub 6.2.1)."
)


@pytest.mark.parametrize(
    ("rule", "fields", "expected"),
    [
        ("Klub 6.3", CITY_OK, {}),
        ("Klub 6.3", {"category": "beginners", "rounds_planned": 2, "has_final": True}, {}),
        ("Klub 6.3", {"category": "national", "rounds_planned": 4}, {}),
        ("Klub 6.2.1, 000 §1A", HOUSE_FORMAT, {}),
        ("Klub 6.3", {"category": "club"}, {"category": "Unbekannte Kategorie."}),
        (
            "Klub 6.3",
            {"rounds_planned": 2},
            {"rounds_planned": "Eine Stadtmeisterschaft hat 3 Vorrunden (Klub 6.3)."},
        ),
        (
            "Klub 6.3",
            {"category": "national", "rounds_planned": 3},
            {"rounds_planned": "Eine Deutsche Meisterschaft hat 4 Vorrunden (Klub 6.3)."},
        ),
        (
            "Klub 6.3",
            {"category": "beginners", "rounds_planned": 3},
            {"rounds_planned": "Ein Einsteiger-Turnier hat 2 Vorrunden (Klub 6.3)."},
        ),
        (
            "Klub 6.2",
            {"rounds_planned": 1},
            {"rounds_planned": "Klub-Turniere haben 2 bis 4 Runden (Klub 6.2)."},
        ),
        (
            "Klub 6.2",
            {"rounds_planned": 5},
            {"rounds_planned": "Klub-Turniere haben 2 bis 4 Runden (Klub 6.2)."},
        ),
        ("Klub 6.2.1", {"category": "special", "rounds_planned": 1}, {}),
        ("Klub 6.2.1: abweichende Rundenzahlen", {"category": "special", "rounds_planned": 5}, {}),
        ("Klub 6.2.1: abweichende Rundenzahlen", {"category": "special", "rounds_planned": 9}, {}),
        (
            "Klub 6.2.1",
            {"category": "special", "rounds_planned": 0},
            {"rounds_planned": "Ein Turnier hat mindestens eine Vorrunde."},
        ),
        (
            "Klub 6.2",
            {"games_per_round": 3},
            {
                "games_per_round": "Jede Runde hat vier Spiele; 1 bis 3 Spiele nur bei "
                "Sonderturnieren (Klub 6.2.1)."
            },
        ),
        ("Klub 6.2.1, 000 §1B", {"category": "special", "games_per_round": 2}, {}),
        ("Klub 6.2.1: 1 to 4 games", {"category": "special", "games_per_round": 1}, {}),
        (
            "Klub 6.2.1: 1 to 4 games",
            {"category": "special", "games_per_round": 0},
            {"games_per_round": "Eine Runde hat 1 bis 4 Spiele."},
        ),
        (
            "Klub 6.2.1: 1 to 4 games",
            {"category": "special", "games_per_round": 5},
            {"games_per_round": "Eine Runde hat 1 bis 4 Spiele."},
        ),
        ("Klub 6.2, 12.1 (our reading: any category)", {"has_final": True}, {}),
        (
            "Klub 6.2, 12.1",
            {"category": "national", "rounds_planned": 4, "has_final": True, "finalists_count": 8},
            {},
        ),
        (
            "Klub 6.1: club finals at tables of four",
            {"has_final": True, "finalists_count": 6},
            {
                "finalists_count": "Klub-Turniere spielen das Finale an Vierertischen: die Zahl "
                "der Finalisten muss ein Vielfaches von 4 sein (Klub 6.1)."
            },
        ),
        (
            "Klub 6.1: club finals at tables of four",
            {"category": "beginners", "rounds_planned": 2, "has_final": True, "finalists_count": 3},
            {
                "finalists_count": "Klub-Turniere spielen das Finale an Vierertischen: die Zahl "
                "der Finalisten muss ein Vielfaches von 4 sein (Klub 6.1)."
            },
        ),
        ("Klub 6.2.1: special tournaments seat 3", {**HOUSE_FORMAT, "finalists_count": 3}, {}),
        ("000 §1B: a final of two", {**HOUSE_FORMAT, "finalists_count": 2}, {}),
        (
            "000 §1B",
            {"category": "special", "has_final": True, "finalists_count": 1},
            {"finalists_count": "Eine Finalrunde braucht mindestens zwei Finalisten."},
        ),
        (
            "000 §1B: table winners",
            {**HOUSE_FORMAT, "final_mode": "table_winners", "finalists_count": 1},
            {},
        ),
        (
            "000 §1B, Klub 6.2.1: table winners only in special tournaments",
            {"has_final": True, "final_mode": "table_winners"},
            {
                "final_mode": "Ein Finale der Tischsieger gibt es nur im Hausformat, also bei "
                "Sonderturnieren (000 §1B, Klub 6.2.1)."
            },
        ),
        (
            "000 §1B",
            {"final_mode": "best"},
            {"final_mode": "Unbekannte Art, das Finale zu besetzen."},
        ),
        ("Klub 6.2", {"finalists_count": 2}, {}),
        (
            "Klub 6.2.1, 000 §1A",
            {"three_player_tables": True},
            {"table_policy": "Dreiertische gibt es nur bei Sonderturnieren (Klub 6.2.1)."},
        ),
        ("000 §1A", {"max_players": 2}, {"max_players": "Mindestens drei Spieler."}),
        ("000 §1A", {"max_players": 3}, {}),
        (
            "Klub 6",
            {"end_date": date(2026, 5, 1)},
            {"end_date": "Das Ende liegt vor dem Beginn."},
        ),
        (
            "Klub 2.4",
            {"ranking_year": 2027},
            {
                "ranking_year": "Das Ranking-Jahr ist das Kalenderjahr des Turnierbeginns "
                "(Klub 2.4)."
            },
        ),
        ("Klub 2.4, 10.1", {"rule_set": "pre2014"}, {"rule_set": RULE_SET_2026}),
        ("Klub 6.2.1, 000 §5A", {"rule_set": "house"}, {"rule_set": RULE_SET_2026}),
        ("Klub 6.2.1, 000 §5A", {"category": "special", "rule_set": "house"}, {}),
        ("Klub 2.4, 10.1", {"category": "special", "rule_set": "2014"}, {}),
        (
            "Klub 2.4: special tournaments too, except the house format",
            {"category": "special", "rule_set": "pre2014"},
            {"rule_set": RULE_SET_2026},
        ),
        ("Klub 6.2.1, 000 §5A", {**YEAR_2013, "category": "special", "rule_set": "house"}, {}),
        (
            "Klub 2.4: special tournaments too, except the house format",
            {**YEAR_2013, "category": "special", "rule_set": "2014"},
            {"rule_set": RULE_SET_2013},
        ),
        (
            "Klub 2.4, 001 §22.7",
            {
                "start_date": date(2013, 5, 2),
                "end_date": date(2013, 5, 2),
                "ranking_year": 2013,
                "rule_set": "pre2014",
            },
            {},
        ),
        (
            "Klub 2.4, 001 §22.7",
            YEAR_2013,
            {"rule_set": RULE_SET_2013},
        ),
    ],
)
def test_format_errors(rule, fields, expected):
    errors = format_errors(**{**CITY_OK, **fields})
    assert {field: german(text) for field, text in errors.items()} == expected, rule


def test_format_errors_reports_every_broken_rule_at_once():
    errors = format_errors(
        **{
            **CITY_OK,
            "games_per_round": 3,
            "has_final": True,
            "three_player_tables": True,
            "ranking_year": 2025,
        }
    )
    assert list(errors) == ["games_per_round", "table_policy", "ranking_year"]


TODAY = date(2026, 11, 23)
LATE_CHANGE = (
    "Änderungen am Format eines Sonderturniers müssen 14 Tage vor Beginn bekannt sein "
    "(Klub 6.2.1); frühester neuer Beginn: 07.12.2026."
)


@pytest.mark.parametrize(
    ("rule", "start_date", "expected"),
    [
        ("Klub 6.2.1: 14 days ahead", date(2026, 12, 7), None),
        ("Klub 6.2.1: more than 14 days ahead", date(2027, 3, 1), None),
        ("Klub 6.2.1: 13 days are too few", date(2026, 12, 6), LATE_CHANGE),
        ("Klub 6.2.1: a start tomorrow", date(2026, 11, 24), LATE_CHANGE),
        ("Klub 6.2.1: the running tournament", TODAY, LATE_CHANGE),
    ],
)
def test_special_change_error_needs_the_start_14_days_away(rule, start_date, expected):
    refusal = special_change_error(today=TODAY, start_date=start_date)
    assert (refusal if refusal is None else german(refusal)) == expected, rule


def test_earliest_start_after_change_is_14_days_after_today():
    # Klub 6.2.1: "mindestens 14 Tage vor Turnierbeginn".
    assert earliest_start_after_change(TODAY) == date(2026, 12, 7)


def test_the_earliest_start_is_written_in_the_readers_date_format():
    """The core keeps the date; the page writes it (issue 17): German as before (LATE_CHANGE),
    English "7 Dec 2026"."""
    refusal = special_change_error(today=TODAY, start_date=TODAY)
    assert refusal.params == {"date": date(2026, 12, 7)}
    with translation.override("en"):
        assert str(refusal).endswith("earliest new start: 7 Dec 2026.")
