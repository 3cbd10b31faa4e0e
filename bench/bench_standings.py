"""Standings benchmark (issues 5, 14): 400 players × 4 rounds × 4 games.

(a) `standings_table`: time and queries, and the same query count for a small field (the
    selector must not query per row); on SQLite, then on PostgreSQL in a process of its own (as
    bench/backends.py chooses: BENCH_POSTGRES_URL, else
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
that is thrown away afterwards (when DATABASE_URL names a PostgreSQL server: in a fresh database
there, bench/backends.py, and all of (a) and (b) run on it); REDIS_URL is ignored so the cache
is each worker's memory.

Quick mode (bench/mode.py): 20 and 8 players, 3 calls per field, 1 s of load per line, and
the data built without the page warm-up after each publication (as bench/pages_data.py
builds it), which is no line of this bench.
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

from bench import backends, load, mode, record

USES_DATABASE = True
ROOT = Path(__file__).resolve().parent.parent
PLAYERS, ROUNDS, GAMES = mode.pick(400, 20), 4, 4
SMALL_PLAYERS = mode.pick(16, 8)
REPEATS = mode.pick(15, 3)  # standings_table calls per field; the median is reported
WORKERS = max(2, os.cpu_count() or 2)
CLIENTS = 2 * WORKERS
SECONDS = mode.pick(8.0, 1.0)
WARMUP = mode.pick(1.5, 0.3)
TIME_TARGET = 1.0  # seconds for one standings_table of 400 players (SQLite, issue 5)
FIRST_RENDER_MS = 20.0  # issue 32.4: CPU of the first render after a publication
PG_TIME_TARGET = 0.030  # the same on PostgreSQL (issue 14)


def _simulate(players: int, seed: int) -> int:
    from django.core.management import call_command

    if mode.QUICK:
        from bench import pages_data

        pages_data._quiet_side_effects()

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
    if load.wrk_available():  # issue 32.1: a client that does not limit the reference
        got = load.wrk(port, [path], seconds=seconds, clients=CLIENTS)
        return {**got, "hits": got["states"].get("hit", 0)}
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    procs = [ctx.Process(target=_client, args=(port, path, seconds, queue)) for _ in range(CLIENTS)]
    for p in procs:
        p.start()
    results = [queue.get(timeout=seconds + 120) for _ in procs]  # a dead client: a crash
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
    record.line(
        f"{label}: standings_table of {PLAYERS} players",
        reference=f"query count of {SMALL_PLAYERS} players",
        value=small_queries,
    )
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
    record.line(f"{label}: stored standings of {PLAYERS} players")
    print(
        f"{label}: stored standings of {PLAYERS} players: computed with their HTML and stored "
        f"in {stored * 1000:.1f} ms; read in {statistics.median(times) * 1000:.1f} ms "
        f"(median, {len(ctx.captured_queries)} query), with the rows decoded "
        f"{statistics.median(decoded) * 1000:.1f} ms"
    )
    _first_render_report(label, tournament)


def _first_render_report(label: str, tournament) -> None:
    """Issue 32.4: a phone's first render of the standings page after a publication, once the
    warm-up stored the standings (the screens are told only then: `events.live_release`),
    beside the same render before they are stored; server CPU in this process, the page cache
    off (every request renders)."""
    from django.conf import settings
    from django.test import Client

    from tournaments.models import StandingsSnapshot

    settings.PUBLIC_CACHE_SECONDS = 0
    path = f"/turniere/{tournament.pk}/rangliste/"
    client = Client(HTTP_HOST="localhost")
    client.get(path)  # templates compiled, the snapshot stored
    stored, computed = [], []
    for _ in range(REPEATS):
        start = time.process_time()
        assert client.get(path).status_code == 200
        stored.append(time.process_time() - start)
        StandingsSnapshot.objects.filter(tournament=tournament).delete()
        start = time.process_time()
        client.get(path)  # computes and stores it again
        computed.append(time.process_time() - start)
    first, before = statistics.median(stored) * 1000, statistics.median(computed) * 1000
    record.line(f"{label}: first render after a publication")
    print(
        f"{label}: the standings page's first render after a publication, {PLAYERS} players: "
        f"{first:.1f} ms CPU with the standings stored by the warm-up (before it: {before:.1f} ms)"
    )
    print(
        f"{verdict(first <= FIRST_RENDER_MS)}  {label}: first render ≤ {FIRST_RENDER_MS:g} ms CPU"
    )


def _in_process(option: str, url: str) -> None:
    """This module with ``option`` in a process of its own (the settings read DATABASE_URL)."""
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="config.settings")
    subprocess.run(
        [sys.executable, "-m", "bench.bench_standings", option], cwd=ROOT, env=env, check=True
    )


def _postgres_selector() -> None:
    """The selector part on PostgreSQL, in a process of its own."""
    url, _ = backends.postgres_url("standings")
    reason = backends.prepare_postgres(url) if url else "DATABASE_URL names SQLite"
    if reason is not None:
        print(f"SKIP  PostgreSQL: {reason}")
        return
    _in_process("--selector", url)


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
    """The page part on SQLite (on PostgreSQL when DATABASE_URL names it), each in a process
    of its own, then the selector part on PostgreSQL when reachable."""
    with tempfile.TemporaryDirectory(prefix="bench-standings-") as tmp:
        if backends.postgres_asked():
            _, url, _ = backends.database("standings", tmp)
        else:
            url = backends.sqlite_database(Path(tmp) / "bench.sqlite3")
        _in_process("--run", url)
        if not backends.postgres_asked():
            print()
            _postgres_selector()


def _run(db_url: str) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
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
    label = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    _selector_report(label, big, small, PG_TIME_TARGET if label == "PostgreSQL" else TIME_TARGET)

    paths = {"API /standings/": f"/api/v1/tournaments/{big}/standings/"}
    try:
        paths = {"page /rangliste/": reverse("standings", args=[big]), **paths}
    except NoReverseMatch:
        print("FAIL  the standings page (URL name 'standings') does not exist yet")
    print()
    for name, path in paths.items():
        status, page_queries = _page_queries(big, path)
        print(f"{name}: status {status}, {page_queries} queries uncached")
        record.line(f"{name}: queries uncached")

    print()
    print(
        f"gunicorn, {WORKERS} sync workers, {CLIENTS} "
        f"{'wrk connections' if load.wrk_available() else 'client processes (no wrk)'}, "
        f"{SECONDS:g} s each, "
        f"DEBUG off, {label}, {os.cpu_count()} CPUs"
    )
    print(
        f"{'target':<18} {'mode':<7} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'hits':>6} {'err':>4}"
    )
    runs = {}
    for cached in (False, True):
        state = "cached" if cached else "cold"
        for name, r in _serve_and_load(db_url, paths, cached=cached).items():
            runs[(name, state)] = r
            cold = runs[(name, "cold")]["rps"] if cached else None
            record.line(
                f"gunicorn {name} {state}",
                reference=f"{name} cold" if cached else None,
                value=cold,
            )
            hit_share = f"{r['hits'] / r['requests']:.0%}" if r["requests"] else "-"
            print(
                f"{name:<18} {state:<7} {r['rps']:>8.1f} {r['p50']:>8.1f} {r['p95']:>8.1f} "
                f"{hit_share:>6} {r['errors']:>4}"
            )
    ok = all(r["errors"] == 0 and r["requests"] > 0 for r in runs.values())
    print(f"{verdict(ok)}  every request answered 200")
    for name in paths:
        cold, warm = runs[(name, "cold")]["rps"], runs[(name, "cached")]["rps"]
        ratio = f"x{warm / cold:.1f}" if cold else "(cold not measured)"
        print(f"{verdict(warm > cold)}  {name}: cache {ratio} over cold")


if __name__ == "__main__":
    if "--selector" in sys.argv:
        _selector_only()
    elif "--run" in sys.argv:
        _run(os.environ["DATABASE_URL"])
    else:
        main()
