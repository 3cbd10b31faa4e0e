"""Uploads from the venue, applied centrally; checkout packages, loaded on the laptop (issue 18).

`venue_upload_receive` runs in ONE transaction with the checkout row locked: two uploads of
one checkout never interleave. It verifies the signature and the format, sorts out repeats,
older copies and forks by sequence number and digest, holds uploads of a revoked checkout for
review, and otherwise writes the document (`load.Writer`) and re-checks the result with the
rules of the site. Every upload is logged (`VenueUpload`); a refusal leaves only its log row
(the write runs in a savepoint). The publication hooks fire once per tournament, on commit.
"""

from __future__ import annotations

import json
import logging

from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from tournaments.common import events
from tournaments.enums import RoundStatus, SheetStatus
from tournaments.models import (
    CheckoutState,
    Player,
    Round,
    Table,
    Tournament,
    UploadOutcome,
    VenueCheckout,
    VenueRegistryConflict,
    VenueUpload,
)
from tournaments.sheets.codec import absence_mismatch
from tournaments.venue.answers import players_base_advanced
from tournaments.venue.carried import PLAYER_FIELDS
from tournaments.venue.document import FORMAT_VERSION, document_digest, players_snapshot
from tournaments.venue.load import Writer
from tournaments.venue.persons import venue_persons_receive
from tournaments.venue.rows import DocumentInvalid
from tournaments.venue.signing import BadEnvelope, envelope_checkout, verify_document

log_error = logging.getLogger(__name__)

ALWAYS_ASKED = ("federation_number", "is_guest")
"""Registry fields a venue never changes on its own: they say who the player is."""


def format_problem(fmt) -> str | None:
    """Why a document of format ``fmt`` is not accepted (this and the previous one are)."""
    if isinstance(fmt, int) and FORMAT_VERSION - 1 <= fmt <= FORMAT_VERSION:
        return None
    if isinstance(fmt, int) and fmt > FORMAT_VERSION:
        return _(
            "This upload comes from a newer version of the venue software (format %(got)s; "
            "this server reads %(min)s and %(max)s). Please update the central server first."
        ) % {"got": fmt, "min": FORMAT_VERSION - 1, "max": FORMAT_VERSION}
    return _(
        "This upload comes from an old version of the venue software (format %(got)s; this "
        "server reads %(min)s and %(max)s). Please update the venue laptop."
    ) % {"got": fmt, "min": FORMAT_VERSION - 1, "max": FORMAT_VERSION}


def document_upgrade(document: dict) -> dict:
    """The previous format in the current one: format 1 carried no submission keys."""
    if document.get("format") == FORMAT_VERSION - 1:
        for t in document["tournaments"]:
            for rnd in t["rounds"]:
                for table in rnd["tables"]:
                    for v in (table["sheet"] or {}).get("versions", []):
                        v.setdefault("submission_key", None)
        document = {**document, "format": FORMAT_VERSION}
    return document


class CentralRegistry:
    """A known player's registry row: the venue's edit is taken where only the venue changed
    it; a field changed centrally and at the venue (both away from the checkout's base) is a
    conflict for the federation admin, and the central value stays. Results never wait."""

    def __init__(self, base: dict[str, dict]):
        self.base = base
        self.conflicts: list[VenueRegistryConflict] = []

    def __call__(self, player: Player, row: dict) -> None:
        if player.erased_at is not None:  # anonymised: never written back
            return
        base = self.base.get(row["uuid"])
        taken = {}
        for field in PLAYER_FIELDS:
            central, venue = getattr(player, field), row[field]
            if venue == central:
                continue
            b = base.get(field) if base else None
            if base is not None and venue == b:
                continue  # only the central registry changed it
            if base is not None and central == b and field not in ALWAYS_ASKED:
                taken[field] = venue
                continue
            self.conflicts.append(
                VenueRegistryConflict(player=player, field=field, base=b, central=central,
                                      venue=venue)
            )  # fmt: skip
        if taken:
            Player.objects.filter(pk=player.pk).update(**taken)


def venue_registry(player: Player, row: dict) -> None:
    """On the laptop the document is the truth: take its registry row."""
    Player.objects.filter(pk=player.pk).update(**{f: row[f] for f in PLAYER_FIELDS})


def results_check(tournament: Tournament) -> None:
    """The rules a stored tournament keeps, re-checked on the written state: a published round
    has only confirmed sheets that match its absences, and follows published rounds."""
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    errors = []
    for index, rnd in enumerate(rounds):
        if rnd.status != RoundStatus.PUBLISHED:
            continue
        if any(r.status != RoundStatus.PUBLISHED for r in rounds[:index]):
            errors.append(
                _("Round %(round)s is published before an earlier round.") % {"round": rnd.number}
            )
        tables = Table.objects.filter(round=rnd).select_related("sheet__confirmed", "round")
        absences = rnd.absences.exists()
        for table in tables.order_by("number"):
            sheet = getattr(table, "sheet", None)
            if sheet is None or sheet.status != SheetStatus.CONFIRMED or not sheet.confirmed_id:
                errors.append(
                    _("Round %(round)s is published, but the sheet of table %(table)s is not "
                      "confirmed.") % {"round": rnd.number, "table": table.number}
                )  # fmt: skip
            elif absences or any("not_played" in g for g in sheet.confirmed.games):
                stale = absence_mismatch(table, sheet.confirmed.games)
                if stale:
                    errors.append(stale)
    if errors:
        raise DocumentInvalid(errors)


def _message(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return " ".join(str(m) for m in error.messages)
    return str(error)


def _log(checkout, outcome: str, **fields) -> VenueUpload:
    return VenueUpload.objects.create(checkout=checkout, outcome=outcome, **fields)


def _require_own_tournament(checkout: VenueCheckout, document: dict) -> None:
    """The checked-out tournament first, then at most its juniors' field: nothing else."""
    main = str(checkout.tournament.uuid)
    refs = [(t.get("uuid"), t.get("juniors_of")) for t in document.get("tournaments") or []]
    if not refs or refs[0] != (main, None) or any(j != main for _u, j in refs[1:]):
        raise DocumentInvalid(_("The upload carries another tournament than the checked-out one."))
    if len(refs) > 2:
        raise DocumentInvalid(_("The upload carries another tournament than the checked-out one."))


def _write(checkout: VenueCheckout, document: dict, log: dict) -> VenueUpload:
    """The document written and checked, in the caller's savepoint; raises if refused."""
    _require_own_tournament(checkout, document)
    registry = CentralRegistry(checkout.players_base or {})
    writer = Writer(document, registry=registry)
    writer.people = venue_persons_receive(checkout=checkout, rows=document.get("venue_persons", []))
    tournaments = writer.write()
    for t in tournaments:
        results_check(t)
    message = ""
    if writer.unknown_users:  # their rows arrive without a person; the log keeps the names
        message = _("Entered at the venue by people without an account here: %(names)s.") % {
            "names": ", ".join(sorted(writer.unknown_users))
        }
    upload = _log(
        checkout, UploadOutcome.APPLIED, counts=dict(writer.counts), message=message, **log
    )
    open_ones = {
        (c.player_id, c.field, json.dumps(c.venue))
        for c in VenueRegistryConflict.objects.filter(
            upload__checkout=checkout, resolved_at__isnull=True
        )
    }
    new = [
        c
        for c in registry.conflicts
        if (c.player_id, c.field, json.dumps(c.venue)) not in open_ones
    ]  # a conflict still open is not recorded again by the next upload
    for conflict in new:
        conflict.upload = upload
    VenueRegistryConflict.objects.bulk_create(new)
    checkout.last_sequence = log["sequence"]
    checkout.last_digest = log["digest"]
    checkout.last_made_at = parse_datetime(document.get("made_at") or "") or checkout.last_made_at
    # players the venue created: their base is what arrived, so later venue edits are taken
    checkout.players_base = {
        **(checkout.players_base or {}),
        **{row["uuid"]: row for row in writer.created_players},
    }
    # where the laptop holds the central value now, that is its base (issue 29.2)
    checkout.players_base = players_base_advanced(
        base=checkout.players_base, rows=document["players"]
    )
    checkout.save(update_fields=["last_sequence", "last_digest", "last_made_at", "players_base"])
    for pk, results in writer.changed.items():  # the existing hooks, once per tournament
        if results:
            events.published_results_changed(pk)
        else:
            events.public_data_changed(pk)
    return upload


SEQUENCE_MAX = 2**31 - 1
"""The largest sequence number the upload log stores (a positive integer on every database)."""


def _sequence(value) -> int | None:
    """A signed document's sequence number if it is one the log can store, else None (a
    number below 1 or beyond SEQUENCE_MAX, a bool, text: a laptop's bug, refused as such)."""
    return value if type(value) is int and 1 <= value <= SEQUENCE_MAX else None


@transaction.atomic
def venue_upload_receive(*, raw: str) -> VenueUpload:
    """Verify, apply or refuse an upload; every outcome is logged and returned. An envelope
    that names no known checkout is refused with a ValidationError (nothing to log it on)."""
    try:
        checkout_uuid = envelope_checkout(raw)
    except BadEnvelope as error:
        raise ValidationError(_("This is not an upload of the venue software.")) from error
    checkout = VenueCheckout.objects.select_for_update().filter(uuid=checkout_uuid).first()
    if checkout is None:
        raise ValidationError(_("This checkout is not known here."))
    try:
        document = verify_document(raw=raw, checkout_uuid=checkout.uuid, key=checkout.key)
    except (signing.BadSignature, BadEnvelope):
        return _log(
            checkout,
            UploadOutcome.TAMPERED,
            message=_("The signature does not match this checkout: the upload was altered "
                      "or signed with another key."),
        )  # fmt: skip
    log = {
        "sequence": _sequence(document.get("sequence")),
        "digest": document_digest(document),
        "software_version": str(document.get("software_version", ""))[:20],
    }
    problem = format_problem(document.get("format"))
    if problem:
        return _log(checkout, UploadOutcome.VERSION, message=problem, **log)
    if log["sequence"] is None:
        return _log(
            checkout,
            UploadOutcome.INVALID,
            message=_("The upload has no valid sequence number (a whole number from 1 to "
                      "%(max)s): nothing was applied.") % {"max": SEQUENCE_MAX},
            **log,
        )  # fmt: skip
    if checkout.state != CheckoutState.OUT:
        if checkout.last_digest == log["digest"] and checkout.last_sequence == log["sequence"]:
            return _log(checkout, UploadOutcome.UNCHANGED, **log)
        if log["sequence"] <= checkout.last_sequence:
            return _log(  # an old envelope sent again: nothing to review, nothing kept
                checkout,
                UploadOutcome.STALE,
                message=_("Not newer than the last upload (%(sequence)s) and the checkout "
                          "has ended: nothing was applied.") % {"sequence": checkout.last_sequence},
                **log,
            )  # fmt: skip
        return _log(
            checkout,
            UploadOutcome.REVIEW,
            message=_("The checkout is no longer open; the upload waits for a decision."),
            payload=raw,
            **log,
        )
    return _apply(checkout, document, log)


def _reload_advice() -> str:
    return _(
        "The central server holds a newer copy. To carry on from it, the director resumes "
        "from the central server on the laptop (venue_resume): the laptop loads the central "
        "copy and numbers on from it; what was entered on this laptop since its backup is "
        "entered again."
    )


def _stale(checkout: VenueCheckout, log: dict) -> VenueUpload:
    """An upload older than the last applied one (an old backup restored, a replay)."""
    return _log(
        checkout,
        UploadOutcome.STALE,
        message=_("Older than the last upload (%(sequence)s): an old backup? %(way)s")
        % {"sequence": checkout.last_sequence, "way": _reload_advice()},
        **log,
    )


def _apply(checkout: VenueCheckout, document: dict, log: dict) -> VenueUpload:
    sequence = log["sequence"]
    if sequence < checkout.last_sequence:
        return _stale(checkout, log)
    if sequence == checkout.last_sequence:
        if log["digest"] == checkout.last_digest:
            return _log(checkout, UploadOutcome.UNCHANGED, **log)
        return _log(
            checkout,
            UploadOutcome.FORK,
            message=_("Upload %(sequence)s was already received with other content: two "
                      "laptops continued the same copy? %(way)s")
            % {"sequence": sequence, "way": _reload_advice()},
            **log,
        )  # fmt: skip
    try:
        with transaction.atomic():
            return _write(checkout, document_upgrade(document), log)
    except (ValidationError, IntegrityError) as error:
        return _log(checkout, UploadOutcome.INVALID, message=_message(error), **log)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        # signed with the right key, but not a document this server can read
        log_error.warning("venue upload %s malformed: %r", log["sequence"], error)
        return _log(
            checkout,
            UploadOutcome.INVALID,
            message=_("The upload is incomplete or malformed and was not applied."),
            **log,
        )


def venue_document_load(*, package: dict) -> Tournament:
    """On the venue laptop: load a checkout package into an (almost) empty database and create
    the checkout row with the central uuid and key. Returns the main tournament."""
    if not isinstance(package, dict) or not all(
        package.get(k) for k in ("checkout", "key", "document")
    ):
        raise ValidationError(_("This is not a checkout package of the central server."))
    problem = format_problem(package.get("format"))
    if problem:
        raise ValidationError(problem)
    document = document_upgrade(package["document"])
    if VenueCheckout.objects.filter(uuid=package["checkout"]).exists():
        raise ValidationError(_("This checkout package is already loaded here."))
    uuids = [t.get("uuid") for t in document.get("tournaments") or []]
    if Tournament.objects.filter(uuid__in=uuids).exists():
        raise ValidationError(
            _("This tournament is already on this computer; erase its copy before loading again.")
        )
    with transaction.atomic():
        tournaments = Writer(document, registry=venue_registry, strict=False).write()
        main = tournaments[0]
        VenueCheckout.objects.create(
            uuid=package["checkout"],
            tournament=main,
            key=package["key"],
            software_version=str(document.get("software_version", ""))[:20],
            last_sequence=document["sequence"],
            last_digest=document_digest(document),
            players_base=players_snapshot(tournament=main),
        )
        for t in tournaments:
            events.public_data_changed(t.pk)
    return main
