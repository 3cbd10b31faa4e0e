"""The outbox (issue 26): every e-mail of the site is one row here, written in the transaction of
its occasion and sent by one Celery task (tournaments/mail/)."""

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class OutgoingMail(models.Model):
    """One e-mail: its kind names the templates, `context` holds the plain values they are
    rendered with, in `language`. (kind, key) is unique, so an occasion handled twice queues
    it once; `sent_at`, set under the row's lock, makes a repeated or concurrent task send it
    once. Once sent, the context is emptied (it may hold a personal link)."""

    kind = models.CharField(_("Kind"), max_length=40)
    key = models.CharField(max_length=120)
    to = models.JSONField(_("Recipients"), default=list)
    language = models.CharField(_("Language"), max_length=8)
    context = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(_("Queued"), default=timezone.now)
    sent_at = models.DateTimeField(_("Sent"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("Attempts"), default=0)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(_("Last error"), blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("Outgoing e-mail")
        verbose_name_plural = _("Outgoing e-mails")
        constraints = [
            models.UniqueConstraint(fields=["kind", "key"], name="outgoingmail_once_per_key"),
        ]
        indexes = [
            models.Index(
                fields=["created_at"], condition=Q(sent_at=None), name="outgoingmail_unsent"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} → {', '.join(self.to)}"
