"""The laptop's uploader (`venue_sync`, started beside the server by `make venue`).

Every few seconds it looks at the tournament. When the server lacks changes it uploads the
signed complete copy: at once after a publication, else at most every VENUE_UPLOAD_SECONDS;
while the line is down it retries with a growing pause (10 s, 20 s, … up to the interval).
A signed backup is written after each publication and every VENUE_BACKUP_SECONDS while there
are changes (and with every upload). All its state is in the database (`VenueSyncState`), so
a restart, or another laptop restored from a backup, carries on where it stopped.

The line (issue 29.3): an upload gives up after VENUE_CONNECT_TIMEOUT seconds without a
connection and VENUE_READ_TIMEOUT seconds without an answer. Beside the uploader a probe
(`watch_line`, its own thread) asks the central /healthz every VENUE_PROBE_SECONDS with a
short timeout (every half second while the line is down): the director's light turns within
seconds, also while an upload hangs, and a failed upload is retried as soon as the line is
back. One
upload at a time: the uploader and the director's "upload now" (another process) share a file
lock (`upload_lock`); whoever finds it taken does not upload.
"""

import fcntl
import logging
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

import requests
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import close_old_connections, connection
from django.utils import timezone

from tournaments.models import UploadOutcome, VenueSyncState
from tournaments.venue.laptop import central, selectors, services
from tournaments.venue.laptop.selectors import UNREACHABLE

log = logging.getLogger(__name__)
TICK_SECONDS = 5
#: sync_once's answer while another upload holds the lock
BUSY = "busy"
#: the probe's pause while the line is down: the light turns back within seconds
DOWN_PAUSE_SECONDS = 0.5
#: the central server's liveness check (config/health.py): no session, no database
PROBE_PATH = "/healthz"


def timeouts() -> tuple[float, float]:
    """(connect, read) of an upload: a hanging line blocks the uploader for seconds, not
    minutes (the central server checks even a big tournament well within the read timeout)."""
    return (settings.VENUE_CONNECT_TIMEOUT, settings.VENUE_READ_TIMEOUT)


def backoff_seconds(failures: int) -> int:
    return min(settings.VENUE_UPLOAD_SECONDS, 5 * 2**failures)


def upload_due(state: VenueSyncState, now: datetime) -> bool:
    if selectors.all_uploaded(state) or selectors.is_refused(state):
        return False
    if state.attempted_at is None:
        return True
    waited = (now - state.attempted_at).total_seconds()
    if state.failures:
        if state.line_back_at is not None and state.line_back_at >= state.attempted_at:
            return True  # the probe saw the line come back since that attempt
        return waited >= backoff_seconds(state.failures)
    if state.published_at is not None and state.published_at >= state.attempted_at:
        return True
    return waited >= settings.VENUE_UPLOAD_SECONDS


def refresh_due(state: VenueSyncState, now: datetime) -> bool:
    """Everything is uploaded, but the registry's changes (a consent withdrawn centrally) come
    only with an upload's answer (issue 29.2): a quiet laptop sends its unchanged copy again
    every VENUE_UPLOAD_SECONDS (the same number; central answers "already applied" with them)."""
    if not selectors.all_uploaded(state) or selectors.is_refused(state):
        return False
    if state.attempted_at is None:
        return False
    waited = (now - state.attempted_at).total_seconds()
    if state.failures:  # the line was down at the last look: as an upload would retry
        if state.line_back_at is not None and state.line_back_at >= state.attempted_at:
            return True
        return waited >= backoff_seconds(state.failures)
    return waited >= settings.VENUE_UPLOAD_SECONDS


def backup_due(state: VenueSyncState, now: datetime) -> bool:
    if state.content_digest == state.backup_digest:
        return False
    if state.backup_at is None:
        return True
    if state.published_at is not None and state.published_at >= state.backup_at:
        return True
    return (now - state.backup_at).total_seconds() >= settings.VENUE_BACKUP_SECONDS


def post_envelope(central_url: str, envelope: str) -> tuple[str, str]:
    """POST the envelope to the central server: (its outcome, its message), or UNREACHABLE
    when no answer of the endpoint came back (no line, a time-out, a hotel's login page)."""
    try:
        response = requests.post(
            f"{central_url}/venue/upload/",
            data=envelope.encode(),
            headers={"Content-Type": "text/plain; charset=utf-8"},
            timeout=timeouts(),
        )
        answer = response.json()
        outcome = str(answer["outcome"])
    except (requests.RequestException, ValueError, KeyError, TypeError) as error:
        return UNREACHABLE, str(error)[:500]
    if outcome not in UploadOutcome.values:
        return UNREACHABLE, f"HTTP {response.status_code}: {outcome}"[:500]
    # an accepted upload's answer carries the registry's changes, signed (issue 29.2)
    return outcome, str(answer.get("message") or ""), answer.get("registry")


@contextmanager
def upload_lock(*, wait: bool) -> Iterator[bool]:
    """The one upload at a time, across the laptop's processes (gunicorn's threads serve the
    director's button, `venue_serve` runs the uploader): an exclusive lock on a file in
    VENUE_DIR, released by the system when its holder dies. Yields whether it is held;
    ``wait`` waits for it (an upload ends within the timeouts), else it is not taken."""
    path = selectors.lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def sync_once(
    *, now: datetime | None = None, force: bool = False, post=None, wait: bool = False
) -> str:
    """One look: refresh the digest, back up and upload when due. Returns what happened:
    "idle" (nothing loaded), BUSY (another upload runs; ``wait`` waits for it instead),
    "current" (nothing to do), "backup", or the upload's outcome.
    ``force`` uploads whatever the timers say (the director's button, the final upload)."""
    if selectors.current_state() is None:
        return "idle"
    with upload_lock(wait=wait) as held:
        return _look(now=now, force=force, post=post) if held else BUSY


def _look(*, now: datetime | None, force: bool, post) -> str:
    now = now or timezone.now()
    post = post or post_envelope
    state = selectors.current_state()
    if state is None:
        return "idle"
    services.content_refresh(state=state, now=now)
    if force and selectors.all_uploaded(state):
        return "current"
    if not force and not upload_due(state, now) and not refresh_due(state, now):
        if backup_due(state, now):
            services.envelope_sign(state=state, now=now)
            return "backup"
        return "current"
    sequence, digest, envelope = services.envelope_sign(state=state, now=now)
    outcome, message, *registry = post(state.central_url, envelope)
    services.attempt_record(
        state=state, started=now, digest=digest, outcome=outcome, message=message
    )
    log.info("upload %s: %s %s", sequence, outcome, message)
    if outcome in selectors.ACCEPTED and registry and registry[0]:
        try:
            central.registry_answer_take(state=state, signed=registry[0])
        except ValidationError as error:  # not the central server's: nothing taken
            log.warning("upload %s: registry changes not taken: %s", sequence, error)
    return outcome


def run(*, stop: threading.Event, tick: float = TICK_SECONDS, watch: bool = True) -> None:
    """The loop: one look every ``tick`` seconds until ``stop`` is set; an error is logged
    and the next look tries again (the database may be busy, the line may drop mid-upload).
    With ``watch`` the line probe runs beside it in its own thread."""
    watcher = None
    if watch:
        watcher = threading.Thread(
            target=watch_line, kwargs={"stop": stop}, name="venue-line", daemon=True
        )
        watcher.start()
    while not stop.is_set():
        close_old_connections()
        try:
            sync_once()
        except Exception:
            log.exception("venue upload: this look failed; trying again")
        stop.wait(tick)
    connection.close()
    if watcher is not None:
        watcher.join(timeout=settings.VENUE_PROBE_TIMEOUT * 2 + 1)


def line_up(central_url: str) -> bool:
    """Whether the central server answers its liveness check within VENUE_PROBE_TIMEOUT (for
    connecting and for the answer each). A hotel's login page or a redirect is no line."""
    try:
        response = requests.get(
            f"{central_url}{PROBE_PATH}",
            timeout=settings.VENUE_PROBE_TIMEOUT,
            allow_redirects=False,
        )
        return response.status_code == 200 and response.json().get("status") == "ok"
    except (requests.RequestException, ValueError, AttributeError):
        return False


class LineWatch:
    """The probe's looks; it remembers its last answer, so only a line that it saw down (or
    that an upload left marked down before a restart) counts as come back."""

    def __init__(self, probe=None):
        self.probe = probe or line_up
        self.last: bool | None = None

    def look(self, *, now: datetime | None = None) -> bool | None:
        """Probe once and record it; None while nothing is loaded."""
        state = selectors.current_state()
        if state is None:
            return None
        up = self.probe(state.central_url)
        services.line_seen(
            state=state, up=up, back=up and self.last is not True, now=now or timezone.now()
        )
        self.last = up
        return up

    def pause(self, up: bool | None) -> float:
        return DOWN_PAUSE_SECONDS if up is False else settings.VENUE_PROBE_SECONDS


def watch_line(*, stop: threading.Event, probe=None) -> None:
    """The probe's loop until ``stop`` is set (`run` starts it in its own thread)."""
    watch = LineWatch(probe)
    while not stop.is_set():
        close_old_connections()
        try:
            up = watch.look()
        except Exception:
            log.exception("venue line probe: this look failed; trying again")
            up = None
        stop.wait(watch.pause(up))
    connection.close()
