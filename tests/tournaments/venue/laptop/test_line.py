"""A hanging or cut line is noticed in seconds (issue 29.3), against a fake central server on a
real local socket: it answers like the central site, or accepts and never answers (a hanging
line), or is gone (a cut line). No mock of requests: the uploader's own HTTP calls meet it."""

from __future__ import annotations

import json
import socket
import threading
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.models import VenueSyncState
from tournaments.venue.laptop import selectors, services, uploader

ANSWER, HANG, CUT = "answer", "hang", "cut"


class FakeCentral:
    """The central server on 127.0.0.1: `/healthz` and `/venue/upload/` as the site answers
    them (every upload applied) in ANSWER mode; in HANG mode every connection is accepted,
    its request read and never answered; in CUT mode nothing listens on the port."""

    def __init__(self):
        self.mode = ANSWER
        self.requests: list[tuple[str, str, str]] = []  # (mode, method, path) as received
        self.hanging: list[socket.socket] = []
        self.lock = threading.Lock()
        self.listener = self._listen(0)
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @staticmethod
    def _listen(port: int) -> socket.socket:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(16)
        listener.settimeout(0.1)
        return listener

    def set(self, mode: str) -> float:
        """Switch the line; returns the moment (time.monotonic)."""
        with self.lock:
            if mode == CUT and self.listener is not None:
                self.listener.close()
                self.listener = None
            elif mode != CUT and self.listener is None:
                self.listener = self._listen(self.port)
            self.mode = mode
        return time.monotonic()

    def uploads(self, mode: str) -> int:
        with self.lock:
            return sum(1 for m, method, _ in self.requests if m == mode and method == "POST")

    def _serve(self) -> None:
        while not self.stopped.is_set():
            with self.lock:
                listener = self.listener
            if listener is None:
                time.sleep(0.05)
                continue
            try:
                conn, _address = listener.accept()
            except (TimeoutError, OSError):
                continue
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        try:
            method, path = self._read_request(conn)
        except (OSError, ValueError):
            conn.close()
            return
        with self.lock:
            mode = self.mode
            self.requests.append((mode, method, path))
            if mode == HANG:
                self.hanging.append(conn)  # accepted, read, never answered
                return
        if path == uploader.PROBE_PATH:
            body = {"status": "ok"}
        else:
            body = {"outcome": "applied", "message": ""}
        data = json.dumps(body).encode()
        conn.sendall(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
            + f"Content-Length: {len(data)}\r\n\r\n".encode()
            + data
        )
        conn.close()

    @staticmethod
    def _read_request(conn: socket.socket) -> tuple[str, str]:
        raw = b""
        while b"\r\n\r\n" not in raw:
            chunk = conn.recv(65536)
            if not chunk:
                raise ValueError("closed")
            raw += chunk
        head, body = raw.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        method, path, _version = lines[0].split(" ")
        length = next(
            (
                int(v)
                for k, _, v in (h.partition(":") for h in lines[1:])
                if k.lower() == "content-length"
            ),
            0,
        )
        while len(body) < length:
            chunk = conn.recv(65536)
            if not chunk:
                break
            body += chunk
        return method, path

    def close(self) -> None:
        self.stopped.set()
        with self.lock:
            for conn in self.hanging:  # a hanging upload ends at once
                conn.close()
            if self.listener is not None:
                self.listener.close()
        self.thread.join(timeout=5)


@pytest.fixture
def central():
    server = FakeCentral()
    yield server
    server.close()


def _light(state) -> str:
    return selectors.status_light(VenueSyncState.objects.get(pk=state.pk)).text


def _wait_for(condition, *, limit: float) -> float:
    """Seconds until ``condition()`` holds (polled every 0.1 s); fails after ``limit``."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > limit:
            pytest.fail(f"not within {limit} s")
        time.sleep(0.1)
    return time.monotonic() - start


def test_the_default_timeouts_are_short(settings):
    assert uploader.timeouts() == (5, 30)
    assert (settings.VENUE_PROBE_SECONDS, settings.VENUE_PROBE_TIMEOUT) == (3, 3)


def test_an_upload_to_a_hanging_server_gives_up_after_the_read_timeout(central, settings):
    settings.VENUE_READ_TIMEOUT = 1
    central.set(HANG)
    start = time.monotonic()
    outcome, message = uploader.post_envelope(central.url, "venue1:x:y")
    waited = time.monotonic() - start
    assert (outcome, "Read timed out" in message) == ("unreachable", True)
    assert 1 <= waited < 2.5
    assert central.uploads(HANG) == 1


def test_the_probe_reads_the_liveness_check(central, settings):
    settings.VENUE_PROBE_TIMEOUT = 0.5
    assert uploader.line_up(central.url) is True
    central.set(HANG)
    start = time.monotonic()
    assert uploader.line_up(central.url) is False
    assert 0.5 <= time.monotonic() - start < 1.5
    central.set(CUT)
    assert uploader.line_up(central.url) is False
    assert uploader.line_up("http://127.0.0.1:9/elsewhere") is False


@pytest.mark.django_db(transaction=True)
def test_the_light_turns_in_seconds_while_an_upload_hangs_and_uploads_never_overlap(
    laptop, central
):
    """With the default settings: the uploader's first upload hangs (read timeout 30 s); the
    probe turns the light within 15 s all the same, and back within 5 s of the line's return.
    Meanwhile "upload now" finds the lock taken: no second upload is sent."""
    VenueSyncState.objects.filter(pk=laptop.pk).update(central_url=central.url)
    hung = central.set(HANG)
    stop = threading.Event()
    loop = threading.Thread(target=uploader.run, kwargs={"stop": stop}, daemon=True)
    loop.start()
    try:
        _wait_for(lambda: central.uploads(HANG) == 1, limit=30)  # signing takes a moment
        _wait_for(lambda: _light(laptop).startswith("Keine Verbindung seit "), limit=15)
        assert time.monotonic() - hung < 15
        assert loop.is_alive() and central.uploads(HANG) == 1  # the upload still hangs

        # the director's button and a second look: the lock is taken, nothing is sent
        assert uploader.sync_once(force=True) == uploader.BUSY
        client = Client()
        client.force_login(laptop.director)
        tournament_id = laptop.checkout.tournament_id
        answer = client.post(
            reverse("director:venue_laptop_upload", args=[tournament_id]), follow=True
        )
        assert [str(m) for m in answer.context["messages"]] == [
            "Es wird gerade hochgeladen: die Statusanzeige zeigt gleich das Ergebnis."
        ]
        status = client.get(reverse("director:venue_laptop_status", args=[tournament_id]))
        assert 'data-hx-trigger="every 2s"' in status.content.decode()  # polls faster now

        back = central.set(ANSWER)
        _wait_for(lambda: not _light(laptop).startswith("Keine Verbindung"), limit=5)
        assert time.monotonic() - back < 5
        assert central.uploads(HANG) == 1
        assert central.uploads(ANSWER) == 0  # the hung upload still holds the lock

        cut = central.set(CUT)
        _wait_for(lambda: _light(laptop).startswith("Keine Verbindung seit "), limit=15)
        assert time.monotonic() - cut < 15
        back = central.set(ANSWER)
        _wait_for(lambda: not _light(laptop).startswith("Keine Verbindung"), limit=5)
        assert time.monotonic() - back < 5
    finally:
        stop.set()
        central.close()  # the hanging upload ends
        loop.join(timeout=15)
    assert not loop.is_alive()


@pytest.mark.django_db(transaction=True)
def test_an_upload_that_failed_is_retried_as_soon_as_the_line_is_back(laptop, central, monkeypatch):
    monkeypatch.setattr(uploader, "backoff_seconds", lambda failures: 600)
    VenueSyncState.objects.filter(pk=laptop.pk).update(central_url=central.url)
    central.set(CUT)
    stop = threading.Event()
    loop = threading.Thread(target=uploader.run, kwargs={"stop": stop, "tick": 0.5}, daemon=True)
    loop.start()
    try:
        _wait_for(lambda: VenueSyncState.objects.get(pk=laptop.pk).failures == 1, limit=30)
        central.set(ANSWER)
        # the back-off would wait 10 minutes; the probe's "line back" makes it upload at once
        _wait_for(lambda: VenueSyncState.objects.get(pk=laptop.pk).outcome == "applied", limit=30)
        assert _light(laptop).startswith("Hochgeladen ")
    finally:
        stop.set()
        loop.join(timeout=15)
    assert central.uploads(ANSWER) == 1


def test_uploads_wait_for_each_other_across_open_files(laptop):
    """The lock is the system's (flock), taken through its own open file, as another process
    (gunicorn serving "upload now" beside `venue_serve`'s uploader) takes it."""
    with uploader.upload_lock(wait=False) as held:
        assert held is True
        assert uploader.sync_once(force=True, post=lambda *a: ("applied", "")) == uploader.BUSY
        with uploader.upload_lock(wait=False) as second:
            assert second is False
    assert uploader.sync_once(force=True, post=lambda *a: ("applied", "")) == "applied"
    assert selectors.lock_path().stat().st_mode & 0o777 == 0o600


def test_what_the_probe_records(laptop):
    now = timezone.now()
    watch = uploader.LineWatch(probe=lambda url: False)
    assert watch.look(now=now) is False
    state = VenueSyncState.objects.get(pk=laptop.pk)
    assert (state.line_down_since, state.line_back_at) == (now, None)
    watch.look(now=now + timedelta(seconds=1))  # still down: still since the first look
    assert VenueSyncState.objects.get(pk=laptop.pk).line_down_since == now
    watch.probe = lambda url: True
    watch.look(now=now + timedelta(seconds=2))
    state = VenueSyncState.objects.get(pk=laptop.pk)
    assert (state.line_down_since, state.line_back_at) == (None, now + timedelta(seconds=2))
    # a failed upload while the probe sees the line up: the light says so until the next
    # look, and the back-off holds (the line did not come back: it never went)
    services.attempt_record(
        state=state,
        started=now + timedelta(seconds=3),
        digest="d",
        outcome="unreachable",
        message="Read timed out",
    )
    assert VenueSyncState.objects.get(pk=laptop.pk).line_down_since == now + timedelta(seconds=3)
    watch.look(now=now + timedelta(seconds=5))
    state = VenueSyncState.objects.get(pk=laptop.pk)
    assert (state.line_down_since, state.line_back_at) == (None, now + timedelta(seconds=2))
    assert uploader.upload_due(state, now + timedelta(seconds=9)) is False
    assert uploader.upload_due(state, now + timedelta(seconds=13)) is True


def test_a_failure_of_an_upload_that_hung_while_the_line_came_back_is_over(laptop):
    now = timezone.now()
    VenueSyncState.objects.filter(pk=laptop.pk).update(line_back_at=now + timedelta(seconds=20))
    state = services.attempt_record(
        state=laptop, started=now, digest="d", outcome="unreachable", message="Read timed out"
    )
    assert (state.failures, state.line_down_since) == (1, None)
    assert uploader.upload_due(state, now + timedelta(seconds=31)) is True  # at once
