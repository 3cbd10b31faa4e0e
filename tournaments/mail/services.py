"""The outbox (issue 26): queue a mail with its occasion, send it once, retry it, sweep it.

`mail_queue` writes the row in the caller's transaction and enqueues the task after commit, so
a mail exists exactly when its occasion was committed. `mail_send` (the task's work) sends a
row under its lock and marks it sent in the same transaction: a second task, a redelivery or
the sweep finds it sent (or locked, and skips it). A failed send is counted and raised, so
the task retries with backoff; the sweep enqueues again what a lost task never sent.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.common import breaker
from tournaments.mail import kinds
from tournaments.mail.render import mail_render
from tournaments.models import OutgoingMail

log = logging.getLogger(__name__)

SEND_TASK = "tournaments.send_mail"
MAX_ATTEMPTS = 10
"""Sends tried per mail (the task's retries and the sweep's together); then it is given up."""
SWEEP_AFTER = timedelta(minutes=5)
"""A mail not sent this long after it was queued (or last tried) is enqueued again."""
SWEEP_WITHIN = timedelta(hours=12)
"""Older unsent mails are not sent any more: "your table" a day late helps nobody."""
KEEP = timedelta(days=30)
"""Rows older than this are deleted (the address is personal data; the mail is long out)."""


class MailNotSent(Exception):
    """The mail server refused or was unreachable: the task retries (the row counts it)."""


def mail_queue(
    *,
    kind: str,
    key: str = "",
    to: Sequence[str],
    language: str,
    context: Mapping[str, Any],
) -> OutgoingMail:
    """The mail of an occasion, once per (kind, key): a second call with the same key returns
    the row already queued and sends nothing more. No key: a new mail every call. `context`
    holds plain JSON values (ids, names, links); the task is enqueued after commit."""
    kinds.get(kind)  # an unknown kind fails here, not in the worker
    codes = {code for code, _name in settings.LANGUAGES}
    mail, created = OutgoingMail.objects.get_or_create(
        kind=kind,
        key=key or uuid.uuid4().hex,
        defaults={
            "to": list(dict.fromkeys(address for address in to if address)),
            "language": language if language in codes else settings.LANGUAGE_CODE,
            "context": dict(context),
        },
    )
    if created:
        transaction.on_commit(lambda: _enqueue(mail.pk))
    return mail


def _enqueue(mail_id: int) -> None:
    if not breaker.publish(SEND_TASK, mail_id):  # the occasion stands; the sweep sends it later
        log.warning("Mail %s not queued.", mail_id)


def mail_send(*, mail_id: int, now: datetime | None = None) -> bool:
    """Send one queued mail unless it is sent, being sent (locked) or given up; returns
    whether it went out now. A failure is counted and raised as MailNotSent."""
    with transaction.atomic():
        mail = (
            OutgoingMail.objects.select_for_update(skip_locked=True)
            .filter(pk=mail_id, sent_at=None, attempts__lt=MAX_ATTEMPTS)
            .first()
        )
        if mail is None:
            return False
        mail.attempts += 1
        mail.last_attempt_at = now or timezone.now()
        try:
            _message(mail).send()
        except Exception as exc:
            mail.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            mail.save(update_fields=["attempts", "last_attempt_at", "last_error"])
            failure = exc
        else:
            mail.sent_at, mail.context, mail.last_error = mail.last_attempt_at, {}, ""
            mail.save(
                update_fields=["attempts", "last_attempt_at", "sent_at", "context", "last_error"]
            )
            return True
    log.warning("Mail %s (%s) not sent, attempt %s.", mail.pk, mail.kind, mail.attempts)
    raise MailNotSent(f"mail {mail.pk} not sent") from failure


def _message(mail: OutgoingMail) -> EmailMultiAlternatives:
    rendered = mail_render(kind=mail.kind, language=mail.language, context=mail.context)
    message = EmailMultiAlternatives(
        rendered.subject, rendered.body, settings.DEFAULT_FROM_EMAIL, list(mail.to)
    )
    message.attach_alternative(rendered.html, "text/html")
    return message


def due_again(rows, *, now: datetime, quiet: timedelta, within: timedelta, max_attempts: int):
    """Ids of an outbox's unsent rows to enqueue again (rows with `sent_at`, `attempts`,
    `created_at`, `last_attempt_at`: the e-mails', the push messages'): quiet for `quiet` since
    queued or last tried, younger than `within`, not given up."""
    since = now - quiet
    return list(
        rows.filter(sent_at=None, attempts__lt=max_attempts, created_at__gte=now - within)
        .filter(Q(last_attempt_at=None, created_at__lt=since) | Q(last_attempt_at__lt=since))
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def mail_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Beat's safety net: unsent mails whose task was lost (broker down, worker gone) or gave
    up too early are enqueued again; rows past KEEP are deleted. Returns both counts."""
    now = now or timezone.now()
    due = due_again(
        OutgoingMail.objects.all(),
        now=now,
        quiet=SWEEP_AFTER,
        within=SWEEP_WITHIN,
        max_attempts=MAX_ATTEMPTS,
    )
    for mail_id in due:
        _enqueue(mail_id)
    purged, _by_model = OutgoingMail.objects.filter(created_at__lt=now - KEEP).delete()
    return {"queued": len(due), "purged": purged}


def mail_forget(*, addresses: Sequence[str]) -> int:
    """An erased person's addresses leave the outbox at once, not after KEEP: each is struck
    from the rows' recipients, and a row left without one goes. Runs in the erasure's
    transaction; the rows are few (KEEP), so they are read, not searched in the JSON."""
    gone = {address.strip().lower() for address in addresses if address and address.strip()}
    if not gone:
        return 0
    touched = 0
    for mail in OutgoingMail.objects.select_for_update().only("pk", "to").order_by("pk"):
        kept = [address for address in mail.to if address.strip().lower() not in gone]
        if len(kept) == len(mail.to):
            continue
        touched += 1
        if kept:
            OutgoingMail.objects.filter(pk=mail.pk).update(to=kept)
        else:
            OutgoingMail.objects.filter(pk=mail.pk).delete()
    return touched
