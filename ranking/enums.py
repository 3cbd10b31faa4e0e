"""Choices of the ranking app; English values, German labels."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AppealStatus(models.TextChoices):
    RECEIVED = "received", _("Received")
    UNDER_REVIEW = "under_review", _("Under review")
    DECIDED = "decided", _("Decided")


class DecisionOutcome(models.TextChoices):
    """Klub 3: rejected; upheld (ranking only, SPEC §8); tournament struck off (Klub 3.1.1)."""

    REJECTED = "rejected", _("Rejected")
    UPHELD = "upheld", _("Upheld: results corrected for the ranking")
    STRUCK = "struck", _("The tournament is struck from the ranking (Klub 3.1.1)")
