"""Reads of the venue laptop: the checkout loaded here, and the director's status light."""

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Tournament, UploadOutcome, VenueSyncState

#: the server's answers that accept an upload; every other answer refuses it
ACCEPTED = frozenset({UploadOutcome.APPLIED, UploadOutcome.UNCHANGED})
#: no answer from the server (no line, timeout, an error page instead of the endpoint's JSON)
UNREACHABLE = "unreachable"
#: the lock file of "one upload at a time", in VENUE_DIR (tournaments.venue.laptop.uploader)
LOCK_FILE = "venue-upload.lock"


def current_state() -> VenueSyncState | None:
    """The checkout this laptop works on (the last one loaded) and its upload state."""
    return (
        VenueSyncState.objects.select_related("checkout", "checkout__tournament")
        .order_by("-pk")
        .first()
    )


def state_for(tournament: Tournament) -> VenueSyncState | None:
    """The upload state of this tournament (or of its main tournament, for a juniors' field)."""
    state = current_state()
    if state is None or state.checkout.tournament_id != tournament.main_tournament_id:
        return None
    return state


def is_refused(state: VenueSyncState) -> bool:
    """The server refused the content as it is now (a change makes a new attempt)."""
    return bool(
        state.outcome
        and state.outcome != UNREACHABLE
        and state.outcome not in ACCEPTED
        and state.signed_digest == state.content_digest
    )


def all_uploaded(state: VenueSyncState) -> bool:
    """The server holds exactly what this laptop holds."""
    return bool(state.content_digest) and state.uploaded_digest == state.content_digest


@dataclass(frozen=True)
class Light:
    colour: str  # "green", "amber", "red" (the CSS class of the badge)
    text: str


def _hhmm(at: datetime | None) -> str:
    return timezone.localtime(at).strftime("%H:%M") if at else "–"


def status_light(state: VenueSyncState) -> Light:
    """Green: the server has everything ("uploaded hh:mm"); amber: changes not uploaded yet,
    or no line since hh:mm; red: the server refused the upload, with its message."""
    if is_refused(state):
        return Light("red", _("Refused: %(message)s") % {"message": state.message})
    if state.line_down_since is not None:
        return Light("amber", _("No line since %(time)s") % {"time": _hhmm(state.line_down_since)})
    if all_uploaded(state):
        return Light("green", _("Uploaded %(time)s") % {"time": _hhmm(state.uploaded_at)})
    return Light("amber", _("Changes not uploaded yet"))


def backup_dir() -> Path:
    return Path(settings.VENUE_BACKUP_DIR)


def lock_path() -> Path:
    return Path(settings.VENUE_DIR) / LOCK_FILE


def panel(tournament: Tournament, state: VenueSyncState) -> dict:
    """What the director's panel shows (template context)."""
    return {
        "tournament": tournament,
        "state": state,
        "light": status_light(state),
        "all_uploaded": all_uploaded(state),
        "central_is_newer": central_is_newer(state),
    }


#: refusals saying the central server holds a newer (or another) copy than this laptop: an
#: older backup restored here, or two laptops that went on from the same copy
NEWER_CENTRALLY = frozenset({UploadOutcome.STALE, UploadOutcome.FORK})


def central_is_newer(state: VenueSyncState) -> bool:
    """The central server refused this laptop's copy as it is now as older than its own."""
    return is_refused(state) and state.outcome in NEWER_CENTRALLY


def erase_refusal(state: VenueSyncState) -> str | None:
    """Why the local copy is not erased as things stand (None: the central server holds
    everything of it). Says what is true: the central server lacks this laptop's changes, or
    it holds a newer copy (then resuming from it is the way on, not erasing)."""
    if all_uploaded(state):
        return None
    if central_is_newer(state):
        return _(
            "The central server holds a newer copy than this laptop (%(outcome)s); only what "
            "was entered here since this laptop's backup is missing there. To carry on at the "
            "venue, resume from the central server instead of erasing."
        ) % {"outcome": UploadOutcome(state.outcome).label}
    return _("The central server lacks changes of this laptop (%(light)s): upload first.") % {
        "light": status_light(state).text
    }


def resume_refusal(state: VenueSyncState) -> str | None:
    """Why resuming from the central server would lose something (None: it would not): this
    laptop holds changes the central server has not received and has not refused as older."""
    if all_uploaded(state) or central_is_newer(state):
        return None
    return _(
        "This laptop holds changes the central server has not received yet (%(light)s); "
        "resuming would replace them. Upload them first: resuming replaces only a copy the "
        "central server refused as older than its own."
    ) % {"light": status_light(state).text}
