"""The bench's wrk driver (bench/load.py) counts what the server answered: requests, answers
other than 200/304, and the public cache's states, from wrk's own Lua hooks."""

from __future__ import annotations

import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bench import load

pytestmark = pytest.mark.skipif(
    not shutil.which("wrk"), reason="needs wrk (make bench installs it)"
)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen: list[tuple[str, str]] = []

    def do_GET(self):
        Handler.seen.append((self.path, self.headers.get("HX-Request", "")))
        status = 404 if self.path.startswith("/missing") else 200
        body = b"ok"
        self.send_response(status)
        if self.path.startswith("/cached"):
            self.send_header("X-Public-Cache", "hit")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def port():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    Handler.seen.clear()
    yield server.server_address[1]
    server.shutdown()


def test_wrk_counts_answers_and_cache_states(port):
    got = load.wrk(port, ["/cached/a", "/plain"], seconds=1, clients=2, headers={"HX-Request": "1"})
    assert got["requests"] > 20
    # answers in flight when the time is up reached the server but are not counted
    assert got["requests"] <= len(Handler.seen) <= got["requests"] + 2
    assert got["errors"] == 0
    assert got["rps"] == pytest.approx(got["requests"] / got["seconds"])
    assert {path for path, _ in Handler.seen} == {"/cached/a", "/plain"}
    assert {hx for _, hx in Handler.seen} == {"1"}
    assert got["states"]["hit"] + got["states"]["-"] == got["requests"]
    assert got["states"]["hit"] > 0 and got["states"]["-"] > 0


def test_wrk_counts_failed_answers_and_makes_unique_urls(port):
    got = load.wrk(port, ["/missing?q=x"], seconds=1, clients=1, unique=True)
    assert got["errors"] == got["requests"] > 0
    assert got["states"] == {"-": got["requests"]}
    paths = [path for path, _ in Handler.seen]
    assert len(set(paths)) == len(paths)
    assert all(path.startswith("/missing?q=x&n=0.") for path in paths)
