"""A player's appeal to the rules commission (SPEC §8, Klub 3): what was filed, by whom, when,
with its attachment, and how far the review is."""

from pathlib import PurePath

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ranking.enums import AppealStatus


def appeal_upload_to(instance, filename: str) -> str:

    suffix = PurePath(filename).suffix.lower()[:6]
    return (
        f"einsprueche/{instance.tournament_id}/{instance.player_id}-{instance.filed_token}{suffix}"
    )


class Appeal(models.Model):
    """A player's appeal to the rules commission (Klub 3, 4.2.3), filed within 14 days."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.PROTECT, related_name="appeals"
    )
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, related_name="appeals"
    )
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    on_behalf = models.BooleanField(_("Filed for the player"), default=False)
    filed_at = models.DateTimeField(_("Received"))
    filed_token = models.CharField(max_length=16, blank=True)
    round = models.ForeignKey(
        "tournaments.Round",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("Round"),
    )
    table_number = models.PositiveIntegerField(_("Table"), null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(_("Game"), null=True, blank=True)
    what_is_wrong = models.TextField(_("What is wrong?"))
    correction_requested = models.TextField(_("Correction requested"))
    attachment = models.FileField(
        _("Attachment (photo of the result sheet)"), upload_to=appeal_upload_to, blank=True
    )
    status = models.CharField(
        max_length=20, choices=AppealStatus.choices, default=AppealStatus.RECEIVED
    )
    review_started_at = models.DateTimeField(null=True, blank=True)
    review_started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["filed_at", "pk"]
        verbose_name = _("Appeal")
        verbose_name_plural = _("Appeals")
        indexes = [models.Index(fields=["status", "filed_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=AppealStatus.values), name="appeal_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(game_number__isnull=True) | Q(game_number__gte=1, game_number__lte=4),
                name="appeal_game_1_4",
                violation_error_message=_("A round has at most four games."),
            ),
            models.CheckConstraint(
                condition=Q(table_number__isnull=True) | Q(table_number__gte=1),
                name="appeal_table_positive",
            ),
            models.CheckConstraint(
                condition=Q(status=AppealStatus.RECEIVED) | Q(review_started_at__isnull=False),
                name="appeal_review_recorded",
            ),
            models.CheckConstraint(
                condition=~Q(what_is_wrong="") & ~Q(correction_requested=""),
                name="appeal_texts_required",
            ),
        ]

    def __str__(self) -> str:
        return _("Appeal %(number)s: %(player)s (%(tournament)s)") % {
            "number": self.pk,
            "player": self.player,
            "tournament": self.tournament,
        }

    @property
    def is_received(self) -> bool:
        """Received, the commission's review not started yet."""
        return self.status == AppealStatus.RECEIVED

    @property
    def is_decided(self) -> bool:
        return self.status == AppealStatus.DECIDED


def addition_upload_to(instance, filename: str) -> str:
    suffix = PurePath(filename).suffix.lower()[:6]
    appeal = instance.appeal
    return (
        f"einsprueche/{appeal.tournament_id}/{appeal.player_id}-{appeal.filed_token}-"
        f"nachtrag-{instance.added_token}{suffix}"
    )


class AppealAddition(models.Model):
    """An addition to an open appeal (issue 30.5): more text, optionally an attachment, instead
    of a second appeal. Never edited or deleted: each addition is its own row, in order."""

    appeal = models.ForeignKey(Appeal, on_delete=models.PROTECT, related_name="additions")
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    on_behalf = models.BooleanField(_("Added for the player"), default=False)
    added_at = models.DateTimeField(_("Received"))
    added_token = models.CharField(max_length=16, blank=True)
    text = models.TextField(_("Addition"))
    attachment = models.FileField(_("Attachment"), upload_to=addition_upload_to, blank=True)
    attachment_size = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["added_at", "pk"]
        verbose_name = _("Addition to an appeal")
        verbose_name_plural = _("Additions to appeals")
        indexes = [models.Index(fields=["added_by", "added_at"])]
        constraints = [
            models.CheckConstraint(condition=~Q(text=""), name="appeal_addition_text_required"),
        ]

    def __str__(self) -> str:
        return _("Addition to appeal %(number)s") % {"number": self.appeal_id}
