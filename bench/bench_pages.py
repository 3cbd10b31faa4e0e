"""Public pages under load (issue 14), every figure beside its reference from the same gunicorn.

References: a trivial view and a plain template page (bench/server_urls.py), served by the very
gunicorn that serves the pages measured, in the same run. Figures and goals:

* standings page of 400 players × 4 rounds, cold: ≥ 0.05× the trivial view. Cold is produced
  by PUBLIC_CACHE_SECONDS=0: no page cache, no standings data cache, no tournament row cache
  (neither Redis nor a worker's memory), so every request runs the view, reads the tournament
  and its stored standings (`StandingsSnapshot`, one row, as the warm-up or the first reader
  stored it after the last announced change) and renders the page, as a visitor does whose
  page variant is not cached yet right after a publication;
* the same page cached: ≥ 0.5× the trivial view;
* live search, 50 queries as htmx requests, each URL new to the page cache (the standings data
  cached): ≥ 0.3× the trivial view;
* ranking page of 3,000 players, cold: p50 < 150 ms, first response < 150 KB; cached (a stored
  page, `public_page`): ≥ 0.3× the trivial view and ≤ 5 ms server CPU per request;
* the rush: right after round 4 is published, 300 requests at once over 5 page variants: all
  answered, p95 < 1.5 s, at most one render per variant (answers marked "miss");
* one gunicorn worker's resident memory after 10,000 mixed requests (pages, htmx partials, live
  polls, searches, ranking pages, API): < 150 MB (read from /proc, `bench/procstat.py`).

Beside requests per second every line shows the server's CPU time per request (its gunicorn
processes' CPU time over the requests answered, from /proc) and the ratio to the trivial view
by CPU: on a shared machine throughput is noisy, CPU time much less so.

Back ends: PostgreSQL (``BENCH_POSTGRES_URL``, default
postgres://postgres@127.0.0.1:5432/drv_bench_pages, dropped and re-created) and Redis
(``BENCH_REDIS_URL``, default redis://127.0.0.1:6379/15, keys under the prefix "bench-pages")
when reachable; otherwise a temporary SQLite file and each worker's local memory. Without Redis
a publication cannot reach the workers' memory and single flight holds per process only, so the
rush is then served by one gunicorn process with threads, started after the publication.
Which back ends exactly (DATABASE_URL and REDIS_URL in CI): bench/backends.py.

Quick mode (bench/mode.py): 16 players, 2 gunicorn workers, a ranking of 100 players from 3
tournaments, 5 search queries, 1 s per line in one slice, a rush of 30 requests, 2,000 mixed
requests for the worker's memory.
"""

from __future__ import annotations

import http.client
import os
import statistics
import sys
import threading
from collections import Counter, defaultdict
from pathlib import Path

from bench import backends, load, mode, procstat, record
from bench.load import HTMX_TABLE

USES_DATABASE = True
ROOT = Path(__file__).resolve().parent.parent
REDIS_DEFAULT = "redis://127.0.0.1:6379/15"
PREFIX = "bench-pages"
PLAYERS, ROUNDS, GAMES = mode.pick(400, 16), 4, 4
RANKING_PLAYERS, RANKING_TOURNAMENTS = mode.pick(3000, 100), mode.pick(150, 3)
RANKING_YEAR = 2024
# As deploy/gunicorn.conf.py runs it: gthread, about 2 workers a core, 8 threads each (a page
# waiting on PostgreSQL leaves the core to another thread); the reference is served alike.
WORKERS, THREADS = mode.pick(max(2, 2 * load.cpu_count()), 2), 8
CLIENTS = mode.pick(16, 4)
SECONDS = mode.pick(6.0, 1.0)
WARMUP = mode.pick(1.5, 0.3)
SEARCHES = mode.pick(50, 5)
RUSH_REQUESTS, RUSH_PROCESSES = mode.pick(300, 30), mode.pick(4, 2)
GOALS = {"cold": 0.1, "cached": 0.6, "search": 0.4, "ranking": 0.3}  # issue 32.2, 32.5
RANKING_CPU_MS = 5.0  # the ranking page's server CPU per cached request (issue 32.5)
MEMORY_REQUESTS, MEMORY_MB = mode.pick(10_000, 2_000), 150  # one worker's RSS after (32.7)
SLICES = mode.pick(3, 1)
TRIVIAL, PLAIN = "trivial view (reference)", "plain template page"
STANDINGS = f"standings, {PLAYERS} players"
SEARCH = f"live search, {SEARCHES} queries (htmx)"
RANKING_LINE = f"ranking, {RANKING_PLAYERS} players, 1 client"
RANKING_CACHED = f"ranking, {RANKING_PLAYERS} players"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> None:
    """Pick the back ends, then run the bench in a fresh process with their environment."""
    backends.run_with_backends(
        "bench.bench_pages", bench="pages", redis_default=REDIS_DEFAULT, prefix=PREFIX
    )


# --- inside the bench process ----------------------------------------------------------------


def run() -> None:
    import django

    django.setup()
    from bench import pages_data

    shared = bool(os.environ.get("REDIS_URL"))
    data = pages_data.build(
        players=PLAYERS,
        rounds=ROUNDS,
        games=GAMES,
        ranking_players=RANKING_PLAYERS,
        ranking_tournaments=RANKING_TOURNAMENTS,
        ranking_year=RANKING_YEAR,
    )
    print(
        f"data: {PLAYERS} players × {ROUNDS} rounds × {GAMES} games (round {ROUNDS} entered, not "
        f"yet published; built in {data.seconds:.0f} s), ranking {RANKING_YEAR} with "
        f"{RANKING_PLAYERS} players from {RANKING_TOURNAMENTS} tournaments"
    )
    env = dict(os.environ)
    tid = data.tournament_id
    standings = f"/turniere/{tid}/rangliste/"
    ranking = f"/ranking/{RANKING_YEAR}/"
    queries = pages_data.search_queries(tid, SEARCHES)
    searches = [f"{standings}?q={q}" for q in queries]
    rows: list[tuple] = []

    # cold: PUBLIC_CACHE_SECONDS=0 switches the page cache and the data caches off; the stored
    # standings (a database row valid until the next announced change) are read per request
    with load.serve({**env, "PUBLIC_CACHE_SECONDS": "0"}, workers=WORKERS, threads=THREADS) as port:
        # steady state, as the cached server below: every thread has its database connection
        # (32 connections opened inside the first slice cost that slice a fifth of its time)
        load.load(port, [standings], seconds=WARMUP, clients=CLIENTS)
        got = _measure_lines(
            port,
            [
                (TRIVIAL, ["/bench/trivial/"], {}),
                (PLAIN, ["/bench/plain/"], {}),
                (STANDINGS, [standings], {}),
                (RANKING_LINE, [ranking], {"clients": 1}),  # a visitor's wait, not throughput
            ],
        )
        rows += [
            ("cold", name, got[name], GOALS["cold"] if name == STANDINGS else None) for name in got
        ]
        _, first_screen, _ = load.get(port, ranking)

    cached_env = {k: v for k, v in env.items() if k != "PUBLIC_CACHE_SECONDS"}
    with load.serve(cached_env, workers=WORKERS, threads=THREADS) as port:
        load.load(port, [standings], seconds=WARMUP, clients=CLIENTS)  # every worker's memory
        got = _measure_lines(
            port,
            [
                (TRIVIAL, ["/bench/trivial/"], {}),
                (PLAIN, ["/bench/plain/"], {}),
                (STANDINGS, [standings], {}),
                (SEARCH, searches, {"headers": HTMX_TABLE, "unique": True}),
                (RANKING_CACHED, [ranking], {}),
            ],
        )
        goals = {
            STANDINGS: GOALS["cached"],
            SEARCH: GOALS["search"],
            RANKING_CACHED: GOALS["ranking"],
        }
        rows += [("cached", name, got[name], goals.get(name)) for name in got]
        if shared:
            rush = _rush(port, data, prime=True)
    if not shared:  # local memory: the publication first, then a fresh server (one process)
        rush = _rush(None, data, prime=False, env=cached_env)
    memory = _memory(cached_env, tid, queries) if procstat.available() else None

    _report(rows, len(first_screen), rush, shared)
    _report_memory(memory)


def _measure_lines(port, lines: list[tuple[str, list[str], dict]]) -> dict[str, dict]:
    """Each line in turn, in short slices, several times over: a background load that comes
    and goes (a shared machine) weighs on a page and on its reference alike."""
    runs: dict[str, list[dict]] = defaultdict(list)
    cpu: dict[str, float] = defaultdict(float)
    measure = load.wrk if load.wrk_available() else load.load
    pids = procstat.server_pids(port) if procstat.available() else []
    for _ in range(SLICES):
        for name, paths, options in lines:
            options = {"clients": CLIENTS, **options}
            before = procstat.cpu_seconds(pids)
            runs[name].append(measure(port, paths, seconds=SECONDS / SLICES, **options))
            cpu[name] += procstat.cpu_seconds(pids) - before
    merged = {name: load.merge(results) for name, results in runs.items()}
    for name, result in merged.items():  # the server's CPU per answered request
        done = result["requests"]
        result["cpu_ms"] = cpu[name] / done * 1000 if pids and done else float("nan")
    return merged


def _mixed_requests(port: int, tid: int, queries: list[str], count: int) -> list[tuple]:
    """``count`` requests as a day of use sends them: pages, htmx partials, live polls
    (unchanged: 304; from a screen opened before the publication: 200), live searches (each
    new), the ranking's pages and searches, the API. (path, headers) in a fixed order."""
    standings = f"/turniere/{tid}/rangliste/"
    tag = _etag(port, standings)
    poll = {"HX-Request": "true", "HX-Target": "live-standings"}
    pages = [f"/ranking/{RANKING_YEAR}/?seite={n}" for n in range(1, 31)]
    kinds = [
        lambda i: (standings, {}),
        lambda i: (standings, HTMX_TABLE),
        lambda i: (standings, {**poll, "If-None-Match": tag}),
        lambda i: (standings, {**poll, "If-None-Match": 'W/"0.0"'}),
        lambda i: (f"{standings}?q={queries[i % len(queries)]}&n={i}", HTMX_TABLE),
        lambda i: (f"/turniere/{tid}/saal/", {"HX-Request": "true"}),
        lambda i: (f"/turniere/{tid}/runden/{ROUNDS}/ergebnisse/", {}),
        lambda i: (f"/turniere/{tid}/", {}),
        lambda i: (f"/ranking/{RANKING_YEAR}/", {}),
        lambda i: (pages[i % len(pages)], {"HX-Request": "true", "HX-Target": "ranking-table"}),
        lambda i: (f"/ranking/{RANKING_YEAR}/?q={queries[i % len(queries)]}", {}),
        lambda i: (f"/api/v1/tournaments/{tid}/standings/", {}),
        lambda i: (f"/api/v1/tournaments/{tid}/rounds/{ROUNDS}/tables/", {}),
        lambda i: ("/api/v1/tournaments/", {}),
        lambda i: (standings, {"Accept-Language": "en"}),
    ]
    return [kinds[i % len(kinds)](i) for i in range(count)]


def _etag(port: int, path: str) -> str:
    """The ETag a live page is served with now (what its polls send back)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers=load.BROWSER)
        response = conn.getresponse()
        response.read()
        return response.getheader("ETag") or ""
    finally:
        conn.close()


def _memory(env: dict, tid: int, queries: list[str]) -> dict:
    """One gunicorn worker's resident memory before and after ``MEMORY_REQUESTS`` mixed
    requests (`_mixed_requests`), read from /proc; sent by a few client threads."""
    with load.serve(env, workers=1, threads=THREADS) as port:
        (worker,) = procstat.worker_pids(port)
        requests = _mixed_requests(port, tid, queries, MEMORY_REQUESTS)
        before = procstat.rss_mb(worker)
        statuses: Counter = Counter()
        guard = threading.Lock()

        def send(share):
            for path, headers in share:
                try:
                    status, _, _ = load.get(port, path, headers)
                except OSError:
                    status = 0
                with guard:
                    statuses[status] += 1

        threads = [threading.Thread(target=send, args=(requests[i::4],)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after = procstat.rss_mb(worker)
    return {"before": before, "after": after, "statuses": statuses, "requests": len(requests)}


def _report_memory(memory: dict | None) -> None:
    if memory is None:
        print("\nworker memory: not measured (no /proc)")
        return
    answered = {str(k): v for k, v in sorted(memory["statuses"].items())}
    print(
        f"\nworker memory: one gunicorn worker, {memory['requests']} mixed requests (pages, "
        f"htmx partials, live polls, searches, ranking pages, API): RSS {memory['before']:.0f} "
        f"MB before, {memory['after']:.0f} MB after; answers {answered}"
    )
    record.line("worker memory after mixed requests")
    bad = sum(v for k, v in memory["statuses"].items() if k not in (200, 304))
    ok = memory["after"] < MEMORY_MB and bad == 0
    print(
        f"{verdict(ok)}  worker memory {memory['after']:.0f} MB < {MEMORY_MB} MB after "
        f"{memory['requests']} requests, all answered 200/304 ({bad} other)"
    )


def _rush_variants(tid: int) -> list[tuple[str, str, dict]]:
    """Five page variants players open right after a publication."""
    return [
        ("standings page", f"/turniere/{tid}/rangliste/", {}),
        ("standings, htmx table", f"/turniere/{tid}/rangliste/", HTMX_TABLE),
        ("hall display, htmx refresh", f"/turniere/{tid}/saal/", {"HX-Request": "true"}),
        (f"round {ROUNDS} results", f"/turniere/{tid}/runden/{ROUNDS}/ergebnisse/", {}),
        ("tournament page", f"/turniere/{tid}/", {}),
    ]


def _rush(port, data, *, prime: bool, env: dict | None = None) -> dict:
    from bench import pages_data

    variants = _rush_variants(data.tournament_id)
    if prime:  # the previous generation is cached, as it is during a tournament
        for _, path, headers in variants:
            load.get(port, path, headers)
    pages_data.publish_last_round(data)
    requests = [variants[i % len(variants)] for i in range(RUSH_REQUESTS)]
    if port is not None:
        answers = load.burst(port, requests, processes=RUSH_PROCESSES)
    else:
        with load.serve(env, workers=1, threads=2 * WORKERS) as fresh:
            answers = load.burst(fresh, requests, processes=RUSH_PROCESSES)
    renders = Counter(name for name, _, state, _ in answers if state == "miss")
    seconds = sorted(s for _, _, _, s in answers)
    return {
        "answered": sum(1 for _, status, _, _ in answers if status == 200),
        "p50": statistics.median(seconds) * 1000,
        "p95": seconds[min(len(seconds) - 1, int(len(seconds) * 0.95))] * 1000,
        "renders": {name: renders.get(name, 0) for name, _, _ in variants},
        "states": Counter(state for _, _, state, _ in answers),
    }


def _report(rows: list[tuple], first_screen: int, rush: dict, shared: bool) -> None:
    from django.db import connection

    backend = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    cache = "Redis" if shared else "local memory per worker"
    client = "wrk connections" if load.wrk_available() else "Python client processes (no wrk)"
    print(
        f"\ngunicorn gthread, {WORKERS} workers × {THREADS} threads, {CLIENTS} {client}, "
        f"{SECONDS:g} s per line (in {SLICES} slices taking turns), DEBUG off, "
        f"{backend} + {cache}, {load.cpu_count()} CPUs; every request accepts gzip, as browsers do"
    )
    head = f"{'server':<7} {'page':<32} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'err':>4}"
    print(
        "cold: PUBLIC_CACHE_SECONDS=0, no page, data or row cache (Redis or memory); each "
        "request reads the tournament and its stored standings row and renders the page"
    )
    print(head + f" {'CPU ms':>7} {'× trivial':>10} {'by CPU':>7}  goal")
    verdicts = []
    by_name: dict[str, dict] = defaultdict(dict)
    for server, name, r, _goal in rows:
        by_name[server][name] = r
    for server, name, r, goal in rows:
        trivial = by_name[server].get(TRIVIAL, {}).get("rps")
        record.line(
            f"{server}: {name}",
            reference=None if name == TRIVIAL else f"{server} {TRIVIAL}",
            value=trivial,
        )
        ratio = r["rps"] / trivial if trivial else float("nan")
        trivial_cpu = by_name[server].get(TRIVIAL, {}).get("cpu_ms", float("nan"))
        by_cpu = trivial_cpu / r["cpu_ms"] if r["cpu_ms"] else float("nan")
        goal_text = f"≥ {goal:g}×" if goal else ""
        print(
            f"{server:<7} {name:<32} {r['rps']:>8.1f} {r['p50']:>8.1f} {r['p95']:>8.1f} "
            f"{r['errors']:>4} {r['cpu_ms']:>7.2f} {ratio:>10.3f} {by_cpu:>7.3f}  {goal_text}"
        )
        if goal:
            verdicts.append((ratio >= goal, f"{name} ({server}): {ratio:.3f}× ≥ {goal:g}×"))
    errors = sum(r["errors"] for _, _, r, _ in rows)
    verdicts.append((errors == 0, "every request of the table answered 200"))
    cpu = by_name["cached"][RANKING_CACHED]["cpu_ms"]
    text = f"ranking cached: {cpu:.2f} ms server CPU per request ≤ {RANKING_CPU_MS:g} ms"
    verdicts.append((cpu <= RANKING_CPU_MS, text))
    ranking = by_name["cold"][RANKING_LINE]
    verdicts.append((ranking["p50"] < 150, f"ranking cold p50 {ranking['p50']:.0f} ms < 150 ms"))
    verdicts.append(
        (first_screen < 150_000, f"ranking first response {first_screen / 1000:.0f} KB < 150 KB")
    )
    record.line("ranking first response size")
    how = "publication seen by the running server" if shared else "one process, fresh memory"
    print(
        f"\nrush: {RUSH_REQUESTS} requests at once over 5 variants right after round {ROUNDS} "
        f"was published ({how}): {rush['answered']} answered 200, p50 {rush['p50']:.0f} ms, "
        f"p95 {rush['p95']:.0f} ms; answers {dict(rush['states'])}"
    )
    record.line("rush")
    for name, count in rush["renders"].items():
        print(f"   renders of {name:<28} {count}")
    verdicts.append((rush["answered"] == RUSH_REQUESTS, "rush: every request answered"))
    verdicts.append((rush["p95"] < 1500, f"rush: p95 {rush['p95']:.0f} ms < 1500 ms"))
    most = max(rush["renders"].values())
    verdicts.append((most <= 1, f"rush: at most one render per variant (max {most})"))
    print()
    for ok, text in verdicts:
        print(f"{verdict(ok)}  {text}")


if __name__ == "__main__":
    if "--run" in sys.argv:
        run()
    else:
        main()
