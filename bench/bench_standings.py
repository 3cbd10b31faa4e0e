"""Standings benchmark (issues 5, 14): 400 players × 4 rounds × 4 games.

(a) `standings_table` in this process: time and queries, and the same query count for a small
    field (the selector must not query per row); on SQLite, then on PostgreSQL in a process of
    its own (``BENCH_STANDINGS_POSTGRES_URL``, default
    postgres://postgres@127.0.0.1:5432/drv_bench_standings, dropped and re-created; skipped with
    a reason if the server is not reachable). Goal on PostgreSQL: < 30 ms (issue 14).
(b) Requests per second of the public standings page `/turniere/<pk>/rangliste/` and of the API
    `/api/v1/tournaments/<pk>/standings/` under gunicorn (production settings, DEBUG off), load
    from separate client processes on this machine:
    - cold: gunicorn runs with PUBLIC_CACHE_SECONDS=0, which switches the public page cache and
      the API cache off, so every request reads the stored standings (`StandingsSnapshot`,
      computed by the first request) and renders the page;
    - cached: the default (cached until the tournament's public generation changes); each
      worker is warmed up first.

The data is built by `simulate_tournament` (the real services) in a temporary SQLite database
that is thrown away afterwards; REDIS_URL is ignored so the cache is each worker's memory.
"""

from __future__ import annotations

import http.client
import logging
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from io import StringIO
from pathlib import Path

from bench import backends

ROOT = Path(__file__).resolve().parent.parent
PLAYERS, ROUNDS, GAMES = 400, 4, 4
SMALL_PLAYERS = 16
REPEATS = 15  # standings_table calls per field; the median is reported
WORKERS = max(2, os.cpu_count() or 2)
CLIENTS = 2 * WORKERS
SECONDS = 8.0
WARMUP = 1.5
TIME_TARGET = 1.0  # seconds for one standings_table of 400 players (SQLite, issue 5)
PG_TIME_TARGET = 0.030  # the same on PostgreSQL (issue 14)
PG_DEFAULT = "postgres://postgres@127.0.0.1:5432/drv_bench_standings"


def _simulate(players: int, seed: int) -> int:
    from django.core.management import call_command

    out = StringIO()
    call_command(
        "simulate_tournament",
        "--players", str(players),
        "--rounds", str(ROUNDS),
        "--games", str(GAMES),
        "--category", "special",
        "--seed", str(seed),
        stdout=out,
    )  # fmt: skip
    return int(out.getvalue().split()[-1])


def _measure_selector(pk: int) -> tuple[list[float], int, int]:
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Tournament
    from tournaments.standings.selectors import standings_table

    times = []
    queries = 0
    rows = 0
    for _ in range(REPEATS):
        tournament = Tournament.objects.get(pk=pk)
        reset_queries()  # the log keeps 9000 queries; simulate_tournament filled it
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            table = standings_table(tournament)
            times.append(time.perf_counter() - start)
        queries, rows = len(ctx.captured_queries), len(table.entries)
    return times, queries, rows


# --- load generation (runs in separate processes) ------------------------------------------------


def _client(port: int, path: str, seconds: float, queue) -> None:
    """One client: sequential GETs (gunicorn's sync workers close each connection)."""
    latencies: list[float] = []
    errors = 0
    hits = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("GET", path, headers={"Host": "localhost"})
            response = conn.getresponse()
            response.read()
            conn.close()
        except OSError:
            errors += 1
            continue
        latencies.append(time.perf_counter() - start)
        if response.status != 200:
            errors += 1
        if response.getheader("X-Public-Cache") == "hit":
            hits += 1
    queue.put((latencies, errors, hits))


def _load(port: int, path: str, seconds: float) -> dict:
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_client, args=(port, path, seconds, queue)) for _ in range(CLIENTS)]
    for p in procs:
        p.start()
    results = [queue.get() for _ in procs]
    for p in procs:
        p.join()
    latencies = sorted(x for r in results for x in r[0])
    n = len(latencies)
    return {
        "requests": n,
        "rps": n / seconds,
        "p50": latencies[n // 2] * 1000 if n else float("nan"),
        "p95": latencies[int(n * 0.95)] * 1000 if n else float("nan"),
        "errors": sum(r[1] for r in results),
        "hits": sum(r[2] for r in results),
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_ready(port: int, path: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("gunicorn exited early")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request("GET", path, headers={"Host": "localhost"})
            status = conn.getresponse().status
            conn.close()
            if status == 200:
                return
            raise RuntimeError(f"{path} answered {status}")
        except (ConnectionRefusedError, http.client.RemoteDisconnected):
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def _serve_and_load(db_url: str, paths: dict[str, str], *, cached: bool) -> dict[str, dict]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(
        DATABASE_URL=db_url,
        DJANGO_DEBUG="0",
        SECRET_KEY="bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        DJANGO_ALLOWED_HOSTS="localhost,127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",
        DJANGO_LOG_LEVEL="ERROR",
        PYTHONWARNINGS="ignore",
    )
    if cached:
        env.pop("PUBLIC_CACHE_SECONDS", None)
    else:
        env["PUBLIC_CACHE_SECONDS"] = "0"
    proc = subprocess.Popen(
        [
            sys.executable, "-m", "gunicorn", "config.wsgi",
            "--bind", f"127.0.0.1:{port}",
            "--workers", str(WORKERS),
            "--log-level", "warning",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        results = {}
        for name, path in paths.items():
            _wait_ready(port, path, proc)
            if cached:
                _load(port, path, WARMUP)  # every worker has its own memory cache
            results[name] = _load(port, path, SECONDS)
        return results
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.returncode not in (0, -15) and proc.stderr is not None:
            print(proc.stderr.read()[-2000:])


def _page_queries(pk: int, path: str) -> tuple[int, int]:
    """Queries of one uncached request in this process (status, queries)."""
    from django.conf import settings
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    settings.PUBLIC_CACHE_SECONDS = 0
    reset_queries()
    with CaptureQueriesContext(connection) as ctx:
        response = Client(HTTP_HOST="localhost").get(path)
    return response.status_code, len(ctx.captured_queries)


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def _selector_report(label: str, big: int, small: int, target: float) -> None:
    """`standings_table` of the big and the small field: rows, queries, median and best time."""
    times, queries, rows = _measure_selector(big)
    _, small_queries, small_rows = _measure_selector(small)
    print(
        f"{'database':<11} {'field':>6} {'rows':>5} {'queries':>8} {'median ms':>10} {'min ms':>8}"
    )
    print(
        f"{label:<11} {PLAYERS:>6} {rows:>5} {queries:>8} {statistics.median(times) * 1000:>10.1f} "
        f"{min(times) * 1000:>8.1f}"
    )
    print(f"{label:<11} {SMALL_PLAYERS:>6} {small_rows:>5} {small_queries:>8}")
    print(
        f"{verdict(statistics.median(times) < target)}  {label}: standings_table of {PLAYERS} "
        f"players under {target * 1000:g} ms"
    )
    same = queries == small_queries
    print(f"{verdict(same)}  {label}: same query count for {SMALL_PLAYERS} and {PLAYERS} players")
    _stored_report(label, big)


def _stored_report(label: str, pk: int) -> None:
    """The stored standings (issue 14): computed with their HTML and stored once, then read."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import StandingsSnapshot, Tournament
    from tournaments.standings.snapshots import standings_snapshot

    tournament = Tournament.objects.get(pk=pk)
    StandingsSnapshot.objects.filter(tournament=tournament).delete()
    start = time.perf_counter()
    standings_snapshot(tournament, after_round=None, full_names=False)
    stored = time.perf_counter() - start
    times, decoded = [], []
    for _ in range(REPEATS):
        reset_queries()
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            data = standings_snapshot(tournament, after_round=None, full_names=False)
            times.append(time.perf_counter() - start)
            len(data.rows)  # the rows are decoded on first use (a search, the CSV, the API)
            decoded.append(time.perf_counter() - start)
    print(
        f"{label}: stored standings of {PLAYERS} players: computed with their HTML and stored "
        f"in {stored * 1000:.1f} ms; read in {statistics.median(times) * 1000:.1f} ms "
        f"(median, {len(ctx.captured_queries)} query), with the rows decoded "
        f"{statistics.median(decoded) * 1000:.1f} ms"
    )


def _postgres_selector() -> None:
    """The selector part on PostgreSQL, in a process of its own (settings read DATABASE_URL)."""
    url = os.environ.get("BENCH_STANDINGS_POSTGRES_URL", PG_DEFAULT)
    reason = backends.prepare_postgres(url)
    if reason is not None:
        print(f"SKIP  PostgreSQL: {reason}")
        return
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="config.settings")
    subprocess.run(
        [sys.executable, "-m", "bench.bench_standings", "--selector"], cwd=ROOT, env=env, check=True
    )


def _selector_only() -> None:
    """`--selector`: build both fields in this process's database, report the selector."""
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    logging.disable(logging.WARNING)
    try:
        big, small = _simulate(PLAYERS, seed=1), _simulate(SMALL_PLAYERS, seed=2)
    finally:
        logging.disable(logging.NOTSET)
    _selector_report("PostgreSQL", big, small, PG_TIME_TARGET)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-standings-") as tmp:
        db_url = f"sqlite:///{tmp}/bench.sqlite3"
        saved = {k: os.environ.get(k) for k in ("DATABASE_URL", "REDIS_URL")}
        os.environ["DATABASE_URL"] = db_url
        os.environ.pop("REDIS_URL", None)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        try:
            _run(db_url)
            print()
            _postgres_selector()
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def _run(db_url: str) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.urls import NoReverseMatch, reverse

    call_command("migrate", verbosity=0)
    logging.disable(logging.WARNING)  # the services' info logs (e.g. ranking recomputes)
    try:
        start = time.perf_counter()
        big = _simulate(PLAYERS, seed=1)
        build = time.perf_counter() - start
        small = _simulate(SMALL_PLAYERS, seed=2)
    finally:
        logging.disable(logging.NOTSET)

    print(
        f"Standings {PLAYERS} players x {ROUNDS} rounds x {GAMES} games "
        f"(built by simulate_tournament in {build:.1f} s)"
    )
    _selector_report("SQLite", big, small, TIME_TARGET)

    paths = {"API /standings/": f"/api/v1/tournaments/{big}/standings/"}
    try:
        paths = {"page /rangliste/": reverse("standings", args=[big]), **paths}
    except NoReverseMatch:
        print("FAIL  the standings page (URL name 'standings') does not exist yet")
    print()
    for name, path in paths.items():
        status, page_queries = _page_queries(big, path)
        print(f"{name}: status {status}, {page_queries} queries uncached")

    print()
    print(
        f"gunicorn, {WORKERS} sync workers, {CLIENTS} client processes, {SECONDS:g} s each, "
        f"DEBUG off, SQLite, {os.cpu_count()} CPUs"
    )
    print(
        f"{'target':<18} {'mode':<7} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'hits':>6} {'err':>4}"
    )
    runs = {}
    for cached in (False, True):
        mode = "cached" if cached else "cold"
        for name, r in _serve_and_load(db_url, paths, cached=cached).items():
            runs[(name, mode)] = r
            hit_share = f"{r['hits'] / r['requests']:.0%}" if r["requests"] else "-"
            print(
                f"{name:<18} {mode:<7} {r['rps']:>8.1f} {r['p50']:>8.1f} {r['p95']:>8.1f} "
                f"{hit_share:>6} {r['errors']:>4}"
            )
    ok = all(r["errors"] == 0 and r["requests"] > 0 for r in runs.values())
    print(f"{verdict(ok)}  every request answered 200")
    for name in paths:
        cold, warm = runs[(name, "cold")]["rps"], runs[(name, "cached")]["rps"]
        print(f"{verdict(warm > cold)}  {name}: cache x{warm / cold:.1f} over cold")


if __name__ == "__main__":
    if "--selector" in sys.argv:
        _selector_only()
    else:
        main()
