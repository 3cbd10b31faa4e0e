"""Who served a tournament when: every assignment of a staff role and its end (issue #17.7)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.enums import StaffRole


class StaffChangeKind(models.TextChoices):
    ASSIGNED = "assigned", _("assigned")
    ENDED = "ended", _("Assignment ended")


class StaffChange(models.Model):
    """One change of a staff role: who, which role, by whom, when and why. Never updated or
    deleted, so the staff page can say who served when after an assignment ended (the
    `TournamentStaff` row, which the permissions read, goes)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="staff_changes"
    )
    person = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    person_name = models.CharField(_("User"), max_length=150)
    role = models.CharField(_("Role"), max_length=20, choices=StaffRole.choices)
    kind = models.CharField(max_length=10, choices=StaffChangeKind.choices)
    reason = models.CharField(_("Reason"), max_length=300, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("Change to the tournament staff")
        verbose_name_plural = _("Changes to the tournament staff")

    def __str__(self) -> str:
        return f"{self.person_name} {self.get_role_display()} {self.get_kind_display()}"
