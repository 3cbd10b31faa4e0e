"""Writes of the venue laptop: its upload state, signing the current copy, the local director
login, erasing the local copy. Everything here runs only with settings.VENUE_MODE."""

import hashlib
import json
import secrets
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import permissions
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import (
    StaffChange,
    StaffChangeKind,
    TournamentStaff,
    VenueCheckout,
    VenueSyncState,
)
from tournaments.venue.laptop import backup
from tournaments.venue.laptop.selectors import ACCEPTED, UNREACHABLE

#: keys of the document that change with every signing, not with the tournament
_VOLATILE = ("made_at", "sequence")


def require_venue_mode() -> None:
    if not settings.VENUE_MODE:
        raise ValidationError(_("Only on the venue laptop (VENUE_MODE=1)."))


def content_digest(document: dict) -> str:
    """What the tournament holds, independent of when and under which number it was signed:
    unchanged content keeps its sequence number, changed content takes the next one."""
    rest = {k: v for k, v in document.items() if k not in _VOLATILE}
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _document(state: VenueSyncState, *, sequence: int, made_at: datetime) -> dict:
    from tournaments.venue.document import tournament_document

    checkout = state.checkout
    return tournament_document(
        tournament=checkout.tournament, checkout=checkout, sequence=sequence, made_at=made_at
    )


@transaction.atomic
def sync_state_create(
    *, checkout: VenueCheckout, central_url: str, sequence: int = 0
) -> VenueSyncState:
    require_venue_mode()
    state, _created = VenueSyncState.objects.update_or_create(
        checkout=checkout,
        defaults={"central_url": central_url.rstrip("/"), "sequence": sequence},
    )
    return state


def publication_noted(*, at: datetime | None = None) -> None:
    """A round was released or its results published: the uploader uploads (and backs up) at
    its next look instead of after the interval. Called inside the publishing transaction."""
    VenueSyncState.objects.update(published_at=at or timezone.now())


def content_refresh(*, state: VenueSyncState, now: datetime) -> str:
    """Look at the tournament as it is now; keep its digest (the status light reads it)."""
    digest = content_digest(_document(state, sequence=state.sequence, made_at=now))
    if digest != state.content_digest:
        VenueSyncState.objects.filter(pk=state.pk).update(content_digest=digest)
        state.content_digest = digest
    return digest


@transaction.atomic
def envelope_sign(*, state: VenueSyncState, now: datetime) -> tuple[int, str, str]:
    """The signed complete copy as it is now: (sequence, digest, envelope). Changed content
    takes the next sequence number, kept BEFORE anything leaves the laptop, so a number is
    never signed twice with different content (the server would call it a fork); unchanged
    content keeps its number (a resend is a no-op on the server). Every envelope signed is
    written to the backups first: the newest backup holds the highest number ever sent."""
    from tournaments.venue.signing import sign_document

    locked = VenueSyncState.objects.select_for_update().select_related("checkout").get(pk=state.pk)
    document = _document(locked, sequence=locked.sequence, made_at=now)
    digest = content_digest(document)
    if digest != locked.signed_digest or locked.sequence == 0:
        locked.sequence += 1
        locked.signed_digest = digest
        document = _document(locked, sequence=locked.sequence, made_at=now)
    checkout = locked.checkout
    envelope = sign_document(checkout_uuid=checkout.uuid, key=checkout.key, document=document)
    if locked.backup_digest != digest:
        locked.backup_file = str(backup.backup_write(state=locked, envelope=envelope, now=now))
        locked.backup_digest = digest
        locked.backup_at = now
    locked.content_digest = digest
    locked.save()
    kept = (
        "sequence",
        "signed_digest",
        "content_digest",
        "backup_digest",
        "backup_at",
        "backup_file",
    )
    for field in kept:
        setattr(state, field, getattr(locked, field))
    return locked.sequence, digest, envelope


@transaction.atomic
def attempt_record(
    *,
    state: VenueSyncState,
    started: datetime,
    digest: str,
    outcome: str,
    message: str,
) -> VenueSyncState:
    """What an upload attempt brought: the server's outcome, or UNREACHABLE."""
    locked = VenueSyncState.objects.select_for_update().get(pk=state.pk)
    locked.attempted_at = started
    locked.outcome = outcome
    locked.message = message[:2000]
    if outcome == UNREACHABLE:
        locked.failures += 1
        # the probe saw the line come back while this attempt hung: its failure is over
        if locked.line_back_at is None or locked.line_back_at < started:
            locked.line_down_since = locked.line_down_since or started
    else:
        locked.failures = 0
        locked.line_down_since = None
    if outcome in ACCEPTED:
        locked.uploaded_digest = digest
        locked.uploaded_at = started
    locked.save()
    return locked


@transaction.atomic
def line_seen(*, state: VenueSyncState, up: bool, back: bool, now: datetime) -> None:
    """What the line probe saw. Down: the line is down since now (if it was not already). Up:
    no longer down; ``back`` (the probe saw it down before, or has just started) also notes
    when it came back, so an upload that failed before is retried at once. Written only when
    something changes (the probe looks every few seconds)."""
    rows = VenueSyncState.objects.filter(pk=state.pk)
    if not up:
        rows.filter(line_down_since__isnull=True).update(line_down_since=now)
    elif back:
        rows.update(line_down_since=None, line_back_at=now)
    else:
        rows.filter(line_down_since__isnull=False).update(line_down_since=None)


@transaction.atomic
def local_director_ensure(*, checkout: VenueCheckout, username: str, password: str | None):
    """A login for the director on this laptop (the package carries no passwords): a director
    of the checked-out tournament. Returns (user, password or None if it was kept). With the
    director's central username the venue's work keeps its name on the central site."""
    require_venue_mode()
    tournament = checkout.tournament
    main_id = tournament.main_tournament_id
    user, created = get_user_model().objects.get_or_create(username=username)
    # new, or an account of the trail that cannot log in yet (`_trail_accounts`)
    fresh = created or not user.is_active or not user.has_usable_password()
    if fresh or password:
        password = password or secrets.token_urlsafe(12)
        user.set_password(password)
        user.is_active = True
        user.save()
    user.groups.add(*permissions.role_groups(GlobalRole.DIRECTOR))
    _staff, assigned = TournamentStaff.objects.get_or_create(
        tournament_id=main_id, user=user, role=StaffRole.DIRECTOR
    )
    if assigned:
        StaffChange.objects.create(
            tournament_id=main_id,
            person=user,
            person_name=user.get_username(),
            role=StaffRole.DIRECTOR,
            kind=StaffChangeKind.ASSIGNED,
            reason=_("Director's login on the venue laptop"),
        )
    return user, password


def local_copy_erase(*, backups: bool = True) -> None:
    """Delete every row of the laptop's database (players, results, logins) and compact the
    file so nothing of it is left on the disk; with ``backups`` also the signed backups."""
    require_venue_mode()
    if connection.vendor == "sqlite":  # deleted rows overwritten, whatever the build's default
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA secure_delete = ON")
    call_command("flush", interactive=False, verbosity=0)
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM")
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    if backups:
        backup.backups_delete()


def _require_empty() -> None:
    if VenueSyncState.objects.exists():
        raise ValidationError(
            _(
                "This laptop already holds a tournament. Erase it first (venue_erase) or "
                "start the venue with another VENUE_DIR."
            )
        )


def _trail_usernames(value, found: set[str]) -> set[str]:
    """Every username the document names as who did something (``created_by``, ``user``…)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if (key == "user" or key.endswith("_by")) and isinstance(item, str) and item:
                found.add(item)
            else:
                _trail_usernames(item, found)
    elif isinstance(value, list):
        for item in value:
            _trail_usernames(item, found)
    return found


def _trail_accounts(document: dict) -> None:
    """The people of the trail as accounts that cannot log in, so the laptop keeps who
    entered, confirmed or decided what (the document names them; the loader looks them up)."""
    User = get_user_model()
    names = _trail_usernames(document, set())
    have = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    for name in sorted(names - have):
        user = User(username=name[:150], is_active=False)
        user.set_unusable_password()
        user.save()


def central_director(state: VenueSyncState) -> str:
    """The username who created the tournament centrally (the default local login)."""
    return (
        state.checkout.tournament.created_by.get_username()
        if state.checkout.tournament.created_by
        else ""
    )


@transaction.atomic
def package_load(*, package: dict, central_url: str = "") -> VenueSyncState:
    """Load a checkout package (downloaded from the central server by the director) into the
    laptop's empty database; the uploads then go to ``central_url`` or the package's."""
    from tournaments.venue.apply import venue_document_load

    require_venue_mode()
    _require_empty()
    if not isinstance(package, dict) or not {"checkout", "key", "document"} <= package.keys():
        raise ValidationError(_("This file is no checkout package of the central server."))
    _trail_accounts(package["document"])
    tournament = venue_document_load(package=package)
    checkout = VenueCheckout.objects.get(uuid=package["checkout"], tournament=tournament)
    from tournaments.venue.laptop.staff_services import package_people_load

    package_people_load(checkout=checkout, package=package)  # staff, referees, helpers
    url = central_url or str(package.get("central_url") or "")
    if not url:
        raise ValidationError(_("The package names no central server; give its address."))
    return sync_state_create(checkout=checkout, central_url=url, sequence=checkout.last_sequence)


BACKUP_ALTERED = gettext_lazy(
    "The backup's signature does not match: it was altered or is incomplete."
)


@transaction.atomic
def backup_restore(*, path, central_url: str = "") -> VenueSyncState:
    """Carry on the day from a backup (another laptop's): its signature is checked with the
    checkout's key, the copy is loaded, and the sequence numbers continue from the backup's,
    so the central server accepts the next uploads (and a resend of the backup's own number
    with the same content is a no-op there)."""
    from tournaments.venue.document import FORMAT_VERSION
    from tournaments.venue.signing import BadEnvelope, verify_document

    require_venue_mode()
    _require_empty()
    found = backup.backup_read(path)
    try:
        document = verify_document(
            raw=found["envelope"], checkout_uuid=found["checkout"], key=found["key"]
        )
    except (BadEnvelope, signing.BadSignature, ValueError) as error:
        raise ValidationError(BACKUP_ALTERED) from error
    if document.get("sequence") != found["sequence"]:
        raise ValidationError(BACKUP_ALTERED)
    package = {
        "format": found.get("format", FORMAT_VERSION),
        "checkout": found["checkout"],
        "key": found["key"],
        "central_url": found["central_url"],
        "document": document,
        "staff": found.get("staff") or {},
    }
    state = package_load(package=package, central_url=central_url or found["central_url"])
    digest = content_digest(document)
    state.sequence = int(found["sequence"])
    state.signed_digest = state.content_digest = state.backup_digest = digest
    state.save()
    return state
