"""The venue laptop's own bookkeeping (issue 18): where its uploads stand. Only the laptop
(settings.VENUE_MODE) writes these rows; the central server never has any."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class VenueSyncState(models.Model):
    """One row per checkout loaded on this laptop: the central server to upload to, the last
    sequence number signed (never reused for other content: a resent upload keeps its number,
    changed content takes the next), and what the last attempt brought."""

    checkout = models.OneToOneField(
        "tournaments.VenueCheckout", on_delete=models.CASCADE, related_name="sync_state"
    )
    central_url = models.CharField(max_length=300)
    #: the last sequence number signed, and the digest and time of what was signed with it
    sequence = models.PositiveIntegerField(default=0)
    #: the digest of the tournament as it is now (the uploader looks every few seconds)
    content_digest = models.CharField(max_length=64, blank=True)
    signed_digest = models.CharField(max_length=64, blank=True)
    #: the digest the central server last accepted (applied or unchanged) and when
    uploaded_digest = models.CharField(max_length=64, blank=True)
    uploaded_at = models.DateTimeField(null=True, blank=True)
    #: the last attempt: when, its outcome (the server's, or "unreachable"), the message
    attempted_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=16, blank=True)
    message = models.TextField(blank=True)
    #: since when the line is down (reset by the next answer from the server, or by the line
    #: probe of `venue_serve` as soon as the server answers it again)
    line_down_since = models.DateTimeField(null=True, blank=True)
    #: when the line probe last saw the line come back: a failed upload older than that is
    #: retried at once, not after its back-off
    line_back_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(default=0)
    #: the last publication (a round released or its results published): the uploader uploads
    #: at once, not after the interval, when it is newer than its last attempt
    published_at = models.DateTimeField(null=True, blank=True)
    backup_digest = models.CharField(max_length=64, blank=True)
    backup_at = models.DateTimeField(null=True, blank=True)
    backup_file = models.CharField(max_length=300, blank=True)

    class Meta:
        verbose_name = _("Venue upload state")
        verbose_name_plural = _("Venue upload states")

    def __str__(self) -> str:
        return f"sync of {self.checkout_id}: {self.sequence} ({self.outcome or '-'})"
