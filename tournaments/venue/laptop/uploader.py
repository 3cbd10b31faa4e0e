"""The laptop's uploader (`venue_sync`, started beside the server by `make venue`).

Every few seconds it looks at the tournament. When the server lacks changes it uploads the
signed complete copy: at once after a publication, else at most every VENUE_UPLOAD_SECONDS;
while the line is down it retries with a growing pause (10 s, 20 s, … up to the interval).
A signed backup is written after each publication and every VENUE_BACKUP_SECONDS while there
are changes (and with every upload). All its state is in the database (`VenueSyncState`), so
a restart, or another laptop restored from a backup, carries on where it stopped.
"""

import logging
import threading
from datetime import datetime

import requests
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import close_old_connections
from django.utils import timezone

from tournaments.models import UploadOutcome, VenueSyncState
from tournaments.venue.laptop import central, selectors, services
from tournaments.venue.laptop.selectors import UNREACHABLE

log = logging.getLogger(__name__)
TICK_SECONDS = 5
TIMEOUT = (10, 120)  # connect, read: a big tournament takes the server a while to check


def backoff_seconds(failures: int) -> int:
    return min(settings.VENUE_UPLOAD_SECONDS, 5 * 2**failures)


def upload_due(state: VenueSyncState, now: datetime) -> bool:
    if selectors.all_uploaded(state) or selectors.is_refused(state):
        return False
    if state.attempted_at is None:
        return True
    waited = (now - state.attempted_at).total_seconds()
    if state.failures:
        return waited >= backoff_seconds(state.failures)
    if state.published_at is not None and state.published_at >= state.attempted_at:
        return True
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
            timeout=TIMEOUT,
        )
        answer = response.json()
        outcome = str(answer["outcome"])
    except (requests.RequestException, ValueError, KeyError, TypeError) as error:
        return UNREACHABLE, str(error)[:500]
    if outcome not in UploadOutcome.values:
        return UNREACHABLE, f"HTTP {response.status_code}: {outcome}"[:500]
    # an accepted upload's answer carries the registry's changes, signed (issue 29.2)
    return outcome, str(answer.get("message") or ""), answer.get("registry")


def sync_once(*, now: datetime | None = None, force: bool = False, post=None) -> str:
    """One look: refresh the digest, back up and upload when due. Returns what happened:
    "idle" (nothing loaded), "current" (nothing to do), "backup", or the upload's outcome.
    ``force`` uploads whatever the timers say (the director's button, the final upload)."""
    now = now or timezone.now()
    post = post or post_envelope
    state = selectors.current_state()
    if state is None:
        return "idle"
    services.content_refresh(state=state, now=now)
    if force and selectors.all_uploaded(state):
        return "current"
    if not force and not upload_due(state, now):
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


def run(*, stop: threading.Event, tick: float = TICK_SECONDS) -> None:
    """The loop: one look every ``tick`` seconds until ``stop`` is set; an error is logged
    and the next look tries again (the database may be busy, the line may drop mid-upload)."""
    while not stop.is_set():
        close_old_connections()
        try:
            sync_once()
        except Exception:
            log.exception("venue upload: this look failed; trying again")
        stop.wait(tick)
    close_old_connections()
