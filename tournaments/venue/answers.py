"""What the central server sends back to the venue laptop (issue 29.2, 29.4), signed with the
checkout's key under salts of their own (`signing.sign_message`):

- with every accepted upload (applied or already applied): the registry's changes of the
  checked-out players since the laptop last showed it holds them, so a consent withdrawn
  centrally reaches the laptop's public pages within one upload;
- on the laptop's signed request (`/venue/resume/`): the central copy of the checkout as of
  its last applied upload, so a laptop restored from an older backup carries on from there
  instead of being erased and typed in again.
"""

from __future__ import annotations

import logging

from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Player, VenueCheckout
from tournaments.venue.document import FORMAT_VERSION, tournament_document
from tournaments.venue.signing import BadEnvelope, envelope_checkout, sign_message, verify_message

log = logging.getLogger(__name__)

REGISTRY = "registry"
"""Kind of the upload answer's registry changes."""
RESUME_REQUEST = "resume-request"
"""Kind of the laptop's request for the central copy."""
RESUME_STATE = "resume-state"
"""Kind of the central copy sent back."""

FOLLOWED = ("first_name", "last_name", "club", "city", "birth_year", "publish_name")
"""Registry fields the laptop takes from the central registry (name, club, town, year of
birth, consent to publish the name). Not the membership number and the guest flag: they say
who the player is (`apply.ALWAYS_ASKED`), a change of them waits for the check-in."""

RESUME_MAX_AGE = 3600
"""Seconds a resume request is good for: a request overheard on the way is no key to the
tournament later on (a laptop's clock an hour behind is told so)."""


def registry_changes(*, checkout: VenueCheckout) -> dict[str, dict]:
    """The followed fields of the checked-out players whose central value differs from the
    checkout's base (what the laptop last showed it holds), by player uuid. An erased entry
    stays as it is: an erasure is refused while the player's tournament runs."""
    base = checkout.players_base or {}
    rows = Player.objects.filter(uuid__in=list(base), erased_at__isnull=True).values(
        "uuid", *FOLLOWED
    )
    changes = {}
    for row in rows:
        held = base[str(row["uuid"])]
        changed = {f: row[f] for f in FOLLOWED if f in held and row[f] != held[f]}
        if changed:
            changes[str(row["uuid"])] = changed
    return changes


def players_base_advanced(*, base: dict[str, dict], rows: list[dict]) -> dict[str, dict]:
    """The checkout's base moved on to the central value of every field an upload's registry
    rows (``rows``) show the laptop holds: a later central change is sent again, and a later
    edit at the venue is taken instead of counted as a conflict."""
    uuids = [row["uuid"] for row in rows if row.get("uuid") in base]
    central = {
        str(p["uuid"]): p for p in Player.objects.filter(uuid__in=uuids).values("uuid", *FOLLOWED)
    }
    advanced = dict(base)
    for row in rows:
        now = central.get(row.get("uuid"))
        if now is None:
            continue
        held = base[row["uuid"]]
        moved = {f: now[f] for f in FOLLOWED if row.get(f) == now[f] and held.get(f) != now[f]}
        if moved:
            advanced[row["uuid"]] = {**held, **moved}
    return advanced


def registry_answer(*, checkout: VenueCheckout) -> str | None:
    """The signed registry changes for the upload's answer; None when there are none."""
    changes = registry_changes(checkout=checkout)
    if not changes:
        return None
    return sign_message(
        kind=REGISTRY, checkout_uuid=checkout.uuid, key=checkout.key, content={"players": changes}
    )


class ResumeRefused(ValidationError):
    """A resume request refused; ``status`` is the HTTP status of the answer."""

    def __init__(self, message: str, *, status: int):
        super().__init__(message)
        self.status = status


@transaction.atomic
def venue_resume_answer(*, raw: str) -> str:
    """The central copy of the checkout named in the laptop's signed request ``raw``, signed:
    the document as of the last applied upload, numbered as it. The checkout row is locked
    meanwhile, so no upload is applied half-way through the copy."""
    try:
        checkout_uuid = envelope_checkout(raw)
    except BadEnvelope as error:
        message = _("This is not a request of the venue software.")
        raise ResumeRefused(message, status=400) from error
    checkout = (
        VenueCheckout.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .filter(uuid=checkout_uuid)
        .first()
    )
    if checkout is None:
        raise ResumeRefused(_("No checkout of this request is known here."), status=404)
    try:
        verify_message(
            kind=RESUME_REQUEST,
            raw=raw,
            checkout_uuid=checkout.uuid,
            key=checkout.key,
            max_age=RESUME_MAX_AGE,
        )
    except signing.SignatureExpired as error:
        raise ResumeRefused(
            _("The request is more than an hour old: is the laptop's clock right?"), status=403
        ) from error
    except (signing.BadSignature, BadEnvelope) as error:
        raise ResumeRefused(
            _("The signature does not match this checkout: the request was altered or signed "
              "with another key."),
            status=403,
        ) from error  # fmt: skip
    if not checkout.is_out:
        raise ResumeRefused(
            _("This checkout has already ended (%(state)s): there is nothing to carry on.")
            % {"state": checkout.get_state_display()},
            status=409,
        )
    log.info("venue checkout %s resumed at upload %s", checkout.uuid, checkout.last_sequence)
    document = tournament_document(
        tournament=checkout.tournament,
        checkout=checkout,
        sequence=checkout.last_sequence,
        made_at=timezone.now(),
    )
    return sign_message(
        kind=RESUME_STATE,
        checkout_uuid=checkout.uuid,
        key=checkout.key,
        content={"format": FORMAT_VERSION, "document": document},
    )
