"""HTTP load for the page benchmark: a gunicorn under test and client processes on this machine.

`serve` starts gunicorn (production settings, DEBUG off) with the bench's URLs; `load` runs
client processes for some seconds and reports requests per second and latencies; `burst` sends
many requests at the same moment (the rush right after a publication) and reports each answer.
"""

from __future__ import annotations

import http.client
import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HTMX_TABLE = {"HX-Request": "true", "HX-Target": "standings-table"}
#: every request asks for gzip, as browsers and phones do (the bytes are not unpacked here)
BROWSER = {"Host": "localhost", "Accept-Encoding": "gzip, deflate, br"}
#: how long a client process may take beyond its time: longer, and it died (the bench crashes
#: with queue.Empty instead of waiting for ever)
STRAGGLER_SECONDS = 120


def _get(port: int, path: str, headers: dict | None = None, timeout: float = 60):
    """(status, body, X-Public-Cache) of one GET on a new connection (sync workers close it)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={**BROWSER, **(headers or {})})
        response = conn.getresponse()
        body = response.read()
        return response.status, body, response.getheader("X-Public-Cache") or "-"
    finally:
        conn.close()


def get(port: int, path: str, headers: dict | None = None):
    return _get(port, path, headers)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: the servers' (and workers') secret key: a session the bench signs must be theirs
SECRET_KEY = "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz"


@contextmanager
def serve(env: dict, *, workers: int, threads: int = 1):
    """A gunicorn on a free port with these environment variables; yields the port."""
    port = _free_port()
    env = {
        **env,
        "DJANGO_SETTINGS_MODULE": "bench.server_settings",
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": SECRET_KEY,
        "DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_LOG_LEVEL": "ERROR",
        "PYTHONWARNINGS": "ignore",
    }
    command = [
        sys.executable, "-m", "gunicorn", "config.wsgi",
        "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers),
        "--backlog", "2048",
        "--timeout", "120",
        "--log-level", "warning",
    ]  # fmt: skip
    if threads > 1:
        command += ["--worker-class", "gthread", "--threads", str(threads)]
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        _wait_ready(port, proc)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.returncode not in (0, -15) and proc.stderr is not None:
            print(proc.stderr.read()[-2000:])


@contextmanager
def celery_worker(env: dict, *, concurrency: int = 2):
    """A Celery worker of the site (as deploy/systemd/drv-worker@.service runs it) with these
    environment variables, until the block ends; waits until it answers a ping."""
    env = {**env, "DJANGO_SETTINGS_MODULE": "bench.server_settings", "DJANGO_DEBUG": "0"}
    env.setdefault("SECRET_KEY", SECRET_KEY)
    env.setdefault("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1")
    name = f"bench-{os.getpid()}@localhost"
    proc = subprocess.Popen(
        [
            sys.executable, "-m", "celery", "--app", "config", "worker",
            "--hostname", name, "--concurrency", str(concurrency), "--loglevel", "WARNING",
            "--without-gossip", "--without-mingle",
        ],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        from config.celery import app

        deadline = time.monotonic() + 60
        while not app.control.ping([name], timeout=0.5):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("celery worker did not start: " + proc.stderr.read()[-2000:])
        yield name
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait_ready(port: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("gunicorn exited early: " + (proc.stderr.read()[-2000:] or ""))
        try:
            status, _, _ = _get(port, "/bench/trivial/", timeout=5)
        except (ConnectionRefusedError, http.client.RemoteDisconnected, TimeoutError):
            time.sleep(0.2)
            continue
        if status == 200:
            return
        raise RuntimeError(f"reference page answered {status}")
    raise RuntimeError("gunicorn did not start")


# --- sustained load ----------------------------------------------------------------------------


def _client(port, paths, headers, seconds, unique, index, queue) -> None:
    """Sequential GETs for ``seconds``, cycling through ``paths`` (``unique``: each URL once)."""
    latencies: list[float] = []
    errors = 0
    states: Counter = Counter()
    n = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        path = paths[(n + index) % len(paths)]
        if unique:
            path += f"{'&' if '?' in path else '?'}n={index}.{n}"
        n += 1
        start = time.perf_counter()
        try:
            status, _, state = _get(port, path, headers)
        except OSError:
            errors += 1
            continue
        latencies.append(time.perf_counter() - start)
        errors += status != 200
        states[state] += 1
    queue.put((latencies, errors, states))


def load(
    port: int,
    paths: list[str],
    *,
    seconds: float,
    clients: int,
    headers: dict | None = None,
    unique: bool = False,
) -> dict:
    """``clients`` processes requesting ``paths`` in turn for ``seconds``: req/s, p50, p95."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    procs = [
        ctx.Process(target=_client, args=(port, paths, headers, seconds, unique, i, queue))
        for i in range(clients)
    ]
    for p in procs:
        p.start()
    results = [queue.get(timeout=seconds + STRAGGLER_SECONDS) for _ in procs]
    for p in procs:
        p.join()
    return summary(
        [x for r in results for x in r[0]],
        seconds=seconds,
        errors=sum(r[1] for r in results),
        states=sum((r[2] for r in results), Counter()),
    )


def summary(latencies: list[float], *, seconds: float, errors: int, states: Counter) -> dict:
    latencies = sorted(latencies)
    n = len(latencies)
    return {
        "requests": n,
        "seconds": seconds,
        "rps": n / seconds,
        "p50": latencies[n // 2] * 1000 if n else float("nan"),
        "p95": latencies[min(n - 1, int(n * 0.95))] * 1000 if n else float("nan"),
        "errors": errors,
        "states": states,
        "latencies": latencies,
    }


def merge(results: list[dict]) -> dict:
    """Several runs of the same line as one."""
    if results and not any(r["latencies"] for r in results):  # wrk's: percentiles only
        total = sum(r["seconds"] for r in results)
        return {
            "requests": sum(r["requests"] for r in results),
            "seconds": total,
            "rps": sum(r["requests"] for r in results) / total,
            "p50": max(r["p50"] for r in results),
            "p95": max(r["p95"] for r in results),
            "errors": sum(r["errors"] for r in results),
            "states": sum((r["states"] for r in results), Counter()),
            "latencies": [],
        }
    return summary(
        [x for r in results for x in r["latencies"]],
        seconds=sum(r["seconds"] for r in results),
        errors=sum(r["errors"] for r in results),
        states=sum((r["states"] for r in results), Counter()),
    )


# --- a burst of simultaneous requests --------------------------------------------------------


def _burst_client(port, requests, start_at, queue) -> None:
    """One thread per request, all released at ``start_at`` (wall clock)."""
    answers = []
    guard = threading.Lock()

    def one(name, path, headers):
        time.sleep(max(0.0, start_at - time.time()))
        start = time.perf_counter()
        try:
            status, _, state = _get(port, path, headers)
        except OSError as exc:
            status, state = 0, type(exc).__name__
        with guard:
            answers.append((name, status, state, time.perf_counter() - start))

    threads = [threading.Thread(target=one, args=r) for r in requests]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    queue.put(answers)


def burst(port: int, requests: list[tuple[str, str, dict]], *, processes: int) -> list[tuple]:
    """All ``requests`` (name, path, headers) at once, spread over ``processes`` client
    processes with one thread per request; (name, status, cache state, seconds) per answer."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    start_at = time.time() + 1.5 + 0.1 * processes  # every process started and waiting
    shares = [requests[i::processes] for i in range(processes)]
    procs = [ctx.Process(target=_burst_client, args=(port, s, start_at, queue)) for s in shares]
    for p in procs:
        p.start()
    answers = [a for _ in procs for a in queue.get(timeout=STRAGGLER_SECONDS)]
    for p in procs:
        p.join()
    return answers


def cpu_count() -> int:
    return os.cpu_count() or 1


# --- wrk: a compiled load generator (issue 32.1) -----------------------------------------------

WRK_SCRIPT = r"""
-- paths to cycle through, headers, unique URLs; counts answers by status and X-Public-Cache
local paths = {%(paths)s}
local headers = {%(headers)s}
local unique = %(unique)s
local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  n = 0
  bad = 0
  states = {}
  for name, value in pairs(headers) do wrk.headers[name] = value end
end

function request()
  n = n + 1
  local path = paths[(n + id) %% #paths + 1]
  if unique then
    local sep = string.find(path, "?", 1, true) and "&" or "?"
    path = path .. sep .. "n=" .. id .. "." .. n
  end
  return wrk.format("GET", path)
end

function response(status, headers, body)
  if status ~= 200 and status ~= 304 then bad = bad + 1 end
  local state = headers["X-Public-Cache"] or "-"
  states[state] = (states[state] or 0) + 1
end

function done(summary, latency, requests)
  local bads = 0
  local merged = {}
  for _, t in ipairs(threads) do
    bads = bads + t:get("bad")
    for k, v in pairs(t:get("states")) do merged[k] = (merged[k] or 0) + v end
  end
  local parts = {}
  for k, v in pairs(merged) do table.insert(parts, string.format("%%q:%%d", k, v)) end
  io.write(string.format(
    "WRK-JSON {\"requests\":%%d,\"micros\":%%d,\"p50\":%%.3f,\"p95\":%%.3f,\"bad\":%%d," ..
    "\"socket\":%%d,\"states\":{%%s}}\n",
    summary.requests, summary.duration, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, bads,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    table.concat(parts, ",")))
end
"""


def wrk_available() -> bool:
    return shutil.which("wrk") is not None


def _lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def wrk(
    port: int,
    paths: list[str],
    *,
    seconds: float,
    clients: int,
    headers: dict | None = None,
    unique: bool = False,
) -> dict:
    """`load`'s figures measured by wrk: ``clients`` connections on 2 threads for ``seconds``
    (at least 1 s: wrk counts whole seconds). Latency percentiles are wrk's; `latencies` stays
    empty, so `merge` of wrk slices takes the requests over the seconds and the slices' worst
    percentiles."""
    script = WRK_SCRIPT % {
        "paths": ", ".join(_lua_string(p) for p in paths),
        "headers": ", ".join(
            f"[{_lua_string(k)}] = {_lua_string(v)}"
            for k, v in {**BROWSER, **(headers or {})}.items()
        ),
        "unique": "true" if unique else "false",
    }
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
    try:
        done = subprocess.run(
            [
                "wrk", "--threads", str(min(2, clients)), "--connections", str(clients),
                "--duration", f"{max(1, round(seconds))}s", "--timeout", "30s",
                "--script", handle.name, f"http://127.0.0.1:{port}{paths[0]}",
            ],
            capture_output=True, text=True, timeout=seconds + STRAGGLER_SECONDS,
        )  # fmt: skip
    finally:
        os.unlink(handle.name)
    line = next((x for x in done.stdout.splitlines() if x.startswith("WRK-JSON ")), None)
    if line is None:
        raise RuntimeError(f"wrk gave no figures: {done.stdout[-500:]} {done.stderr[-500:]}")
    found = json.loads(line.removeprefix("WRK-JSON "))
    measured = found["micros"] / 1e6
    return {
        "requests": found["requests"],
        "seconds": measured,
        "rps": found["requests"] / measured,
        "p50": found["p50"],
        "p95": found["p95"],
        "errors": found["bad"] + found["socket"],
        "states": Counter(found["states"]),
        "latencies": [],
    }
