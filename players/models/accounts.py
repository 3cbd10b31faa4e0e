"""A player's log-in and the invitations to one (issue 16). The tables keep the names they had
in the ranking app (`db_table`): the models moved, the rows never did."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class PlayerAccount(models.Model):
    """A log-in of a player, linked to the registry entry (one account per player)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_account"
    )
    player = models.OneToOneField(
        "tournaments.Player", on_delete=models.PROTECT, related_name="account"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "ranking_playeraccount"  # the table of before the players app (issue 26)
        verbose_name = _("Player account")
        verbose_name_plural = _("Player accounts")

    def __str__(self) -> str:
        return f"{self.user} → {self.player}"


class PlayerInvitation(models.Model):
    """An e-mailed link that lets a player set a password. Only the token's hash is stored."""

    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("E-mail"))
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    account = models.ForeignKey(
        PlayerAccount, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        db_table = "ranking_playerinvitation"
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(accepted_at__isnull=True) | Q(account__isnull=False),
                name="invitation_accepted_has_account",
            ),
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")), name="invitation_expires_later"
            ),
        ]

    def __str__(self) -> str:
        return f"Einladung {self.player} ({self.email})"
