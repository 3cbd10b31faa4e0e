"""Who reaches the final (SPEC §1): table winners (000 §1B) and the top-N cut (Klub 6.2)."""

from __future__ import annotations

import pytest

from tournaments.domain.formats import FieldSizeError, final_table_sizes
from tournaments.domain.rules import RULES_2014, RULES_HOUSE
from tournaments.domain.standings import (
    Cut,
    GameLine,
    Participant,
    TableCut,
    compute_standings,
    table_winners,
    top_n_cut,
)


def line(player: int, game: int, points: int, place: int, placement: int) -> GameLine:
    return GameLine(player, 1, game, points, place, placement)


# Table 1 (players 1-3): 1 wins on placement points (4+4+1 = 9 vs 3+1+4 = 8 vs 1+3+3 = 7).
TABLE_1 = [
    line(1, 1, 30, 1, 4), line(2, 1, -10, 2, 3), line(3, 1, -20, 3, 1),
    line(1, 2, 25, 1, 4), line(3, 2, -5, 2, 3), line(2, 2, -20, 3, 1),
    line(2, 3, 40, 1, 4), line(3, 3, -15, 2, 3), line(1, 3, -25, 3, 1),
]  # fmt: skip
# Table 2 (players 4-6): 4 and 5 both have 9 placement points; game points decide (key 2).
TABLE_2 = [
    line(4, 1, 50, 1, 4), line(5, 1, -10, 2, 3), line(6, 1, -40, 3, 1),
    line(5, 2, 20, 1, 4), line(4, 2, -5, 2, 3), line(6, 2, -15, 3, 1),
    line(6, 3, 20, 1, 4), line(4, 3, -10, 2, 2), line(5, 3, -10, 2, 2),
]  # fmt: skip
# Table 3 (players 7-9): 7 and 8 equal on placement points (9) and game points (+10): a tie.
TABLE_3 = [
    line(7, 1, 20, 1, 4), line(8, 1, -5, 2, 3), line(9, 1, -15, 3, 1),
    line(8, 2, 20, 1, 4), line(7, 2, -5, 2, 3), line(9, 2, -15, 3, 1),
    line(9, 3, 10, 1, 4), line(7, 3, -5, 2, 2), line(8, 3, -5, 2, 2),
]  # fmt: skip
TABLES = {1: [1, 2, 3], 2: [4, 5, 6], 3: [7, 8, 9]}


@pytest.mark.parametrize(
    ("rule", "tables", "expected"),
    [
        ("000 §1B, §5A key 1: placement points", {1: [1, 2, 3]}, (1,)),
        ("000 §5A key 2: game points on equal placement points", {2: [4, 5, 6]}, (4,)),
        ("SPEC §1: only the eligible players of a table can win it", {2: [5, 6]}, (5,)),
    ],
)
def test_table_winner(rule, tables, expected):
    (result,) = table_winners(TABLE_1 + TABLE_2, tables, ruleset=RULES_HOUSE)
    assert result.cut == Cut(through=expected), rule


def test_table_winners_of_every_table_report_a_tie():
    """000 §1B: the winner of every table; equal on both house keys -> tied for the one place."""
    result = table_winners(TABLE_1 + TABLE_2 + TABLE_3, TABLES, ruleset=RULES_HOUSE)
    assert result == (
        TableCut(1, Cut(through=(1,))),
        TableCut(2, Cut(through=(4,))),
        TableCut(3, Cut(through=(), tied=(7, 8), open_places=1)),
    )


def test_table_tie_under_2014_rules_is_broken_by_placings():
    """Klub 10.1 key 3 separates what the two house keys cannot: 7 has 1 first, 2 seconds; 8 too
    -> still tied; key 4 (minus points 10 vs 10) too -> the tie stands under all four keys."""
    (result,) = table_winners(TABLE_3, {3: [7, 8, 9]}, ruleset=RULES_2014)
    assert result.cut.tied == (7, 8)


def rows(*figures):
    """Standings rows from (player, placement points, game points)."""
    lines = [GameLine(pid, 1, 1, gp, 1, pp) for pid, pp, gp in figures]
    people = [Participant(pid) for pid, _, _ in figures]
    return compute_standings(lines, people, ruleset=RULES_HOUSE)


@pytest.mark.parametrize(
    ("rule", "figures", "count", "expected"),
    [
        (
            "Klub 6.2: the top four",
            [(1, 9, 0), (2, 8, 0), (3, 7, 0), (4, 6, 0), (5, 5, 0)],
            4,
            Cut(through=(1, 2, 3, 4)),
        ),
        (
            "SPEC §1 ties at a cut: rank 4 shared by two",
            [(1, 9, 0), (2, 8, 0), (3, 7, 0), (4, 6, 0), (5, 6, 0)],
            4,
            Cut(through=(1, 2, 3), tied=(4, 5), open_places=1),
        ),
        (
            "SPEC §1 ties at a cut: rank 3 shared by three, two places open",
            [(1, 9, 0), (2, 8, 0), (3, 7, 0), (4, 7, 0), (5, 7, 0)],
            4,
            Cut(through=(1, 2), tied=(3, 4, 5), open_places=2),
        ),
        (
            "SPEC §1: a tie inside the final places is no cut",
            [(1, 9, 0), (2, 9, 0), (3, 7, 0), (4, 6, 0), (5, 5, 0)],
            4,
            Cut(through=(1, 2, 3, 4)),
        ),
        ("Klub 6.2: a field smaller than the final", [(1, 9, 0), (2, 9, 0)], 4, Cut((1, 2))),
    ],
)
def test_top_n_cut(rule, figures, count, expected):
    assert top_n_cut(rows(*figures), count) == expected, rule


def test_top_n_cut_skips_unranked_reserves():
    """Klub 6.1: reserves are never finalists."""
    lines = [GameLine(pid, 1, 1, 0, 1, pp) for pid, pp in ((1, 9), (2, 8), (3, 7))]
    people = [Participant(1), Participant(2, reserve=True), Participant(3)]
    standings = compute_standings(lines, people, ruleset=RULES_HOUSE)
    assert top_n_cut(standings, 2) == Cut(through=(1, 3))


@pytest.mark.parametrize(
    ("rule", "finalists", "sizes"),
    [
        ("000 §1B, our reading: two table winners at one table of two", 2, (2,)),
        ("000 §1B: three table winners at a 3-table", 3, (3,)),
        ("Klub 6.1: tables of four", 4, (4,)),
        ("Klub 6.1: tables of four", 8, (4, 4)),
        ("000 §1A: special tournaments seat the rest at 3-tables", 6, (3, 3)),
    ],
)
def test_final_table_sizes(rule, finalists, sizes):
    assert final_table_sizes(finalists) == sizes, rule


@pytest.mark.parametrize("finalists", [0, 1, 5])
def test_final_table_sizes_refuse_what_cannot_be_seated(finalists):
    with pytest.raises(FieldSizeError):
        final_table_sizes(finalists)
