"""The data migration of the house rule set (SPEC §5): "pre2014" with 3-player tables was the
house format (000 §5A) and becomes "house"; other "pre2014" tournaments keep their code."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0008_ranking_note")]
AFTER = [("tournaments", "0009_formats_house_rules_one_game")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_pre2014_with_three_player_tables_becomes_house():
    apps = _migrate(BEFORE)
    Tournament = apps.get_model("tournaments", "Tournament")
    common = {
        "rounds_planned": 1,
        "games_per_round": 3,
        "ranking_year": 2012,
        "start_date": date(2012, 5, 5),
        "end_date": date(2012, 5, 5),
    }
    house = Tournament.objects.create(
        name="Haus", category="special", table_policy="three", rule_set="pre2014", **common
    )
    old = Tournament.objects.create(
        name="Alt", category="special", table_policy="reserves", rule_set="pre2014", **common
    )
    new = Tournament.objects.create(
        name="Neu", category="special", table_policy="three", rule_set="2014", **common
    )

    apps = _migrate(AFTER)
    Tournament = apps.get_model("tournaments", "Tournament")
    codes = dict(Tournament.objects.values_list("pk", "rule_set"))
    assert codes == {house.pk: "house", old.pk: "pre2014", new.pk: "2014"}

    apps = _migrate(BEFORE)
    Tournament = apps.get_model("tournaments", "Tournament")
    assert Tournament.objects.get(pk=house.pk).rule_set == "pre2014"
    _migrate(_latest())


def _latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()
