"""The round clock's log (issue #15.7): every start, pause, resume and end is a row with who and
when; the state is folded from them (`domain.clock`). The services only add rows (no admin
page either), so the log is the clock's whole history."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.rounds import Round


class RoundClockAction(models.Model):
    ACTIONS = [
        ("start", _("started")),
        ("pause", _("paused")),
        ("resume", _("resumed")),
        ("end", _("ended")),
    ]
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="clock_actions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=ACTIONS)
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="clock_action_unique_number"),
        ]

    def __str__(self) -> str:
        return _("%(round)s clock %(number)s: %(action)s") % {
            "round": self.round,
            "number": self.number,
            "action": self.action,
        }
