"""Merged duplicates and erasure requests (issue 16: DSGVO). Both rows are the log: who,
when, which record; an executed erasure keeps no personal data."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import ErasureStatus
from tournaments.models.registry import Player


class PlayerMerge(models.Model):
    """Two registry entries of one person made one: the removed id points to the kept one
    (its old public page redirects there). Names as they were at the merge."""

    kept = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="merges")
    removed_player_id = models.PositiveIntegerField(_("Removed player number"), unique=True)
    kept_name = models.CharField(max_length=200)
    removed_name = models.CharField(max_length=200)
    reason = models.TextField(_("Reasoning"))
    moved = models.JSONField(default=dict, help_text="rows moved per table")
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    merged_at = models.DateTimeField()

    class Meta:
        ordering = ["-merged_at", "-pk"]
        verbose_name = _("Player merge")
        verbose_name_plural = _("Player merges")

    def __str__(self) -> str:
        return f"{self.removed_player_id} → {self.kept_id}"


class ErasureRequest(models.Model):
    """A player's request to be erased (DSGVO Art. 17). Executed by the federation admin as
    anonymisation; the row stays as the log (who, when, which record) without the reason."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="erasure_requests")
    reason = models.TextField(_("Reasoning"), blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    requested_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=ErasureStatus.choices)
    executed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    executed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["requested_at", "pk"]
        verbose_name = _("Erasure request")
        verbose_name_plural = _("Erasure requests")
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=Q(status="open"), name="erasure_one_open_request"
            ),
            models.CheckConstraint(
                condition=Q(status="open", executed_at__isnull=True)
                | Q(status="done", executed_at__isnull=False, reason=""),
                name="erasure_done_is_logged_without_reason",
            ),
        ]

    def __str__(self) -> str:
        return _("Erasure request %(pk)s (%(player)s, %(status)s)") % {
            "pk": self.pk,
            "player": self.player_id,
            "status": self.status,
        }

    @property
    def is_open(self) -> bool:
        """Not carried out yet."""
        return self.status == ErasureStatus.OPEN
