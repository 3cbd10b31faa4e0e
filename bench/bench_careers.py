"""Career and club pages (issue 33.6): a player with ten years of history, cold and cached.

Data (bulk-written like bench_ranking, `ranking.simulation.bulkdata`): ten ranking years of 8
finished tournaments × 200 players × 4 published rounds × 4 games, the fields drawn from 600
registry players in 20 clubs; every year's ranking computed and every tournament's standings
stored, with who placed where (`StandingsPlaces`), as the warm-up after a publication stores
them. The player measured is the one with the most games: 38 tournaments, 608 games and 314
opponents over the ten years.

Measured in this process through Django's test client (the whole middleware stack, no HTTP
server), DEBUG off: each line's p50 over its requests and the queries of one request.

* cold: PUBLIC_CACHE_SECONDS=0, no page and no data cache: each request builds the career (or
  the club) from the database and renders the page. Goal (issue 33.6): career page p50 < 150 ms
  on PostgreSQL, like the ranking page of 3,000 players.
  Beside the p50 the line shows this process's CPU time per request (the database's aside).
* cached: the page as `public_page` stores it per version (what every visitor after the first
  gets until the next change).

Back ends as bench/backends.py chooses (PostgreSQL and Redis when reachable).

Quick mode (bench/mode.py): ten years of 2 tournaments × 20 players from 40 registry players.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from bench import backends, mode, record

USES_DATABASE = True
YEARS = range(2017, 2027)
TOURNAMENTS, PLAYERS, POOL, CLUBS = mode.pick(8, 2), mode.pick(200, 20), mode.pick(600, 40), 20
REQUESTS = mode.pick(20, 4)
GOAL_MS = 150.0
PREFIX = "bench-careers"


def main() -> None:
    backends.run_with_backends(
        "bench.bench_careers", bench="careers", redis_default="redis://127.0.0.1:6379/15",
        prefix=PREFIX,
    )  # fmt: skip


def _build() -> tuple[int, str]:
    """The data (see the module docstring); the measured player's id and club slug."""
    from django.db.models import Count

    from ranking.compute import services as compute
    from ranking.simulation import bulkdata
    from tournaments.models import Player, ScoredLine, Tournament
    from tournaments.standings.snapshots import standings_snapshots_store

    pool = bulkdata.create_players(POOL, prefix="C-")
    for club in range(CLUBS):
        Player.objects.filter(pk__in=pool[club::CLUBS]).update(club=f"Rummikub-Club {club + 1}")
    for year in YEARS:
        bulkdata.create_year(
            year, tournaments=TOURNAMENTS, players_per_tournament=PLAYERS, player_ids=pool,
            seed=year,
        )  # fmt: skip
    from django.db import connection

    if connection.vendor == "postgresql":  # fresh planner statistics, as autovacuum keeps them
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    compute.ranking_rebuild()
    for tid in Tournament.objects.values_list("pk", flat=True):
        standings_snapshots_store(tournament_id=tid)
    top = (
        ScoredLine.objects.values("player_id")
        .annotate(n=Count("pk"))
        .order_by("-n", "player_id")
        .values_list("player_id", flat=True)
        .first()
    )
    return top, Player.objects.get(pk=top).club_slug


def timed(client, path: str, count: int) -> tuple[float, float, int]:
    """p50 in ms over ``count`` requests, this process's CPU ms per request (the database's
    own time aside: a busy shared machine stretches the wall time, much less the CPU time),
    and the queries of the last one."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    seconds = []
    queries = 0
    cpu = time.process_time()
    for _ in range(count):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(path)
            seconds.append(time.perf_counter() - start)
        queries = len(captured)
        if response.status_code != 200:
            raise RuntimeError(f"{path}: {response.status_code}")
    cpu_ms = (time.process_time() - cpu) / count * 1000
    return statistics.median(seconds) * 1000, cpu_ms, queries


def setup_in_process() -> None:
    """Django set up in this process as the site runs it (DEBUG off, quiet logs)."""
    os.environ.update(
        DJANGO_DEBUG="0",
        SECRET_KEY="bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        DJANGO_ALLOWED_HOSTS="localhost",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_LOG_LEVEL="ERROR",
    )
    import django

    django.setup()
    import logging

    logging.disable(logging.INFO)


def report(rows: list[tuple], backend: str) -> None:
    """The measured lines as a table, each recorded (`bench.record`)."""
    print(f"\nin-process (Django test client), DEBUG off, {backend}; p50 over the requests")
    print(f"{'cache':<7} {'page':<14} {'p50 ms':>8} {'CPU ms':>8} {'queries':>8}")
    for state, name, p50, cpu_ms, queries in rows:
        record.line(f"{state}: {name}")
        print(f"{state:<7} {name:<14} {p50:>8.1f} {cpu_ms:>8.1f} {queries:>8}")


def run() -> None:
    setup_in_process()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from ranking.careers import selectors

    start = time.perf_counter()
    player_id, club = _build()
    from tournaments.models import Player

    career = selectors.career_build(Player.objects.get(pk=player_id))
    print(
        f"data: {len(YEARS)} years × {TOURNAMENTS} tournaments × {PLAYERS} players × 4 rounds × "
        f"4 games from {POOL} players in {CLUBS} clubs (built in {time.perf_counter() - start:.0f}"
        f" s); the player measured: {career.total.tournaments} tournaments, "
        f"{career.total.games} games, {len(career.opponents)} opponents, "
        f"{len(career.years)} years"
    )
    client = Client(HTTP_HOST="localhost", HTTP_ACCEPT_ENCODING="gzip")
    paths = {
        "career page": reverse("ranking:player", args=[player_id]),
        "career API": f"/api/v1/players/{player_id}/career/",
        "club page": reverse("ranking:club", args=[club]),
        "club index": reverse("ranking:clubs"),
    }
    backend = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    rows = []
    seconds = settings.PUBLIC_CACHE_SECONDS
    settings.PUBLIC_CACHE_SECONDS = 0  # cold: no page cache, no data cache
    for name, path in paths.items():
        client.get(path)  # the process's first request of it (imports, URL patterns)
        rows.append(("cold", name, *timed(client, path, REQUESTS)))
    settings.PUBLIC_CACHE_SECONDS = seconds
    for name, path in paths.items():
        if name.endswith("API"):
            continue  # the API has no page cache (its career data is cached per version)
        client.get(path)  # stores the page
        rows.append(("cached", name, *timed(client, path, REQUESTS * 5)))
    report(rows, backend)
    verdicts = []
    for state, name, p50, _cpu_ms, _queries in rows:
        if state == "cold" and name == "career page":
            verdicts.append((p50 < GOAL_MS, f"career page cold p50 {p50:.0f} ms < {GOAL_MS:g} ms"))
        if state == "cold" and name == "club page":
            verdicts.append((p50 < GOAL_MS, f"club page cold p50 {p50:.0f} ms < {GOAL_MS:g} ms"))
    print()
    for ok, text in verdicts:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")


if __name__ == "__main__":
    if "--run" in sys.argv:
        run()
    else:
        main()
