"""People who worked at the venue without a central account of their own (issue 29): the
helpers the director adds on the laptop. They travel in the venue document, so the central
site can say who entered, confirmed or decided at the venue; a federation admin may link such a
person to an existing account (`VenuePersonLink`, never updated: the newest link counts)."""

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.enums import StaffRole


class VenuePerson(models.Model):
    """A venue-only helper of one checkout: name, role and the log-in name on the laptop.
    ``user`` is this site's account for the person: on the laptop the helper's log-in; on the
    central site an account that cannot log in (inactive, no password), so the trail's rows
    keep a person."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    checkout = models.ForeignKey(
        "tournaments.VenueCheckout", on_delete=models.CASCADE, related_name="persons"
    )
    name = models.CharField(_("Name"), max_length=150)
    role = models.CharField(_("Role"), max_length=20, choices=StaffRole.choices)
    #: the log-in name on the laptop (the trail of the venue document names the person by it)
    username = models.CharField(_("Log-in name at the venue"), max_length=150)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["checkout", "username"], name="venue_person_unique_username"
            )
        ]
        verbose_name = _("Helper at the venue")
        verbose_name_plural = _("Helpers at the venue")

    def __str__(self) -> str:
        return f"{self.name} ({self.username})"


class VenuePersonLink(models.Model):
    """A federation admin's statement "this helper at the venue is that account" (or, with no
    account, that an earlier link was wrong): who, when, why. Never updated or deleted."""

    person = models.ForeignKey(VenuePerson, on_delete=models.CASCADE, related_name="links")
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(default=timezone.now)
    reason = models.CharField(_("Reason"), max_length=300)

    class Meta:
        ordering = ["at", "pk"]
        verbose_name = _("Link of a helper at the venue")
        verbose_name_plural = _("Links of helpers at the venue")

    def __str__(self) -> str:
        return f"{self.person_id} → {self.account_id}"
