"""The ranking domain without a database (SPEC §9): rule versions and the ranking computation."""

from datetime import date

import pytest

from ranking.domain import versions as domain_versions
from ranking.domain.ranking import Contribution, compute_ranking, contributions, ranked_rounds
from ranking.domain.versions import rules_for_year
from tournaments.domain.rules import RULES_2014, RULES_PRE_2014
from tournaments.domain.sheets import sheet_lines

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
    with pytest.raises(ValueError, match="following ranking year"):
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


TWO_GAMES = (game(1, A=60, B=-10, C=-20, D=-30), game(2, A=-5, B=45, C=-20, D=-20))


def ranked(tournament_id=1, round_number=1, players=(1, 2, 3, 4), reserve=(), games=TWO_GAMES):
    """A table's players' rounds as the ranking reads them (scored and summed as stored)."""
    by_letter = dict(zip("ABCD", players, strict=False))
    return ranked_rounds(
        (tournament_id, by_letter[x.letter], by_letter[x.letter] in reserve, round_number,
         x.place, x.placement_points, x.game_points)
        for x in sheet_lines(games, letters=tuple(by_letter), ruleset=RULES_2014)
    )  # fmt: skip


def test_contributions_skip_reserves_excluded_and_struck():
    games = [
        *ranked(players=(1, 2, 3, 4), reserve={4}),
        *ranked(tournament_id=2, players=(1, 2, 3, 5)),
        *ranked(tournament_id=3, players=(6, 7, 8, 9)),
    ]
    contribs = contributions(games, excluded=frozenset({(2, 3)}), struck=frozenset({3}))
    assert [(c.tournament_id, c.player_id) for c in contribs] == [
        (1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 5),
    ]  # fmt: skip


def test_contributions_sum_the_chain_figures():
    (c1, c2, c3, c4) = contributions(ranked())
    # game 1: A +60 (1st, 4), B -10 (2nd, 3), C -20 (3rd, 1), D -30 (4th, 0)
    # game 2: B +45 (1st, 4), A -5 (2nd, 3), C and D -20 (3rd shared, 1 each)
    assert (c1.placement_points, c1.game_points, c1.placings, c1.minus_points) == (
        7, 55, (1, 1, 0, 0), 5,
    )  # fmt: skip
    assert (c2.placement_points, c2.game_points, c2.placings, c2.minus_points) == (
        7, 35, (1, 1, 0, 0), 10,
    )  # fmt: skip
    assert (c4.placement_points, c4.placings, c4.minus_points) == (1, (0, 0, 1, 1), 50)
    assert (c3.rounds, c3.games) == (1, 2)


def test_round_sums_refuse_an_impossible_place():
    with pytest.raises(ValueError, match="Place 5"):
        ranked_rounds([(1, 1, False, 1, 5, 0, -10)])


def test_ranking_sums_and_shared_ranks():
    # Two tournaments; player 1 wins everything; players 3 and 4 end fully equal.
    one_game = (game(1, A=60, B=-10, C=-25, D=-25),)
    games = [
        *ranked(games=one_game),
        *ranked(tournament_id=2, players=(1, 2, 4, 3), games=one_game),
    ]
    rows = compute_ranking(contributions(games), rules=rules_for_year(2026))
    assert [(r.rank, r.player_id) for r in rows] == [(1, 1), (2, 2), (3, 3), (3, 4)]
    first = rows[0]
    assert (first.tournaments, first.rounds, first.games) == (2, 2, 2)
    assert first.placement_points == 8 and first.game_points == 120
    assert first.placings == (2, 0, 0, 0) and first.minus_points == 0
    assert first.placement_points_per_game == 4.0
    assert rows[2].placings == (0, 0, 2, 0) and rows[2].minus_points == 50


def test_rounds_count_distinct_rounds_per_tournament():
    games = [*ranked(round_number=1), *ranked(round_number=2), *ranked(tournament_id=2)]
    rows = compute_ranking(contributions(games), rules=rules_for_year(2026))
    row = next(r for r in rows if r.player_id == 1)
    assert (row.tournaments, row.rounds, row.games) == (2, 3, 6)


def test_struck_contributions_are_left_out_of_the_sum():
    c1 = Contribution(1, 10, 1, 4, 16, 100, (4, 0, 0, 0), 0)
    c2 = Contribution(2, 20, 1, 4, 4, 10, (1, 0, 0, 0), 0)
    rows = compute_ranking([c1, c2], rules=rules_for_year(2026), struck=frozenset({1}))
    assert [r.player_id for r in rows] == [20]
