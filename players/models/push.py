"""Web push on a person's devices (issue 34): each browser that said yes is a subscription of its
user, with the kinds of message chosen on that device; each message to a device is one delivery
row, unique per (kind, event, device), so a repeated or concurrent job sends nothing twice."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class PushKind(models.TextChoices):
    TABLE = "table", _("My table, as soon as a round is released")
    PUBLISHED = "published", _("Round published: my place now")
    CORRECTION = "correction", _("A published result of my table was corrected")
    MOVED_UP = "moved_up", _("Moved up from the waiting list")
    CHECK_IN = "check_in", _("Check-in opens")
    CALL = "call", _("A table calls a referee (referees of a running tournament)")
    DISPUTE = "dispute", _("A table-mate objects to the figures entered (head referees)")
    ENTERED = "entered", _("All tables of a round entered (desk)")


class PushSubscription(models.Model):
    """One browser on one device (its push service's endpoint and the keys its messages are
    encrypted with, RFC 8291). The endpoint is unique: the same browser subscribed again, by
    another user of a shared phone, becomes that user's."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.CharField(_("Push service address"), max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    kinds = models.JSONField(_("Messages"), default=list, blank=True)
    language = models.CharField(_("Language"), max_length=8, default=settings.LANGUAGE_CODE)
    label = models.CharField(_("Device"), max_length=120, blank=True)
    created_at = models.DateTimeField(_("Switched on"), default=timezone.now)
    last_sent_at = models.DateTimeField(_("Last message"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("Device with notifications")
        verbose_name_plural = _("Devices with notifications")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.label or self.pk}"

    def wants(self, kind: str) -> bool:
        return kind in (self.kinds or [])


class PushDelivery(models.Model):
    """One message to one device about one thing (a round, a sheet version, a call): written
    before it is sent (the claim), sent by the task `players.send_push` under its lock and
    marked sent in the same transaction. `context` holds the plain values the message is
    rendered from in the device's language; emptied once sent."""

    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    kind = models.CharField(max_length=20, choices=PushKind.choices)
    event = models.CharField(max_length=80)
    context = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "event", "subscription"], name="pushdelivery_once_per_device"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=PushKind.values), name="pushdelivery_kind_valid"
            ),
        ]
        indexes = [
            models.Index(
                fields=["created_at"], condition=Q(sent_at=None), name="pushdelivery_unsent"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.event} → {self.subscription_id}"
