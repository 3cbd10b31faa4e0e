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
* ranking page of 3,000 players, cold: p50 < 150 ms, first response < 150 KB;
* the rush: right after round 4 is published, 300 requests at once over 5 page variants: all
  answered, p95 < 1.5 s, at most one render per variant (answers marked "miss").

Back ends: PostgreSQL (``BENCH_POSTGRES_URL``, default
postgres://postgres@127.0.0.1:5432/drv_bench_pages, dropped and re-created) and Redis
(``BENCH_REDIS_URL``, default redis://127.0.0.1:6379/15, keys under the prefix "bench-pages")
when reachable; otherwise a temporary SQLite file and each worker's local memory. Without Redis
a publication cannot reach the workers' memory and single flight holds per process only, so the
rush is then served by one gunicorn process with threads, started after the publication.
Which back ends exactly (DATABASE_URL and REDIS_URL in CI): bench/backends.py.

Quick mode (bench/mode.py): 16 players, 2 gunicorn workers, a ranking of 100 players from 3
tournaments, 5 search queries, 1 s per line in one slice, a rush of 30 requests.
"""

from __future__ import annotations

import os
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

from bench import backends, load, mode, record
from bench.load import HTMX_TABLE

USES_DATABASE = True
ROOT = Path(__file__).resolve().parent.parent
REDIS_DEFAULT = "redis://127.0.0.1:6379/15"
PREFIX = "bench-pages"
PLAYERS, ROUNDS, GAMES = mode.pick(400, 16), 4, 4
RANKING_PLAYERS, RANKING_TOURNAMENTS = mode.pick(3000, 100), mode.pick(150, 3)
RANKING_YEAR = 2024
WORKERS = mode.pick(max(2, 2 * load.cpu_count()), 2)
CLIENTS = WORKERS
SECONDS = mode.pick(6.0, 1.0)
WARMUP = mode.pick(1.5, 0.3)
SEARCHES = mode.pick(50, 5)
RUSH_REQUESTS, RUSH_PROCESSES = mode.pick(300, 30), mode.pick(4, 2)
GOALS = {"cold": 0.1, "cached": 0.6, "search": 0.4}  # issue 32.2
SLICES = mode.pick(3, 1)
TRIVIAL, PLAIN = "trivial view (reference)", "plain template page"
STANDINGS = f"standings, {PLAYERS} players"
SEARCH = f"live search, {SEARCHES} queries (htmx)"
RANKING_LINE = f"ranking, {RANKING_PLAYERS} players, 1 client"


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
    with load.serve({**env, "PUBLIC_CACHE_SECONDS": "0"}, workers=WORKERS) as port:
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
    with load.serve(cached_env, workers=WORKERS) as port:
        load.load(port, [standings], seconds=WARMUP, clients=CLIENTS)  # every worker's memory
        got = _measure_lines(
            port,
            [
                (TRIVIAL, ["/bench/trivial/"], {}),
                (PLAIN, ["/bench/plain/"], {}),
                (STANDINGS, [standings], {}),
                (SEARCH, searches, {"headers": HTMX_TABLE, "unique": True}),
            ],
        )
        goals = {STANDINGS: GOALS["cached"], SEARCH: GOALS["search"]}
        rows += [("cached", name, got[name], goals.get(name)) for name in got]
        if shared:
            rush = _rush(port, data, prime=True)
    if not shared:  # local memory: the publication first, then a fresh server (one process)
        rush = _rush(None, data, prime=False, env=cached_env)

    _report(rows, len(first_screen), rush, shared)


def _measure_lines(port, lines: list[tuple[str, list[str], dict]]) -> dict[str, dict]:
    """Each line in turn, in short slices, several times over: a background load that comes
    and goes (a shared machine) weighs on a page and on its reference alike."""
    runs: dict[str, list[dict]] = defaultdict(list)
    measure = load.wrk if load.wrk_available() else load.load
    for _ in range(SLICES):
        for name, paths, options in lines:
            options = {"clients": CLIENTS, **options}
            runs[name].append(measure(port, paths, seconds=SECONDS / SLICES, **options))
    return {name: load.merge(results) for name, results in runs.items()}


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
        f"\ngunicorn, {WORKERS} sync workers, {CLIENTS} {client}, {SECONDS:g} s per "
        f"line (in {SLICES} slices taking turns), DEBUG off, {backend} + {cache}, "
        f"{load.cpu_count()} CPUs; every request accepts gzip, as browsers do"
    )
    head = f"{'server':<7} {'page':<32} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'err':>4}"
    print(
        "cold: PUBLIC_CACHE_SECONDS=0, no page, data or row cache (Redis or memory); each "
        "request reads the tournament and its stored standings row and renders the page"
    )
    print(head + f" {'× trivial':>10}  goal")
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
        goal_text = f"≥ {goal:g}×" if goal else ""
        print(
            f"{server:<7} {name:<32} {r['rps']:>8.1f} {r['p50']:>8.1f} {r['p95']:>8.1f} "
            f"{r['errors']:>4} {ratio:>10.3f}  {goal_text}"
        )
        if goal:
            verdicts.append((ratio >= goal, f"{name} ({server}): {ratio:.3f}× ≥ {goal:g}×"))
    errors = sum(r["errors"] for _, _, r, _ in rows)
    verdicts.append((errors == 0, "every request of the table answered 200"))
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
