"""The ranking recompute runs in a real Celery worker process (CI run 2: PostgreSQL + Redis).

The worker started by .ci/run reads the database named in DATABASE_URL, not pytest's test copy
(``test_…``). So this test points its own connection at that database, writes a small year with
bulk data, lets the worker recompute it through Redis, checks the result against the pure domain,
and removes everything it wrote.
"""

from __future__ import annotations

import os
import uuid

import dj_database_url
import pytest
from django.db import connections

pytestmark = [
    pytest.mark.celery_worker,
    pytest.mark.skipif(
        not (os.environ.get("CELERY_WORKER_RUNNING") and os.environ.get("REDIS_URL")),
        reason="Braucht REDIS_URL und einen laufenden Celery-Worker (.ci/run startet beide).",
    ),
]

YEAR = 2199  # a year no real data uses


@pytest.fixture
def worker_database(django_db_blocker):
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("Der Worker-Test braucht PostgreSQL (DATABASE_URL).")
    real_name = dj_database_url.parse(url)["NAME"]
    conn = connections["default"]
    with django_db_blocker.unblock():
        test_name = conn.settings_dict["NAME"]
        conn.close()
        conn.settings_dict["NAME"] = real_name
        try:
            yield
        finally:
            conn.close()
            conn.settings_dict["NAME"] = test_name


def test_recompute_runs_in_the_real_worker(worker_database):
    from ranking.compute import selectors as compute_selectors
    from ranking.compute.services import tournament_mark_changed
    from ranking.domain import ranking as domain_ranking
    from ranking.domain import versions as domain_versions
    from ranking.models import RankingEntry, RankingYear
    from ranking.simulation import bulkdata
    from ranking.tasks import recompute_ranking_year

    prefix = f"W{uuid.uuid4().hex[:6]}-"
    RankingYear.objects.filter(year=YEAR).delete()
    players = bulkdata.create_players(24, prefix=prefix)
    data = bulkdata.create_year(
        YEAR, tournaments=2, players_per_tournament=12, rounds=2, player_ids=players, seed=9
    )
    try:
        for tid in data.tournament_ids:
            tournament_mark_changed(tournament_id=tid, enqueue=False)
        assert RankingYear.objects.get(year=YEAR).pending is True

        result = recompute_ranking_year.apply_async((YEAR,), ignore_result=False).get(timeout=120)

        assert result["pid"] != os.getpid()  # a separate worker process did it
        assert result["year"] == YEAR and result["pending"] is False
        snapshot = RankingYear.objects.get(year=YEAR)
        assert snapshot.pending is False and snapshot.computed_at is not None
        inputs = compute_selectors.tournament_inputs(data.tournament_ids)
        expected = domain_ranking.compute_ranking(
            domain_ranking.contributions(inputs.rounds, excluded=inputs.excluded),
            rules=domain_versions.rules_for_year(YEAR),
        )
        stored = list(
            RankingEntry.objects.filter(ranking_year=snapshot)
            .order_by("rank", "player_id")
            .values_list("player_id", "rank", "placement_points", "game_points", "games")
        )
        assert stored == [
            (r.player_id, r.rank, r.placement_points, r.game_points, r.games) for r in expected
        ]
        assert result["entries"] == len(expected) > 0
    finally:
        RankingYear.objects.filter(year=YEAR).delete()
        bulkdata.delete_bulk(data.tournament_ids, players)
