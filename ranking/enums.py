"""Choices of the ranking app; English values, German labels."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AppealStatus(models.TextChoices):
    RECEIVED = "received", _("Eingegangen")
    UNDER_REVIEW = "under_review", _("In Prüfung")
    DECIDED = "decided", _("Entschieden")


class DecisionOutcome(models.TextChoices):
    """Klub 3: rejected; upheld (ranking only, SPEC §8); tournament struck off (Klub 3.1.1)."""

    REJECTED = "rejected", _("Abgelehnt")
    UPHELD = "upheld", _("Stattgegeben: Ergebnisse für das Ranking berichtigt")
    STRUCK = "struck", _("Turnier wird aus dem Ranking gestrichen (Klub 3.1.1)")
