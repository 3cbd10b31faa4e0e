"""Live screens under load (issue #15.5): 500 open phones polling, one publication.

500 pollers (asyncio, keep-alive HTTP/1.1 as browsers keep it) poll the live regions of a
running tournament every 1.5 s like `static/js/live.js`: 350 standings, 100 "Mein Tisch", 50
hall displays, each sending the ETag it holds (`If-None-Match`) and getting 304 while nothing
changed. Against gunicorn (gthread workers) with PostgreSQL + Redis when reachable
(``BENCH_POSTGRES_URL``, default postgres://postgres@127.0.0.1:5432/drv_bench_live, dropped and
re-created; ``BENCH_REDIS_URL``, default redis://127.0.0.1:6379/14, keys under "bench-live"),
else SQLite and one gunicorn process (a publication cannot reach other processes' memory).

Figures, all from the same gunicorn in the same run:

* req/s of the 304 answer beside the trivial view's req/s (closed loop, keep-alive);
* the server's CPU per open, idle screen while the 500 poll (from /proc of the gunicorn
  processes), and per 304;
* the publication of the last round in the middle of the polling, by the desk board's button
  (a POST of the director's signed-in session): its answer (goal < 300 ms: the warm-up and
  the notifications run after commit, in a Celery worker started for the bench when Redis is
  there, else eagerly in the server) and the time from the click until the LAST of the 500
  screens got the new ETag (goal < 2 s). The screens hear of it when the warm-up stored the
  standings (`events.live_release`), so their first renders read stored rows.

Which back ends exactly (DATABASE_URL and REDIS_URL in CI): bench/backends.py. Quick mode
(bench/mode.py): 16 players, 50 screens, 1 s per closed loop, shorter idle and after phases.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

from bench import backends, bench_pages, load, mode, record

USES_DATABASE = True
ROOT = Path(__file__).resolve().parent.parent
REDIS_DEFAULT = "redis://127.0.0.1:6379/14"
PREFIX = "bench-live"
PLAYERS, ROUNDS, GAMES = mode.pick(200, 16), 2, 4
SCREENS = mode.pick(
    {"standings": 350, "mein-tisch": 100, "hall": 50},
    {"standings": 35, "mein-tisch": 10, "hall": 5},
)
POLL_SECONDS = 1.5
FIRST_ANSWERS = mode.pick(3.0, 2.0)  # seconds until every poller has had its first answer
IDLE_SECONDS, AFTER_SECONDS = mode.pick(8.0, 3.5), mode.pick(5.0, 3.0)
CLOSED_LOOP_CLIENTS, CLOSED_LOOP_SECONDS = mode.pick(32, 8), mode.pick(3.0, 1.0)
WORKERS, THREADS = max(2, load.cpu_count()), 8
GOAL_SECONDS = 2.0  # issue 32.4: the director's click to the last screen
PUBLISH_GOAL_SECONDS = 0.3  # the click's own answer (warm-up and notifications after commit)
POLL_GOAL = 0.9  # issue 32.3: the 304 beside the trivial view (both by wrk when there is one)
IDLE_CPU_GOAL = 0.20  # 500 open screens, share of one core (quick mode: 50 screens)


def main() -> None:
    """Pick the back ends (as bench_pages does), then run in a fresh process."""
    backends.run_with_backends(
        "bench.bench_live", bench="live", redis_default=REDIS_DEFAULT, prefix=PREFIX
    )


# --- a minimal keep-alive HTTP/1.1 client (asyncio) --------------------------------------------


class Connection:
    """One browser's connection: requests one after another on the same socket."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def get(self, path: str, headers: dict) -> tuple[int, dict]:
        for attempt in (1, 2):  # the server may have closed an idle connection: reconnect once
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            lines = [f"GET {path} HTTP/1.1", "Host: localhost", "Accept-Encoding: gzip"]
            lines += [f"{k}: {v}" for k, v in headers.items()]
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
            try:
                return await self._answer()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _answer(self) -> tuple[int, dict]:
        status = int((await self.reader.readuntil(b"\r\n")).split()[1])
        headers = {}
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            while size := int((await self.reader.readuntil(b"\r\n")).strip(), 16):
                await self.reader.readexactly(size + 2)
            await self.reader.readuntil(b"\r\n")
        elif status != 304:
            await self.reader.readexactly(int(headers.get("content-length", 0)))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# --- the pollers (a process of their own) ------------------------------------------------------


async def _poller(port, path, target, stop_at, seen, counts):
    conn = Connection(port)
    headers = {"HX-Request": "true", "HX-Target": target}
    tag = None
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))  # phones opened at different times
    while time.time() < stop_at:
        sent = time.time()
        try:
            status, answer = await conn.get(
                path, {**headers, **({"If-None-Match": tag} if tag else {})}
            )
        except OSError:
            counts["errors"] += 1
            await asyncio.sleep(POLL_SECONDS)
            continue
        counts[status] = counts.get(status, 0) + 1
        if status == 200 and answer.get("etag") != tag:
            tag = answer.get("etag")
            seen.append((tag, time.time()))
        await asyncio.sleep(max(0.0, POLL_SECONDS - (time.time() - sent)))
    conn.close()


def _pollers(port, screens, stop_at, queue) -> None:
    async def run():
        results = []
        counts: dict = {"errors": 0}
        tasks = []
        for path, target in screens:
            seen: list = []
            results.append(seen)
            tasks.append(_poller(port, path, target, stop_at, seen, counts))
        await asyncio.gather(*tasks)
        return results, counts

    queue.put(asyncio.run(run()))


async def _closed_loop(port, path, headers, seconds, clients) -> float:
    """req/s of ``clients`` keep-alive connections asking as fast as answers come."""
    done = 0
    stop_at = time.perf_counter() + seconds

    async def client():
        nonlocal done
        conn = Connection(port)
        while time.perf_counter() < stop_at:
            await conn.get(path, headers)
            done += 1
        conn.close()

    await asyncio.gather(*(client() for _ in range(clients)))
    return done / seconds


def _closed_loop_process(port, path, headers, queue) -> None:
    queue.put(
        asyncio.run(_closed_loop(port, path, headers, CLOSED_LOOP_SECONDS, CLOSED_LOOP_CLIENTS))
    )


def _in_process(target, *args):
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=target, args=(*args, queue))
    proc.start()
    return proc, queue


# --- the director's click ----------------------------------------------------------------------


def _director_cookie(director_id: int) -> str:
    """A signed-in session of the director (as after the login form; the form itself is
    throttled and not what is measured)."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import override_settings

    user = get_user_model().objects.get(pk=director_id)
    with override_settings(SECRET_KEY=load.SECRET_KEY):  # the server's key signs it
        return _session_cookie(user, settings, SessionStore)


def _session_cookie(user, settings, store_class) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = store_class()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def _click_publish(port: int, cookie: str, tid: int, number: int) -> tuple[int, float, float]:
    """The desk board's "publish" button, as the director's browser sends it: (status,
    wall-clock time of the click, seconds until the answer came)."""
    import re

    from django.urls import reverse

    board = reverse("director:desk_board", args=[tid, number])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", board, headers={"Cookie": cookie})
        answer = conn.getresponse()
        page = answer.read().decode()
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        if answer.status != 200 or found is None:
            raise RuntimeError(
                f"the desk board answered {answer.status} {answer.getheader('Location')}"
            )
        token = found.group(1)
        csrf = next(
            c.split(";")[0] for c in answer.headers.get_all("Set-Cookie") or [] if "csrftoken" in c
        )
        body = f"csrfmiddlewaretoken={token}"
        headers = {
            "Cookie": f"{cookie}; {csrf}",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        clicked, start = time.time(), time.perf_counter()
        conn.request("POST", reverse("director:round_publish", args=[tid, number]), body, headers)
        answer = conn.getresponse()
        answer.read()
        return answer.status, clicked, time.perf_counter() - start
    finally:
        conn.close()


def _released_after(tid: int, clicked: float, stop_at: float) -> float:
    """Seconds from the click until the publication's change was released to the live screens
    (`events.live_release` by the warm-up; no held row left), read every 10 ms."""
    from tournaments.models import PublicChange

    held = PublicChange.objects.filter(tournament_id=tid, held=True)
    while held.exists() and time.time() < stop_at:
        time.sleep(0.01)
    return time.time() - clicked


# --- server CPU from /proc ---------------------------------------------------------------------


def _gunicorn_pids(port: int) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if b"gunicorn" in cmdline and f"127.0.0.1:{port}".encode() in cmdline:
                pids.append(int(entry.name))
    return pids


def _cpu_seconds(pids: list[int]) -> float:
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


# --- the run -----------------------------------------------------------------------------------


def run() -> None:
    import django

    django.setup()
    from bench import pages_data

    data = pages_data.build(
        players=PLAYERS,
        rounds=ROUNDS,
        games=GAMES,
        ranking_players=20,
        ranking_tournaments=1,
        ranking_year=2024,
    )
    tid = data.tournament_id
    paths = {
        "standings": (f"/turniere/{tid}/rangliste/", "live-standings"),
        "mein-tisch": (f"/turniere/{tid}/runden/{ROUNDS}/namen/", "live-pairing"),
        "hall": (f"/turniere/{tid}/saal/", "screen"),
    }
    screens = [paths[kind] for kind, n in SCREENS.items() for _ in range(n)]
    shared = bool(os.environ.get("REDIS_URL"))
    workers = WORKERS if shared else 1
    env = {**os.environ, "GUNICORN_CMD_ARGS": "--keep-alive 5"}
    cookie = _director_cookie(data.director_id)
    # the publication's warm-up runs in a worker, as in production (eager in the server's own
    # process without Redis)
    worker = load.celery_worker(env) if shared else contextlib.nullcontext()
    with worker, load.serve(env, workers=workers, threads=THREADS) as port:
        pids = _gunicorn_pids(port)
        standings, target = paths["standings"]
        poll = {"HX-Request": "true", "HX-Target": target}
        _, answer = asyncio.run(Connection(port).get(standings, poll))
        tag = answer["etag"]
        rates, states = {}, {}
        for name, path, headers in [
            ("trivial view (reference)", "/bench/trivial/", {}),
            ("live poll, unchanged: 304", standings, {**poll, "If-None-Match": tag}),
            ("live poll, changed: 200 (cached)", standings, poll),
        ]:
            if load.wrk_available():  # issue 32.1: a client that does not limit the reference
                found = load.wrk(
                    port,
                    [path],
                    seconds=CLOSED_LOOP_SECONDS,
                    clients=CLOSED_LOOP_CLIENTS,
                    headers=headers,
                )
                rates[name], states[name] = found["rps"], dict(found["states"])
                continue
            proc, queue = _in_process(_closed_loop_process, port, path, headers)
            rates[name] = queue.get(timeout=CLOSED_LOOP_SECONDS + load.STRAGGLER_SECONDS)
            proc.join()

        start = time.time()
        stop_at = start + IDLE_SECONDS + AFTER_SECONDS
        proc, queue = _in_process(_pollers, port, screens, stop_at)
        time.sleep(FIRST_ANSWERS)  # every poller has its first answer
        cpu_before, wall_before = _cpu_seconds(pids), time.time()
        time.sleep(IDLE_SECONDS - FIRST_ANSWERS)
        idle_cpu = (_cpu_seconds(pids) - cpu_before) / (time.time() - wall_before)
        status, clicked, publish_seconds = _click_publish(port, cookie, tid, ROUNDS)
        if status != 302:
            raise RuntimeError(f"publishing answered {status}")
        released = _released_after(tid, clicked, stop_at)
        results, counts = queue.get(timeout=stop_at - time.time() + load.STRAGGLER_SECONDS)
        proc.join()

    seen_at = []
    for seen in results:
        later = [at for _tag, at in seen if at >= clicked]
        seen_at.append(min(later) if later else None)
    missing = sum(1 for s in seen_at if s is None)
    delays = sorted(s - clicked for s in seen_at if s is not None)
    timing = {"publish": publish_seconds, "released": released}
    _report(rates, states, idle_cpu, counts, delays, missing, timing, shared, workers)


def _report(rates, states, idle_cpu, counts, delays, missing, timing, shared, workers):
    from django.db import connection

    backend = "PostgreSQL" if connection.vendor == "postgresql" else "SQLite"
    cache = "Redis" if shared else "local memory (one process)"
    screens = sum(SCREENS.values())
    print(
        f"\ngunicorn gthread, {workers} workers × {THREADS} threads, keep-alive 5 s, DEBUG off, "
        f"{backend} + {cache}, {load.cpu_count()} CPUs (clients on the same machine; "
        f"req/s by {'wrk' if load.wrk_available() else 'the Python client (no wrk)'})"
    )
    trivial = rates.get("trivial view (reference)")
    for name, rps in rates.items():
        is_reference = name == "trivial view (reference)"
        record.line(
            name, reference=None if is_reference else "trivial view (reference)", value=trivial
        )
        ratio = f"{rps / trivial:>6.2f}" if trivial else "     -"
        answers = f"  X-Public-Cache {states[name]}" if name in states else ""
        print(f"  {name:<34} {rps:>8.0f} req/s  {ratio}× trivial{answers}")
    polls_per_s = screens / POLL_SECONDS
    print(
        f"\n{screens} open screens ({', '.join(f'{n} {k}' for k, n in SCREENS.items())}), "
        f"polling every {POLL_SECONDS:g} s = {polls_per_s:.0f} req/s; answers {counts}"
    )
    print(
        f"  server CPU while idle: {idle_cpu * 100:.1f} % of one core = "
        f"{idle_cpu * 1000 / screens:.3f} ms CPU per second per open screen, "
        f"{idle_cpu * 1000 / polls_per_s:.2f} ms per 304"
    )
    record.line("server CPU while idle")
    record.line("publication seen by the last screen")
    publish_seconds = timing["publish"]
    last = delays[-1] if delays else float("inf")
    print(
        f"  publication (the director's click answered in {publish_seconds * 1000:.0f} ms; "
        f"warm-up {'in a Celery worker' if shared else 'in the server, eager'}, the screens "
        f"told {timing['released']:.2f} s after the click): "
        f"screens with the new ETag after p50 {statistics.median(delays or [0]):.2f} s, "
        f"p95 {delays[int(len(delays) * 0.95)] if delays else 0:.2f} s, last {last:.2f} s; "
        f"{missing} never saw it"
    )
    not_modified = rates.get("live poll, unchanged: 304", 0) / trivial if trivial else 0.0
    verdicts = [
        (
            not_modified >= POLL_GOAL,
            f"the 304 at {not_modified:.2f}× the trivial view ≥ {POLL_GOAL:g}×",
        ),
        (
            idle_cpu <= IDLE_CPU_GOAL,
            f"{screens} screens cost {idle_cpu * 100:.1f} % of one core "
            f"≤ {IDLE_CPU_GOAL * 100:.0f} %",
        ),
        (
            publish_seconds < PUBLISH_GOAL_SECONDS,
            f"publishing answered in {publish_seconds * 1000:.0f} ms "
            f"< {PUBLISH_GOAL_SECONDS * 1000:.0f} ms",
        ),
        (missing == 0, f"every one of the {screens} screens saw the publication"),
        (last < GOAL_SECONDS, f"the last screen within {last:.2f} s < {GOAL_SECONDS:g} s"),
        (counts.get("errors", 0) == 0, "no connection errors"),
    ]
    print()
    for ok, text in verdicts:
        print(f"{bench_pages.verdict(ok)}  {text}")


if __name__ == "__main__":
    if "--run" in sys.argv:
        run()
    else:
        main()
