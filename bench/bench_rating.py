"""The rating list page (issue 33.6): a year's list of about 3,000 players, cold and cached.

Data (bulk-written like bench_ranking, `ranking.simulation.bulkdata`): one year of 75 finished
tournaments × 200 players × 4 published rounds × 4 games, the fields drawn from 3,000 registry
players (so nearly all of them play), rated from scratch (`rating_rebuild`).

Measured in this process through Django's test client (the whole middleware stack, no HTTP
server), DEBUG off: each line's p50 over its requests, this process's CPU time per request
(the database's aside) and the queries of one request.

* cold: PUBLIC_CACHE_SECONDS=0, no page and no data cache: each request reads the list from the
  database and renders its first page. Goal (issue 33.6): p50 < 150 ms, like the ranking page of
  3,000 players.
* cached: the page as `public_page` stores it per version (what every visitor after the first
  gets until the next change).
* search: a name searched (``?q=``: never stored as a page; the list's rows come from the data
  cache).

Back ends as bench/backends.py chooses (PostgreSQL and Redis when reachable).

Quick mode (bench/mode.py): 3 tournaments × 20 players from 60 registry players.
"""

from __future__ import annotations

import sys
import time

from bench import backends, mode
from bench.bench_careers import report, setup_in_process, timed

USES_DATABASE = True
YEAR = 2026
TOURNAMENTS, PLAYERS, POOL = mode.pick(75, 3), mode.pick(200, 20), mode.pick(3000, 60)
REQUESTS = mode.pick(20, 4)
GOAL_MS = 150.0
PREFIX = "bench-rating"


def main() -> None:
    backends.run_with_backends(
        "bench.bench_rating", bench="rating", redis_default="redis://127.0.0.1:6379/15",
        prefix=PREFIX,
    )  # fmt: skip


def _build() -> int:
    """The data (see the module docstring); how many players the year's list holds."""
    from django.db import connection

    from ranking.models import PlayerRating
    from ranking.rating import services as rating
    from ranking.simulation import bulkdata

    pool = bulkdata.create_players(POOL, prefix="R-")
    bulkdata.create_year(
        YEAR, tournaments=TOURNAMENTS, players_per_tournament=PLAYERS, player_ids=pool, seed=YEAR
    )
    if connection.vendor == "postgresql":  # fresh planner statistics, as autovacuum keeps them
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    rating.rating_rebuild()
    return PlayerRating.objects.filter(scope__year=YEAR).count()


def run() -> None:
    setup_in_process()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    start = time.perf_counter()
    listed = _build()
    print(
        f"data: {TOURNAMENTS} tournaments × {PLAYERS} players × 4 rounds × 4 games from {POOL} "
        f"players, rated (built in {time.perf_counter() - start:.0f} s); the {YEAR} list holds "
        f"{listed} players"
    )
    client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_ENCODING="gzip")
    paths = {
        "rating list": reverse("ranking:rating_year", args=[YEAR]),
        "all-time list": reverse("ranking:rating"),
    }
    search = ("rating search", f"{paths['rating list']}?q=nachname12")
    backend = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    rows = []
    seconds = settings.PUBLIC_CACHE_SECONDS
    settings.PUBLIC_CACHE_SECONDS = 0  # cold: no page cache, no data cache
    for name, path in paths.items():
        client.get(path)  # the process's first request of it (imports, URL patterns)
        rows.append(("cold", name, *timed(client, path, REQUESTS)))
    settings.PUBLIC_CACHE_SECONDS = seconds
    for name, path in [*paths.items(), search]:
        client.get(path)  # stores the page (or, for the search, the list's rows)
        rows.append(("cached", name, *timed(client, path, REQUESTS * 5)))
    report(rows, backend)
    print()
    for state, name, p50, _cpu_ms, _queries in rows:
        if state == "cold":
            ok = p50 < GOAL_MS
            print(f"{'PASS' if ok else 'FAIL'}  {name} cold p50 {p50:.0f} ms < {GOAL_MS:g} ms")


if __name__ == "__main__":
    if "--run" in sys.argv:
        run()
    else:
        main()
