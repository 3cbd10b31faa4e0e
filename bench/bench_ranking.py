"""Ranking benchmark (SPEC §9, issue 14): full rebuild of a year and of ten years, incremental
recompute.

Data are written with bulk_create (ranking.bulkdata), not through the services: 150 finished
tournaments × 200 players × 4 published rounds × 4 games per year (120,000 scored games, 480,000
game lines, stored as scored lines and round sums like the sheet services store them). Goals of
issue 14 on PostgreSQL: one year rebuilt in < 5 s, the incremental recompute in < 0.3 s; the
SQLite run keeps the goals of the first ranking issue. Each database runs in its own process on a
fresh database:

* SQLite: a temporary file;
* PostgreSQL: ``BENCH_POSTGRES_URL`` (default postgres://postgres@127.0.0.1:5432/drv_bench_ranking),
  dropped and re-created; skipped with a reason if the server is not reachable.

Ten years: by default the nine extra years are a tenth of the size (15 tournaments each), so the
whole bench stays within a few minutes on a shared two-core machine; ``BENCH_RANKING_FULL=1`` makes
every year full size (about 10× the data and time). The rebuild time of the ten-year case grows
linearly with the data, since each year is loaded in a fixed number of queries.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import backends

ROOT = Path(__file__).resolve().parents[1]
PG_DEFAULT = "postgres://postgres@127.0.0.1:5432/drv_bench_ranking"
YEAR = 2026
TOURNAMENTS, PLAYERS, ROUNDS, GAMES = 150, 200, 4, 4
POOL = 3000  # registry players the fields are drawn from
TARGETS = {  # seconds, per database
    "SQLite": {"full_year": 60.0, "incremental": 5.0},
    "PostgreSQL": {"full_year": 5.0, "incremental": 0.3},
}


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> None:
    """Run the bench once per database, each in a fresh process with its own DATABASE_URL."""
    with tempfile.TemporaryDirectory() as tmp:
        runs = [("SQLite", f"sqlite:///{tmp}/bench_ranking.sqlite3")]
        pg = os.environ.get("BENCH_POSTGRES_URL", PG_DEFAULT)
        reason = backends.prepare_postgres(pg)
        if reason is None:
            runs.append(("PostgreSQL", pg))
        for label, url in runs:
            print(f"-- {label}")
            env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings"}
            env.pop("REDIS_URL", None)  # eager Celery, no broker needed
            subprocess.run(
                [sys.executable, "-m", "bench.bench_ranking", "--run", label],
                cwd=ROOT,
                env=env,
                check=True,
            )
        if reason is not None:
            print(f"-- PostgreSQL: SKIP ({reason})")


def _timed(label: str, func):
    start = time.perf_counter()
    result = func()
    seconds = time.perf_counter() - start
    print(f"{label:<58} {seconds:8.2f} s")
    return result, seconds


def _analyze() -> None:
    """PostgreSQL: fresh planner statistics after the bulk load, as autovacuum keeps them."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def run(label: str) -> None:
    import django

    django.setup()
    import logging

    from django.core.management import call_command

    logging.disable(logging.INFO)
    from ranking.compute import services as compute
    from ranking.models import RankingEntry, TournamentRanking
    from ranking.simulation import bulkdata

    call_command("migrate", verbosity=0)
    full = os.environ.get("BENCH_RANKING_FULL") == "1"
    pool, _ = _timed(
        f"registry: {POOL} players", lambda: bulkdata.create_players(POOL, prefix="B-")
    )
    _timed(
        f"generate {YEAR}: {TOURNAMENTS} t × {PLAYERS} p × {ROUNDS} r × {GAMES} g",
        lambda: bulkdata.create_year(
            YEAR,
            tournaments=TOURNAMENTS,
            players_per_tournament=PLAYERS,
            rounds=ROUNDS,
            games=GAMES,
            player_ids=pool,
            seed=YEAR,
        ),
    )
    _analyze()
    snapshot, full_year = _timed(
        "full rebuild of one year (120,000 games)",
        lambda: compute.ranking_recompute_year(year=YEAR, full=True),
    )
    entries = RankingEntry.objects.filter(ranking_year=snapshot).count()
    print(f"   {entries} players ranked; rule version {snapshot.rule_version}")

    # Incremental: one more round of one running tournament is published.
    extra = bulkdata.create_year(
        YEAR,
        tournaments=1,
        players_per_tournament=PLAYERS,
        rounds=1,
        games=GAMES,
        player_ids=pool,
        seed=7,
        name_prefix="Laufend",
    )
    TournamentRanking.objects.filter(pk__in=extra.tournament_ids).delete()
    compute.tournament_mark_changed(tournament_id=extra.tournament_ids[0], enqueue=False)
    _, incremental = _timed(
        "incremental recompute after one round (1 of 151 re-scored)",
        lambda: compute.ranking_recompute_year(year=YEAR),
    )

    extra_tournaments = TOURNAMENTS if full else TOURNAMENTS // 10
    size = "full size" if full else f"{extra_tournaments} tournaments each (scaled, see docstring)"

    def nine_years():
        for offset in range(1, 10):
            bulkdata.create_year(
                YEAR - offset,
                tournaments=extra_tournaments,
                players_per_tournament=PLAYERS,
                rounds=ROUNDS,
                games=GAMES,
                player_ids=pool,
                seed=YEAR - offset,
            )

    _timed(f"generate 9 more years, {size}", nine_years)
    snapshots, _ = _timed("full rebuild of 10 years", lambda: compute.ranking_rebuild())
    games = sum(e.games for s in snapshots for e in s.entries.all()) // 4
    print(f"   {len(snapshots)} years, {games} games ranked in all")
    goals = TARGETS[label]
    print(
        f"{verdict(full_year < goals['full_year'])}  {label}: one year rebuilt in "
        f"{full_year:.2f} s (goal < {goals['full_year']:g} s)"
    )
    print(
        f"{verdict(incremental < goals['incremental'])}  {label}: incremental recompute in "
        f"{incremental:.2f} s (goal < {goals['incremental']:g} s)"
    )


if __name__ == "__main__":
    if "--run" in sys.argv:
        run(sys.argv[-1])
    else:
        main()
