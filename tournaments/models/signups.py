"""Online registrations that are not (yet) a place in the field: waiting for the director's
approval, or on the waiting list (issue 16). A place in the field is always a Registration."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.enums import SignupStatus
from tournaments.models.registry import Player
from tournaments.models.setup import Registration, Tournament

OPEN_STATUSES = (SignupStatus.PENDING, SignupStatus.WAITING)


class SignupRequestQuerySet(models.QuerySet):
    def open(self) -> "SignupRequestQuerySet":
        """Still waiting: for the director's approval or for a free place."""
        return self.filter(status__in=OPEN_STATUSES)

    def waiting_list(self) -> "SignupRequestQuerySet":
        """The waiting list in its order: first come, first placed."""
        return self.filter(status=SignupStatus.WAITING).order_by("created_at", "pk")


class SignupRequest(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="signup_requests"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="signup_requests")
    status = models.CharField(_("Status"), max_length=10, choices=SignupStatus.choices)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    moved_up_at = models.DateTimeField(_("Moved up"), null=True, blank=True)
    mailed_status = models.CharField(max_length=10, blank=True)
    """The status the player was last e-mailed about: the mail task sends once per status."""
    language = models.CharField(_("E-mail language"), max_length=10, blank=True)
    """The language the player signed up in: their e-mails are written in it (issue 17)."""

    objects = SignupRequestQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("Online registration")
        verbose_name_plural = _("Online registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(status__in=["pending", "waiting"]),
                name="signup_one_open_request",
            ),
            models.CheckConstraint(
                condition=~Q(status="accepted") | Q(registration__isnull=False),
                name="signup_accepted_has_registration",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament} ({self.status})"

    @property
    def is_pending(self) -> bool:
        """Waiting for the director's approval."""
        return self.status == SignupStatus.PENDING

    @property
    def is_waiting(self) -> bool:
        """On the waiting list."""
        return self.status == SignupStatus.WAITING
