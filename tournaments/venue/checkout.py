"""Checking a tournament out to a venue laptop and back in (issue 18).

The checkout row is the record: who checked out and when, who ended it, when and why (check-in
or revoke); every upload is logged in `VenueUpload`. While a checkout is out the central copy of
its tournament (and its juniors' field) is read-only: `tournaments.common.guards.tournament_write`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import venue_write_lock
from tournaments.enums import TournamentStatus
from tournaments.models import (
    CheckoutState,
    Tournament,
    UploadOutcome,
    VenueCheckout,
    VenueUpload,
)
from tournaments.venue import document
from tournaments.venue.persons import staff_roster

REASON_MAX = 300
#: outcomes of uploads whose signature was verified: the newest of them tells whether the venue
#: has data the central copy lacks (an unsigned upload must not block a check-in). A stale one
#: too: a laptop restored from an old backup and played on holds results the server refused.
SIGNED_OUTCOMES = (
    UploadOutcome.APPLIED,
    UploadOutcome.UNCHANGED,
    UploadOutcome.FORK,
    UploadOutcome.INVALID,
    UploadOutcome.STALE,
)


def can_check_out(user, tournament: Tournament) -> bool:
    """This tournament's director or a federation admin (`can_direct` covers both)."""
    return permissions.can_direct(user, tournament)


def _require_director(user, tournament: Tournament) -> None:
    if not can_check_out(user, tournament):
        raise PermissionDenied(_("Only this tournament's director or the federation may do this."))


def _lock_checkout(checkout: VenueCheckout) -> VenueCheckout:
    return (
        VenueCheckout.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=checkout.pk)
    )


@transaction.atomic
def venue_checkout_open(*, tournament: Tournament, by) -> VenueCheckout:
    """Check the tournament (with its juniors' field) out to a venue laptop: from now on the
    central copy is read-only and the laptop, loaded with `checkout_package`, edits it."""
    if settings.VENUE_MODE:
        raise ValidationError(_("The venue laptop checks nothing out; the central site does."))
    _require_director(by, tournament)
    if tournament.is_junior_field:
        raise ValidationError(
            _("Check out the main tournament: its juniors' field goes to the venue with it.")
        )
    junior_ids = list(
        Tournament.objects.filter(juniors_of_id=tournament.pk).values_list("pk", flat=True)
    )
    # Writes in flight finish first; later ones wait for this commit and then see the checkout.
    # Taken before any row lock: a write holds its shared lock while it locks its rows.
    venue_write_lock([tournament.pk, *junior_ids], exclusive=True)
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status == TournamentStatus.FINISHED:
        raise ValidationError(
            _("The tournament is finished: a finished tournament is not checked out.")
        )
    if VenueCheckout.objects.filter(tournament=locked, state=CheckoutState.OUT).exists():
        raise ValidationError(_("This tournament is already checked out."))
    try:
        with transaction.atomic():
            checkout = VenueCheckout.objects.create(
                tournament=locked,
                key=secrets.token_urlsafe(32),
                software_version=str(document.FORMAT_VERSION),
                checked_out_by=by,
                checked_out_at=timezone.now(),
                # the registry as it left: a field edited here and there is a conflict later
                players_base=document.players_snapshot(tournament=locked),
            )
    except IntegrityError as error:  # the database's one-open-checkout rule, the last line
        raise ValidationError(_("This tournament is already checked out.")) from error
    for tournament_id in (locked.pk, *junior_ids):
        events.public_data_changed(tournament_id)  # the public banner "Live vom Spielort"
    return checkout


def _require_out(locked: VenueCheckout) -> None:
    if not locked.is_out:
        raise ValidationError(
            _("This checkout has already ended (%(state)s).")
            % {"state": locked.get_state_display()}
        )


def _newest_signed_upload(checkout: VenueCheckout) -> VenueUpload | None:
    return (
        VenueUpload.objects.filter(checkout=checkout, outcome__in=SIGNED_OUTCOMES)
        .order_by("-received_at", "-pk")
        .first()
    )


@transaction.atomic
def venue_checkout_checkin(*, checkout: VenueCheckout, by, reason: str = "") -> VenueCheckout:
    """End the checkout after the venue's final upload: the central copy is writable again.

    Refused while the newest signed upload was refused (the venue has data the central copy
    lacks: upload again until it is applied, or ask the federation to revoke). Without any
    applied upload a reason is required (the central copy stays as it was before the day).
    """
    locked = _lock_checkout(checkout)
    _require_director(by, locked.tournament)
    _require_out(locked)
    reason = (reason or "").strip()
    if len(reason) > REASON_MAX:
        raise ValidationError(_("The reason is too long (at most 300 characters)."))
    newest = _newest_signed_upload(locked)
    if newest is not None and newest.outcome not in (
        UploadOutcome.APPLIED,
        UploadOutcome.UNCHANGED,
    ):
        raise ValidationError(
            _(
                "The venue's last upload (number %(sequence)s) was refused: %(outcome)s. "
                "Upload again from the venue until it is applied, or ask the federation to "
                "revoke the checkout."
            )
            % {"sequence": newest.sequence, "outcome": newest.get_outcome_display()}
        )
    if locked.last_sequence == 0 and not reason:
        raise ValidationError(
            _(
                "Nothing has been uploaded from the venue yet. To check in anyway (the "
                "central copy stays as it was before the checkout), give a reason."
            )
        )
    return _end(locked, CheckoutState.CHECKED_IN, by=by, reason=reason)


@transaction.atomic
def venue_checkout_revoke(*, checkout: VenueCheckout, by, reason: str) -> VenueCheckout:
    """The federation ends a checkout (a lost laptop, a checkout by mistake): the central copy
    is writable again; later uploads of this checkout wait on the review screen."""
    locked = _lock_checkout(checkout)
    if not permissions.is_federation_admin(by):
        raise PermissionDenied(_("Only the federation may revoke a checkout."))
    _require_out(locked)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("A revocation needs a reason."))
    if len(reason) > REASON_MAX:
        raise ValidationError(_("The reason is too long (at most 300 characters)."))
    return _end(locked, CheckoutState.REVOKED, by=by, reason=reason)


def _end(locked: VenueCheckout, state: str, *, by, reason: str) -> VenueCheckout:
    locked.state = state
    locked.ended_by = by
    locked.ended_at = timezone.now()
    locked.end_reason = reason
    locked.save(update_fields=["state", "ended_by", "ended_at", "end_reason"])
    ids = Tournament.objects.same_event(locked.tournament).values_list("pk", flat=True)
    for tournament_id in ids:
        events.public_data_changed(tournament_id)  # the banner goes
    return locked


def checkout_package(*, checkout: VenueCheckout) -> dict:
    """What the venue laptop loads (`venue_load`): the checkout's key and a complete copy of
    the tournament as of now, numbered as the last applied upload, so a laptop loaded with it
    in the middle of the day (one restored from an old backup, a replacement) uploads under
    the next number instead of being refused as an old backup."""
    checkout = VenueCheckout.objects.select_related("tournament").get(pk=checkout.pk)  # as now
    if not checkout.is_out:
        raise ValidationError(_("Only a checkout that is out can be downloaded."))
    return {
        "format": document.FORMAT_VERSION,
        "checkout": str(checkout.uuid),
        "key": checkout.key,
        "central_url": settings.SITE_URL,
        # who may work at the venue, by name and role: no password hash, no e-mail (issue 29)
        "staff": staff_roster(tournament=checkout.tournament),
        "document": document.tournament_document(
            tournament=checkout.tournament,
            checkout=checkout,
            sequence=checkout.last_sequence,
            made_at=timezone.now(),
        ),
    }
