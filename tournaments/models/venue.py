"""Offline venue mode (issue 18): a tournament checked out to a venue laptop and its uploads.

While a checkout is ``out`` the central copy of its tournament is read-only (every tournament
write service refuses it); the laptop uploads signed, complete copies, each logged here with
its outcome, and finally checks the tournament back in.
"""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class CheckoutState(models.TextChoices):
    OUT = "out", _("checked out to the venue")
    CHECKED_IN = "checked_in", _("checked in")
    REVOKED = "revoked", _("revoked")


class UploadOutcome(models.TextChoices):
    APPLIED = "applied", _("applied")
    UNCHANGED = "unchanged", _("already applied (nothing changed)")
    STALE = "stale", _("refused: older than the last upload")
    FORK = "fork", _("refused: same sequence number, different content")
    TAMPERED = "tampered", _("refused: signature invalid")
    INVALID = "invalid", _("refused: content breaks the rules")
    VERSION = "version", _("refused: software version not supported")
    REVIEW = "review", _("held for review (checkout revoked)")
    REVIEW_APPLIED = "review_applied", _("applied after review")
    REVIEW_DISCARDED = "review_discarded", _("discarded after review")


class VenueCheckout(models.Model):
    """One check-out of a tournament to a venue laptop. ``key`` signs that checkout's uploads
    (Django signing, salted with the checkout's uuid), so an upload signed for another checkout
    or altered on the way is refused. At most one checkout per tournament is out."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.PROTECT, related_name="venue_checkouts"
    )
    state = models.CharField(
        max_length=12, choices=CheckoutState.choices, default=CheckoutState.OUT
    )
    key = models.CharField(max_length=100, editable=False)
    software_version = models.CharField(max_length=20)
    checked_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    checked_out_at = models.DateTimeField(default=timezone.now)
    #: the last applied upload: its sequence number, the digest of its content, the venue's
    #: clock when it was made ("Live vom Spielort – Stand hh:mm")
    last_sequence = models.PositiveIntegerField(default=0)
    last_digest = models.CharField(max_length=64, blank=True)
    last_made_at = models.DateTimeField(null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(_("Reason"), max_length=300, blank=True)
    #: the registry rows of the tournament's players as the checkout document carried them
    #: (uuid → fields): the "base" of a registry conflict (edited centrally and at the venue)
    players_base = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-checked_out_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament"],
                condition=Q(state="out"),
                name="one_open_checkout_per_tournament",
                violation_error_message=_("This tournament is already checked out."),
            )
        ]
        verbose_name = _("Venue checkout")
        verbose_name_plural = _("Venue checkouts")

    def __str__(self) -> str:
        return f"{self.tournament_id} → venue ({self.state})"

    @property
    def is_out(self) -> bool:
        return self.state == CheckoutState.OUT


class VenueUpload(models.Model):
    """Every upload received for a checkout and what became of it (never updated but for a
    review decision). A held upload (checkout revoked) keeps its payload until a person decides;
    other outcomes keep only the digest."""

    checkout = models.ForeignKey(VenueCheckout, on_delete=models.PROTECT, related_name="uploads")
    received_at = models.DateTimeField(default=timezone.now)
    sequence = models.PositiveIntegerField(null=True, blank=True)
    digest = models.CharField(max_length=64, blank=True)
    software_version = models.CharField(max_length=20, blank=True)
    outcome = models.CharField(max_length=16, choices=UploadOutcome.choices)
    message = models.TextField(blank=True)
    counts = models.JSONField(default=dict, blank=True)
    payload = models.TextField(blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-received_at", "-pk"]
        verbose_name = _("Venue upload")
        verbose_name_plural = _("Venue uploads")

    def __str__(self) -> str:
        return f"upload {self.sequence} of {self.checkout_id}: {self.outcome}"


class VenueRegistryConflict(models.Model):
    """A registry field of a player edited both centrally and at the venue since the checkout.
    Results never wait for it: the central value stays until the federation admin decides;
    base, central and venue values are kept for that decision."""

    upload = models.ForeignKey(VenueUpload, on_delete=models.CASCADE, related_name="conflicts")
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="venue_conflicts"
    )
    field = models.CharField(max_length=40)
    base = models.JSONField(null=True, blank=True)
    central = models.JSONField(null=True, blank=True)
    venue = models.JSONField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["upload", "player", "field"]
        verbose_name = _("Registry conflict")
        verbose_name_plural = _("Registry conflicts")

    def __str__(self) -> str:
        return f"{self.player_id}.{self.field}: {self.central!r} / {self.venue!r}"
