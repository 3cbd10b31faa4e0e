"""The ranking domain without a database: deadline, rule versions, ranking computation."""

from datetime import UTC, date, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ranking.domain import appeals as domain_appeals
from ranking.domain import versions as domain_versions
from ranking.domain.appeals import BERLIN, appeal_deadline, appeal_in_time
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

# --- Deadline -------------------------------------------------------------------------------


def berlin(y, m, d, hh=0, mm=0, ss=0, micro=0):
    return datetime(y, m, d, hh, mm, ss, micro, tzinfo=BERLIN)


def test_deadline_is_2359_59_berlin_of_day_14():
    assert appeal_deadline(date(2026, 6, 7)) == berlin(2026, 6, 21, 23, 59, 59)
    assert domain_appeals.deadline_text(date(2026, 6, 7)) == "21.06.2026, 23:59:59 Uhr"


def test_appeal_in_time_exact_boundary():
    end = date(2026, 6, 7)
    assert appeal_in_time(end, berlin(2026, 6, 21, 23, 59, 59))
    assert appeal_in_time(end, berlin(2026, 6, 21, 23, 59, 59, 999999))
    assert not appeal_in_time(end, berlin(2026, 6, 22, 0, 0, 0))
    # the same instant in UTC (summer: +2 h)
    assert appeal_in_time(end, datetime(2026, 6, 21, 21, 59, 59, tzinfo=UTC))
    assert not appeal_in_time(end, datetime(2026, 6, 21, 22, 0, 0, tzinfo=UTC))


def test_day_15_is_refused_and_the_tournament_day_accepted():
    end = date(2026, 12, 12)
    assert appeal_in_time(end, berlin(2026, 12, 12, 18))
    assert appeal_in_time(end, berlin(2026, 12, 26, 12))
    assert not appeal_in_time(end, berlin(2026, 12, 27, 0, 0, 1))


def test_deadline_across_spring_dst_change():
    # Last day 15 March 2026; clocks go forward on 29 March: day 14 is 29 March (23 hours).
    end = date(2026, 3, 15)
    assert appeal_deadline(end).utcoffset() == timedelta(hours=2)
    assert appeal_in_time(end, datetime(2026, 3, 29, 21, 59, 59, tzinfo=UTC))
    assert not appeal_in_time(end, datetime(2026, 3, 29, 22, 0, 0, tzinfo=UTC))


def test_deadline_across_autumn_dst_change():
    # Last day 11 October 2026; clocks go back on 25 October: day 14 is 25 October (25 hours).
    end = date(2026, 10, 11)
    assert appeal_deadline(end).utcoffset() == timedelta(hours=1)
    assert appeal_in_time(end, datetime(2026, 10, 25, 22, 59, 59, tzinfo=UTC))
    assert not appeal_in_time(end, datetime(2026, 10, 25, 23, 0, 0, tzinfo=UTC))
    # 14 × 24 hours after the last day ends would close the window an hour too early here
    day_one = datetime.combine(end + timedelta(days=1), time(0), tzinfo=BERLIN).astimezone(UTC)
    assert appeal_in_time(end, day_one + timedelta(days=14))
    assert appeal_in_time(end, day_one + timedelta(days=14, minutes=59))


def test_naive_time_is_a_programming_error():
    with pytest.raises(ValueError):
        appeal_in_time(date(2026, 1, 1), datetime(2026, 1, 2))


@given(
    end=st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31)),
    offset_seconds=st.integers(min_value=-3 * 86400, max_value=30 * 86400),
)
def test_in_time_iff_berlin_date_is_at_most_day_14(end, offset_seconds):
    start_of_end = datetime.combine(end, time(0), tzinfo=BERLIN)
    at = (start_of_end.astimezone(UTC) + timedelta(seconds=offset_seconds)).astimezone(UTC)
    local_day = at.astimezone(BERLIN).date()
    assert appeal_in_time(end, at) == (local_day <= end + timedelta(days=14))


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
