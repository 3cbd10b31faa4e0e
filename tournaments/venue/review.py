"""The federation's decisions (issue 18): uploads held after a revoke, and registry fields
edited both centrally and at the venue. Nothing is written until a person decides; each
decision keeps who, when and why.

A held upload is shown as what it would change: the held copy compared with the central copy
as it is now (`document_changes`). Applying it goes through the same path as a live upload
(`apply._apply`: sequence checks, rules re-checked, written whole or not at all)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.domain.text import render_record
from tournaments.models import Player, UploadOutcome, VenueRegistryConflict, VenueUpload
from tournaments.registry.services import player_save
from tournaments.venue import apply
from tournaments.venue.checkout import REASON_MAX
from tournaments.venue.document import document_digest, tournament_document
from tournaments.venue.signing import BadEnvelope, verify_document

IGNORED_KEYS = frozenset({"made_at", "sequence", "checkout", "software_version", "format"})
CHANGES_SHOWN = 300


@dataclass(frozen=True)
class Change:
    path: str
    before: object
    after: object


def _label(item: dict, index: int) -> str:
    for key in ("name", "number", "letter", "player", "uuid"):
        if item.get(key) not in (None, ""):
            return f"{key}={item[key]}"
    return str(index)


def _keyed(items: list) -> dict[str, object] | None:
    """A list of rows by their stable key (uuid, number, letter, player); None if it has none."""
    for key in ("uuid", "number", "letter", "player"):
        if items and all(isinstance(i, dict) and i.get(key) is not None for i in items):
            keyed = {f"{key}={i[key]}": i for i in items}
            if len(keyed) == len(items):
                return keyed
    return None


def document_changes(before, after, path: str = "") -> list[Change]:
    """Every value that differs between two documents, by a readable path; rows of lists are
    matched by their stable key, so a new sheet version is one addition, not a shifted list."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes = []
        for key in sorted(set(before) | set(after)):
            if not path and key in IGNORED_KEYS:
                continue
            sub = f"{path}.{key}" if path else key
            if key not in before:
                changes.append(Change(sub, None, after[key]))
            elif key not in after:
                changes.append(Change(sub, before[key], None))
            else:
                changes.extend(document_changes(before[key], after[key], sub))
        return changes
    if isinstance(before, list) and isinstance(after, list):
        old, new = _keyed(before), _keyed(after)
        if old is None or new is None or (not before and not after):
            if before == after:
                return []
            if old is None and new is not None and not before:
                old = {}
            elif new is None and old is not None and not after:
                new = {}
            else:
                return [Change(path, before, after)]
        changes = []
        for key in list(old) + [k for k in new if k not in old]:
            sub = f"{path}[{key}]"
            if key not in new:
                changes.append(Change(sub, old[key], None))
            elif key not in old:
                changes.append(Change(sub, None, new[key]))
            else:
                changes.extend(document_changes(old[key], new[key], sub))
        return changes
    return [] if before == after else [Change(path, before, after)]


@dataclass
class HeldPreview:
    """What a held upload would change, or why it cannot be read."""

    changes: list[Change] = field(default_factory=list)
    total: int = 0
    problem: str = ""


def _held_document(upload: VenueUpload) -> dict:
    checkout = upload.checkout
    return verify_document(raw=upload.payload, checkout_uuid=checkout.uuid, key=checkout.key)


def held_upload_preview(*, upload: VenueUpload) -> HeldPreview:
    """The held copy compared with the central copy now (nothing written)."""
    try:
        document = apply.document_upgrade(_held_document(upload))
    except (signing.BadSignature, BadEnvelope, KeyError, TypeError):
        return HeldPreview(problem=_("The held upload cannot be read any more."))
    checkout = upload.checkout
    central = tournament_document(
        tournament=checkout.tournament, checkout=checkout, sequence=0, made_at=timezone.now()
    )
    changes = document_changes(central, document)
    names = _names(central) | _names(document)
    shown = [
        Change(
            _UUID_IN_PATH.sub(lambda m: names.get(m[1], m[0]), c.path),
            _readable(c.path, c.before),
            _readable(c.path, c.after),
        )
        for c in changes[:CHANGES_SHOWN]
    ]
    return HeldPreview(changes=shown, total=len(changes))


#: fields that store a text as a record (msgid and values): shown in the reader's language
_RECORD_FIELDS = frozenset({"notice", "description"})


def _readable(path: str, value: object) -> object:
    """A round's notice or a pairing change's text as a person reads it, not its JSON (also
    within a row the held copy adds: a round with its change log)."""
    if isinstance(value, str) and path.rsplit(".", 1)[-1] in _RECORD_FIELDS:
        return render_record(value)
    if isinstance(value, dict):
        return {key: _readable(f"{path}.{key}", item) for key, item in value.items()}
    if isinstance(value, list):
        return [_readable(path, item) for item in value]
    return value


_UUID_IN_PATH = re.compile(r"(?:uuid|player)=([0-9a-f-]{36})(?=\])")


def _names(document: dict) -> dict[str, str]:
    """Players and tournaments of a document by uuid, as a person reads them in a path."""
    names = {
        str(p.get("uuid")): " ".join(filter(None, (p.get("first_name"), p.get("last_name"))))
        for p in document.get("players") or []
    }
    names |= {
        str(t.get("uuid")): str(t.get("name") or "") for t in document.get("tournaments") or []
    }
    return {k: v for k, v in names.items() if v}


def _require_admin(user) -> None:
    if not permissions.is_federation_admin(user):
        raise PermissionDenied(_("Only the federation decides on held uploads and conflicts."))


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("A decision needs a reason."))
    if len(reason) > REASON_MAX:
        raise ValidationError(_("The reason is too long (at most 300 characters)."))
    return reason


@transaction.atomic
def venue_upload_decide(*, upload: VenueUpload, by, apply_it: bool, reason: str) -> VenueUpload:
    """Apply or discard an upload held after a revoke. Applying re-checks it like a live upload
    (sequence, rules); refused, nothing changes and the upload stays held."""
    _require_admin(by)
    reason = _reason(reason)
    locked = VenueUpload.objects.select_for_update().select_related("checkout").get(pk=upload.pk)
    if locked.outcome != UploadOutcome.REVIEW:
        raise ValidationError(_("This upload has already been decided."))
    outcome = UploadOutcome.REVIEW_DISCARDED
    if apply_it:
        checkout = type(locked.checkout).objects.select_for_update().get(pk=locked.checkout_id)
        try:
            document = _held_document(locked)
        except (signing.BadSignature, BadEnvelope) as error:
            raise ValidationError(_("The held upload cannot be read any more.")) from error
        log = {
            "sequence": document.get("sequence"),
            "digest": document_digest(document),
            "software_version": str(document.get("software_version", ""))[:20],
        }
        problem = apply.format_problem(document.get("format"))
        if problem:
            raise ValidationError(problem)
        result = apply._apply(checkout, document, log)
        if result.outcome not in (UploadOutcome.APPLIED, UploadOutcome.UNCHANGED):
            raise ValidationError(
                _("Not applied: %(outcome)s. %(message)s")
                % {"outcome": result.get_outcome_display(), "message": result.message}
            )
        locked.counts = result.counts
        outcome = UploadOutcome.REVIEW_APPLIED
    locked.outcome = outcome
    locked.decided_by = by
    locked.decided_at = timezone.now()
    locked.decision_reason = reason
    locked.payload = ""  # decided: the personal data it carried is not kept any longer
    locked.save(
        update_fields=[
            "outcome",
            "counts",
            "decided_by",
            "decided_at",
            "decision_reason",
            "payload",
        ]
    )
    return locked


CENTRAL = "central"
VENUE = "venue"


@transaction.atomic
def registry_conflict_resolve(
    *, conflict: VenueRegistryConflict, by, keep: str, reason: str = ""
) -> VenueRegistryConflict:
    """Keep the central value or take the venue's: the open conflicts of that player and field
    (one per upload that saw it) are resolved together, with who, when and which value."""
    _require_admin(by)
    if keep not in (CENTRAL, VENUE):
        raise ValidationError(_("Choose the central or the venue value."))
    locked = VenueRegistryConflict.objects.select_for_update().get(pk=conflict.pk)
    if locked.resolved_at is not None:
        raise ValidationError(_("This conflict has already been resolved."))
    reason = (reason or "").strip()[:200]
    same = VenueRegistryConflict.objects.select_for_update().filter(
        player_id=locked.player_id, field=locked.field, resolved_at__isnull=True
    )
    newest = same.order_by("-upload__received_at", "-pk").first() or locked
    if keep == VENUE:
        player = Player.objects.select_for_update().get(pk=locked.player_id)
        setattr(player, locked.field, newest.venue)
        player_save(player=player)
    label = _("venue value") if keep == VENUE else _("central value")
    resolution = f"{label}: {newest.venue if keep == VENUE else newest.central}"
    if reason:
        resolution = f"{resolution} ({reason})"
    same.update(resolved_by=by, resolved_at=timezone.now(), resolution=resolution[:300])
    locked.refresh_from_db()
    return locked
