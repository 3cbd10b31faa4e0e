"""What a player with an account chose about e-mails and the calendar feed, and which e-mails
went out (issue 16.4). Kept with the account: deleting the account deletes its choices."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class NotificationKind(models.TextChoices):
    TABLE = "table", _("Your table, as soon as a round is released")
    CORRECTION = "correction", _("Correction of a published result of your table")


class PlayerPreferences(models.Model):
    """Per account: each kind of e-mail on or off (default on, no row = all on) and the secret
    of the personal calendar feed (empty: no feed link yet, or revoked)."""

    account = models.OneToOneField(
        "players.PlayerAccount", on_delete=models.CASCADE, related_name="preferences"
    )
    table_mail = models.BooleanField(_("E-mail with my table"), default=True)
    correction_mail = models.BooleanField(_("E-mail on corrections at my table"), default=True)
    language = models.CharField(
        _("Language of my e-mails"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
    )
    calendar_token = models.CharField(max_length=64, blank=True, default="")
    calendar_token_created_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "ranking_playerpreferences"
        verbose_name = _("Settings of a player account")
        verbose_name_plural = _("Player account settings")
        constraints = [
            models.UniqueConstraint(
                fields=["calendar_token"],
                condition=~Q(calendar_token=""),
                name="preferences_calendar_token_unique",
            ),
        ]

    def __str__(self) -> str:
        return _("Settings %(account)s") % {"account": self.account_id}

    def wants(self, kind: str) -> bool:
        return self.table_mail if kind == NotificationKind.TABLE else self.correction_mail


class Notification(models.Model):
    """One e-mail to one player about one thing (a released round, a sheet version): the unique
    key makes a repeated job mail nobody twice. Written with the mail's row in the outbox
    (tournaments.OutgoingMail, which sends and retries it); `sent_at` is when it was handed
    over there (rows from before the outbox: when it was sent)."""

    kind = models.CharField(max_length=20, choices=NotificationKind.choices)
    ref_id = models.PositiveBigIntegerField(
        help_text=_("Round (table) or sheet version (correction)")
    )
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="notifications"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "ranking_notification"
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "ref_id", "player"], name="notification_once_per_player"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=NotificationKind.values), name="notification_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.ref_id} → {self.player_id}"
