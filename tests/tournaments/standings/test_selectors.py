"""standings_table reads stored round sums in a fixed number of queries (issue 14: constant in
the field size; the bench measures its time on PostgreSQL)."""

import pytest

from tests.support.builders import simulate_tournament
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", [8, 40])
def test_standings_table_takes_five_queries_whatever_the_field_size(
    players, django_assert_num_queries
):
    # published rounds (and which is the final), round sums, registrations, red cards, players
    tournament = simulate_tournament("--players", str(players), "--seed", "3")
    with django_assert_num_queries(5):
        table = standings_table(tournament)
    assert len(table.entries) == players
    assert all(len(e.rounds) == 3 and None not in e.rounds for e in table.entries)


def test_a_final_adds_one_query_for_the_finalists(django_assert_num_queries):
    tournament = simulate_tournament(
        "--players", "16", "--category", "beginners", "--final", "--seed", "4"
    )
    with django_assert_num_queries(6):
        table = standings_table(tournament)
    assert [e.finalist for e in table.entries[:4]] == [True] * 4
    assert table.final_round == 3
