"""Ranking benchmark (SPEC §9, issue 14): full rebuild of a year and of ten years, incremental
recompute.

Data are written with bulk_create (ranking.bulkdata), not through the services: 150 finished
tournaments × 200 players × 4 published rounds × 4 games per year (120,000 scored games, 480,000
game lines, stored as scored lines and round sums like the sheet services store them). Goals of
issue 14 on PostgreSQL: one year rebuilt in < 5 s, the incremental recompute in < 0.3 s; the
SQLite run keeps the goals of the first ranking issue. The skill rating (issue 33): a year's
list and the all-time chain (with its history) from scratch, then after a round placed at the
year's start (everything after it rated again) and after a round of the newest tournament (the
usual case: both go on from their stored state), each beside the goal of 5 s. Each database
runs in its own process on a fresh database:

* SQLite: a temporary file (not when DATABASE_URL names a PostgreSQL server);
* PostgreSQL: as bench/backends.py chooses (DATABASE_URL's server, BENCH_POSTGRES_URL or
  postgres://postgres@127.0.0.1:5432/drv_bench_ranking), dropped and re-created; skipped with a
  reason if the server is not reachable and was not asked for.

Ten years: by default the nine extra years are a tenth of the size (15 tournaments each), so the
whole bench stays within a few minutes on a shared two-core machine; ``BENCH_RANKING_FULL=1`` makes
every year full size (about 10× the data and time). The rebuild time of the ten-year case grows
linearly with the data, since each year is loaded in a fixed number of queries.

Quick mode (bench/mode.py): 4 tournaments × 20 players a year, one more tournament in each of
the nine extra years.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from bench import backends, mode, record

USES_DATABASE = True
ROOT = Path(__file__).resolve().parents[1]
YEAR = 2026
TOURNAMENTS, PLAYERS = mode.pick(150, 4), mode.pick(200, 20)
ROUNDS, GAMES = 4, 4
POOL = mode.pick(3000, 100)  # registry players the fields are drawn from
EXTRA_TOURNAMENTS = mode.pick(TOURNAMENTS // 10, 1)  # in each of the nine earlier years
TARGETS = {  # seconds, per database
    "SQLite": {"full_year": 60.0, "incremental": 5.0, "rating_year": 5.0},
    "PostgreSQL": {"full_year": 5.0, "incremental": 0.3, "rating_year": 5.0},
}


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> None:
    """Run the bench once per database, each in a fresh process with its own DATABASE_URL."""
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        if not backends.postgres_asked():
            runs.append(("SQLite", backends.sqlite_database(Path(tmp) / "bench_ranking.sqlite3")))
        pg, required = backends.postgres_url("ranking")
        reason = backends.prepare_postgres(pg) if pg else "DATABASE_URL names SQLite"
        if reason is None:
            runs.append(("PostgreSQL", pg))
        elif required:
            raise backends.BackendError(f"DATABASE_URL: {reason}")
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


def _timed(label: str, func, *, measured: str | None = None):
    """Run and time ``func``; a line ``measured`` on a database is one of the bench's figures
    (the others build its data)."""
    start = time.perf_counter()
    result = func()
    seconds = time.perf_counter() - start
    print(f"{label:<58} {seconds:8.2f} s")
    if measured:
        record.line(f"{measured}: {label}")
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
    from ranking.rating import services as rating
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
    games_per_year = TOURNAMENTS * PLAYERS // 4 * ROUNDS * GAMES
    snapshot, full_year = _timed(
        f"full rebuild of one year ({games_per_year:,} games)",
        lambda: compute.ranking_recompute_year(year=YEAR, full=True),
        measured=label,
    )
    entries = RankingEntry.objects.filter(ranking_year=snapshot).count()
    print(f"   {entries} players ranked; rule version {snapshot.rule_version}")
    # The skill rating (issue 33): the year's list rated anew, then the all-time chain over the
    # same year from scratch (its history of every player's rounds written too).
    _, rating_year = _timed(
        f"rating: one year rated anew ({games_per_year * 4:,} game lines)",
        lambda: rating.rating_recompute_year(year=YEAR),
        measured=label,
    )
    _, rating_chain = _timed(
        "rating: all-time chain from scratch over that year",
        lambda: rating.rating_recompute_all_time(),
        measured=label,
    )

    def one_round(seed: int, name: str, first_day: date | None = None) -> int:
        """A running tournament with one published round; its id."""
        return bulkdata.create_year(
            YEAR, tournaments=1, players_per_tournament=PLAYERS, rounds=1, games=GAMES,
            player_ids=pool, seed=seed, name_prefix=name, first_day=first_day,
        ).tournament_ids[0]  # fmt: skip

    # Incremental: one more round of one running tournament is published.
    extra = one_round(7, "Laufend")
    TournamentRanking.objects.filter(pk=extra).delete()
    compute.tournament_mark_changed(tournament_id=extra, enqueue=False)
    _, incremental = _timed(
        f"incremental recompute after one round (1 of {TOURNAMENTS + 1} re-scored)",
        lambda: compute.ranking_recompute_year(year=YEAR),
        measured=label,
    )
    # That round lies at the year's start in the rating's order (its tournament is dated 10
    # January): the worst case, everything after it is rated again.
    _, early_year = _timed(
        "rating: after it (at the year's start): the year anew",
        lambda: rating.rating_recompute_year(year=YEAR),
        measured=label,
    )
    _, early_chain = _timed(
        "rating: after it: the chain from it on (all of the year)",
        lambda: rating.rating_recompute_all_time(),
        measured=label,
    )
    # The usual case: a round of the tournament being played, the newest of the year.
    newest = one_round(8, "Neuestes", date(YEAR, 12, 20))
    compute.tournament_mark_changed(tournament_id=newest, round_number=1, enqueue=False)
    _, newest_year = _timed(
        "rating: a round of the newest tournament: the year on",
        lambda: rating.rating_recompute_year(year=YEAR),
        measured=label,
    )
    _, newest_chain = _timed(
        "rating: a round of the newest tournament: the chain on",
        lambda: rating.rating_recompute_all_time(),
        measured=label,
    )

    extra_tournaments = TOURNAMENTS if full else EXTRA_TOURNAMENTS
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
    snapshots, _ = _timed(
        "full rebuild of 10 years", lambda: compute.ranking_rebuild(), measured=label
    )
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
    for what, seconds in (
        ("the list from scratch", rating_year),
        ("the all-time chain from scratch", rating_chain),
        ("the list after a round at its start", early_year),
        ("the chain after a round at its start", early_chain),
        ("the list after a round of the newest tournament", newest_year),
        ("the chain after a round of the newest tournament", newest_chain),
    ):
        print(
            f"{verdict(seconds < goals['rating_year'])}  {label}: rating, one year: "
            f"{what} in {seconds:.2f} s (goal < {goals['rating_year']:g} s)"
        )


if __name__ == "__main__":
    if "--run" in sys.argv:
        run(sys.argv[-1])
    else:
        main()
