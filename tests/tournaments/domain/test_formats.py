"""Formats: reserves, table plans and category presets (SPEC §1; Klub 6.1-6.3, 000 §1A)."""

import pytest

from tournaments.domain.formats import (
    CATEGORY_PRESETS,
    Category,
    FieldSizeError,
    Preset,
    reserves_needed,
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
    assert [c.label for c in Category] == [
        "Einsteiger-Turnier",
        "Stadtmeisterschaft",
        "Deutsche Meisterschaft",
        "Sonderturnier",
    ]


def test_category_presets_follow_klub_6_3():
    presets = dict(CATEGORY_PRESETS)
    assert presets == {
        "beginners": Preset(rounds=2, final_allowed=True, games_per_round=4),
        "city": Preset(rounds=3, final_allowed=False, games_per_round=4),
        "national": Preset(rounds=4, final_allowed=False, games_per_round=4),
        "special": Preset(rounds=None, final_allowed=True, games_per_round=4),
    }
