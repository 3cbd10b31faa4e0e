"""The ranking domain without a database (SPEC §9): rule versions and the ranking computation."""

from datetime import date

import pytest

from ranking.domain import versions as domain_versions
from ranking.domain.ranking import (
    Contribution,
    SeatRef,
    TableSheet,
    compute_ranking,
    contributions,
    ranking_lines,
)
from ranking.domain.versions import rules_for_year
from tournaments.domain.rules import RULES_2014, RULES_PRE_2014

# --- Rule versions (Klub 2.4) ------------------------------------------------------------------


def test_rules_for_year_picks_version_in_force():
    assert rules_for_year(2013).version == "R2008"
    assert rules_for_year(2014).version == "R2014"
    assert rules_for_year(2026).ruleset is RULES_2014
    assert rules_for_year(1995).version == "R2008"  # older years: the oldest known version


def test_rule_change_applies_from_the_next_year_only():
    versions = domain_versions.add_rule_version(
        domain_versions.RULE_VERSIONS,
        version="R2027",
        ruleset=RULES_PRE_2014,
        description="Test: nur zwei Kriterien.",
        decided_on=date(2026, 3, 1),
    )
    assert versions[-1].first_year == 2027
    assert rules_for_year(2026, versions).version == "R2014"
    assert rules_for_year(2027, versions).version == "R2027"
    assert rules_for_year(2030, versions).version == "R2027"


def test_rule_change_cannot_hit_a_year_already_covered():
    versions = domain_versions.add_rule_version(
        domain_versions.RULE_VERSIONS,
        version="R2027",
        ruleset=RULES_2014,
        description="x",
        decided_on=date(2026, 12, 31),
    )
    with pytest.raises(ValueError, match="folgenden Ranking-Jahr"):
        domain_versions.add_rule_version(
            versions,
            version="R2027b",
            ruleset=RULES_2014,
            description="y",
            decided_on=date(2026, 5, 1),
        )


def test_registry_is_ordered():
    domain_versions.check_registry(domain_versions.RULE_VERSIONS)
    with pytest.raises(ValueError):
        domain_versions.check_registry(tuple(reversed(domain_versions.RULE_VERSIONS)))


def test_ranking_order_depends_on_rule_version():
    # equal placement and game points; A has more wins: ahead under 2014, shared under pre-2014
    a = Contribution(1, 10, 1, 2, 4, 0, (1, 0, 0, 1), 10)
    b = Contribution(1, 20, 1, 2, 4, 0, (0, 2, 0, 0), 5)
    rows_2014 = compute_ranking([a, b], rules=rules_for_year(2020))
    assert [(r.rank, r.player_id) for r in rows_2014] == [(1, 10), (2, 20)]
    rows_old = compute_ranking([a, b], rules=rules_for_year(2010))
    assert [(r.rank, r.player_id) for r in rows_old] == [(1, 10), (2, 20)]


def test_ranking_before_2014_games_won_beat_placement_points():
    # 001 §22.7: one win (4 + 0 + 0 = 4) ranks above two 2nd places (3 + 3 = 6) before 2014.
    a = Contribution(1, 10, 1, 3, 4, 20, (1, 0, 0, 2), 40)
    b = Contribution(1, 20, 1, 2, 6, 30, (0, 2, 0, 0), 0)
    rows_old = compute_ranking([a, b], rules=rules_for_year(2010))
    assert [(r.rank, r.player_id) for r in rows_old] == [(1, 10), (2, 20)]
    rows_2014 = compute_ranking([a, b], rules=rules_for_year(2020))
    assert [(r.rank, r.player_id) for r in rows_2014] == [(1, 20), (2, 10)]


# --- Lines and ranking -------------------------------------------------------------------------


def game(number, **scores):
    """One game as a sheet version stores it."""
    return {"number": number, "scores": scores}


def sheet(
    tournament_id=1, round_number=1, table_number=1, players=(1, 2, 3, 4), reserve=(), games=None
):
    seats = tuple(
        SeatRef(letter=letter, player_id=pid, reserve=pid in reserve)
        for letter, pid in zip("ABCD", players, strict=False)
    )
    return TableSheet(
        tournament_id=tournament_id,
        round_number=round_number,
        table_number=table_number,
        ruleset_code="2014",
        seats=seats,
        games=games or (game(1, A=60, B=-10, C=-20, D=-30), game(2, A=-5, B=45, C=-20, D=-20)),
    )


def test_lines_skip_reserves_excluded_and_struck():
    s1 = sheet(players=(1, 2, 3, 4), reserve={4})
    s2 = sheet(tournament_id=2, players=(1, 2, 3, 5))
    s3 = sheet(tournament_id=3, players=(6, 7, 8, 9))
    lines = ranking_lines([s1, s2, s3], excluded=frozenset({(2, 3)}), struck=frozenset({3}))
    by_tournament = {}
    for item in lines:
        by_tournament.setdefault(item.tournament_id, set()).add(item.line.player_id)
    assert by_tournament == {1: {1, 2, 3}, 2: {1, 2, 5}}


def test_correction_replaces_games_for_that_table_only():
    s1 = sheet()
    s2 = sheet(table_number=2, players=(5, 6, 7, 8))
    corrected = (game(1, A=-10, B=60, C=-20, D=-30), game(2, A=-5, B=45, C=-20, D=-20))
    lines = ranking_lines([s1, s2], corrections={(1, 1, 1): corrected})
    rows = {
        r.player_id: r for r in compute_ranking(contributions(lines), rules=rules_for_year(2026))
    }
    assert rows[2].placement_points == 8 and rows[2].game_points == 105
    assert rows[1].placement_points == 3 + 3 and rows[1].game_points == -15
    assert rows[5].placement_points == 4 + 3 and rows[5].game_points == 55  # uncorrected


def test_ranking_sums_and_shared_ranks():
    # Two tournaments; player 1 wins everything; players 3 and 4 end fully equal.
    s1 = sheet(games=(game(1, A=60, B=-10, C=-25, D=-25),))
    s2 = sheet(tournament_id=2, players=(1, 2, 4, 3), games=(game(1, A=60, B=-10, C=-25, D=-25),))
    rows = compute_ranking(contributions(ranking_lines([s1, s2])), rules=rules_for_year(2026))
    assert [(r.rank, r.player_id) for r in rows] == [(1, 1), (2, 2), (3, 3), (3, 4)]
    first = rows[0]
    assert (first.tournaments, first.rounds, first.games) == (2, 2, 2)
    assert first.placement_points == 8 and first.game_points == 120
    assert first.placings == (2, 0, 0, 0) and first.minus_points == 0
    assert first.placement_points_per_game == 4.0
    assert rows[2].placings == (0, 0, 2, 0) and rows[2].minus_points == 50


def test_rounds_count_distinct_rounds_per_tournament():
    s1 = sheet(round_number=1)
    s2 = sheet(round_number=2)
    s3 = sheet(tournament_id=2, round_number=1)
    rows = compute_ranking(contributions(ranking_lines([s1, s2, s3])), rules=rules_for_year(2026))
    row = next(r for r in rows if r.player_id == 1)
    assert (row.tournaments, row.rounds, row.games) == (2, 3, 6)


def test_struck_contributions_are_left_out_of_the_sum():
    c1 = Contribution(1, 10, 1, 4, 16, 100, (4, 0, 0, 0), 0)
    c2 = Contribution(2, 20, 1, 4, 4, 10, (1, 0, 0, 0), 0)
    rows = compute_ranking([c1, c2], rules=rules_for_year(2026), struck=frozenset({1}))
    assert [r.player_id for r in rows] == [20]
