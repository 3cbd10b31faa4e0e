"""Reads of the venue mode (issue 18): a tournament's checkout and its uploads, the public
banner, the uploads held for review."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Max
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.enums import TournamentStatus
from tournaments.models import (
    CheckoutState,
    Player,
    Tournament,
    UploadOutcome,
    VenueCheckout,
    VenueRegistryConflict,
    VenueUpload,
)

UPLOAD_LOG_LENGTH = 30


def open_checkout(tournament: Tournament) -> VenueCheckout | None:
    """The checkout that is out for this tournament (a juniors' field: its main tournament's)."""
    return (
        VenueCheckout.objects.select_related("checked_out_by")
        .filter(tournament_id=tournament.main_tournament_id, state=CheckoutState.OUT)
        .first()
    )


def open_checkout_or_404(tournament: Tournament) -> VenueCheckout:
    checkout = open_checkout(tournament)
    if checkout is None:
        raise Http404
    return checkout


@dataclass(frozen=True)
class VenueSection:
    """What the director's tournament page shows of the venue mode."""

    checkout: VenueCheckout | None
    last_upload: VenueUpload | None
    last_applied_at: datetime | None
    uploads: list[VenueUpload]
    ended: list[VenueCheckout]
    #: after a check-in: the event's guests, to be matched to members (the merge page)
    guests: list[Player] = field(default_factory=list)


def venue_section(tournament: Tournament) -> VenueSection:
    checkout = open_checkout(tournament)
    uploads: list[VenueUpload] = []
    last_applied_at = None
    if checkout is not None:
        uploads = list(
            VenueUpload.objects.filter(checkout=checkout).order_by("-received_at", "-pk")[
                :UPLOAD_LOG_LENGTH
            ]
        )
        last_applied_at = VenueUpload.objects.filter(
            checkout=checkout, outcome=UploadOutcome.APPLIED
        ).aggregate(at=Max("received_at"))["at"]
    ended = list(
        VenueCheckout.objects.select_related("checked_out_by", "ended_by")
        .filter(tournament_id=tournament.main_tournament_id)
        .exclude(state=CheckoutState.OUT)[:10]
    )
    guests: list[Player] = []
    if checkout is None and any(e.state == CheckoutState.CHECKED_IN for e in ended):
        guests = list(
            Player.objects.filter(
                is_guest=True,
                registrations__tournament__in=Tournament.objects.same_event(tournament),
            )
            .distinct()
            .order_by("last_name", "first_name", "pk")
        )
    return VenueSection(
        guests=guests,
        checkout=checkout,
        # the newest upload the venue signed: anybody may post a forged one, and it must not
        # pass for the venue's state (it stays in the log)
        last_upload=next((u for u in uploads if u.outcome != UploadOutcome.TAMPERED), None),
        last_applied_at=last_applied_at,
        uploads=uploads,
        ended=ended,
    )


@dataclass(frozen=True)
class PublicBanner:
    """ "Live vom Spielort – Stand hh:mm": the venue's time of the last applied upload."""

    made_at: datetime | None


def public_banner(tournament: Tournament) -> PublicBanner | None:
    """None for a finished tournament without a query: a finished tournament is never checked
    out, and once the venue's last upload finished it the results are no longer "live" (the
    cold standings page stays at two queries, issue 14)."""
    if tournament.status == TournamentStatus.FINISHED:
        return None
    row = (
        VenueCheckout.objects.filter(
            tournament_id=tournament.main_tournament_id, state=CheckoutState.OUT
        )
        .values("last_made_at", "last_sequence")
        .first()
    )
    if row is None:
        return None
    return PublicBanner(made_at=row["last_made_at"] if row["last_sequence"] else None)


def held_uploads() -> list[VenueUpload]:
    """Uploads of revoked checkouts waiting for a person's decision, oldest first."""
    return list(
        VenueUpload.objects.select_related("checkout__tournament", "checkout__ended_by")
        .filter(outcome=UploadOutcome.REVIEW)
        .order_by("received_at", "pk")
    )


def upload_or_404(pk: int) -> VenueUpload:
    return get_object_or_404(
        VenueUpload.objects.select_related(
            "checkout__tournament", "checkout__ended_by", "decided_by"
        ),
        pk=pk,
    )


def open_conflicts() -> list[VenueRegistryConflict]:
    """Unresolved registry conflicts, the newest per player and field (each upload that saw the
    difference recorded it once more)."""
    rows = (
        VenueRegistryConflict.objects.select_related("player", "upload__checkout__tournament")
        .filter(resolved_at__isnull=True)
        .order_by("player__last_name", "player__first_name", "player_id", "field", "-pk")
    )
    newest: dict[tuple[int, str], VenueRegistryConflict] = {}
    for row in rows:
        newest.setdefault((row.player_id, row.field), row)
    return list(newest.values())


def resolved_conflicts(limit: int = 20) -> list[VenueRegistryConflict]:
    return list(
        VenueRegistryConflict.objects.select_related("player", "resolved_by")
        .filter(resolved_at__isnull=False)
        .order_by("-resolved_at", "-pk")[:limit]
    )


def decided_uploads(limit: int = 20) -> list[VenueUpload]:
    return list(
        VenueUpload.objects.select_related("checkout__tournament", "decided_by")
        .filter(outcome__in=(UploadOutcome.REVIEW_APPLIED, UploadOutcome.REVIEW_DISCARDED))
        .order_by("-decided_at", "-pk")[:limit]
    )


def conflict_or_404(pk: int) -> VenueRegistryConflict:
    return get_object_or_404(VenueRegistryConflict, pk=pk)
