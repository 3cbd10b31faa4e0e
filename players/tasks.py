"""Celery tasks of the players' e-mails: they take ids, re-fetch, call one service, and are
idempotent. Their names keep the `ranking.` prefix they had before the players app (issue 26):
jobs already queued, and beat's schedule, call them by name."""

from celery import shared_task
from django.utils import translation

from players.accounts import services as accounts
from players.notifications import services as notifications
from players.push import services as push


@shared_task(name="ranking.notify_table", acks_late=True)
def notify_table(round_id: int) -> int:
    """ "Your table" e-mails of one released round, queued in the outbox (once per player,
    however often it runs)."""
    return notifications.table_mails_send(round_id=int(round_id))


@shared_task(name="ranking.notify_correction", acks_late=True)
def notify_correction(version_id: int) -> int:
    """The note to a corrected published table's players (once per player and sheet version)."""
    return notifications.correction_mails_send(version_id=int(version_id))


@shared_task(name="ranking.notify_sweep", ignore_result=True)
def notify_sweep() -> dict:
    """Every 10 minutes (beat): players' e-mails whose job was lost are queued now."""
    return notifications.notifications_sweep()


@shared_task(name=accounts.ACCOUNT_OPEN_TASK, acks_late=True, ignore_result=True)
def account_open_request(*, federation_number: str, email: str, base_url: str, language: str):
    """A sign-up as typed: matched and mailed here, not in the request (issue 30.6); the mail
    itself goes out through the outbox's task, once."""
    with translation.override(language):
        return accounts.account_open_request(
            federation_number=federation_number, email=email, base_url=base_url
        )


@shared_task(name=accounts.PASSWORD_RESET_TASK, acks_late=True, ignore_result=True)
def password_reset_request(*, email: str, base_url: str, language: str) -> int:
    """A password reset as typed: its users found and mailed here, not in the request."""
    with translation.override(language):
        return accounts.password_reset_request(email=email, base_url=base_url)


@shared_task(name=push.EVENT_TASK, acks_late=True, ignore_result=True)
def push_event(kind: str, *args) -> int:
    """The devices that get one event's push message, each claimed once (issue 34)."""
    return push.push_event_fan_out(kind=kind, args=args)


@shared_task(
    name=push.SEND_TASK,
    acks_late=True,
    ignore_result=True,
    autoretry_for=(push.PushNotSent,),
    retry_backoff=15,
    max_retries=push.MAX_ATTEMPTS - 1,
)
def send_push(delivery_id: int) -> bool:
    """Send one claimed push message (once, however often it runs); a failing push service:
    retried with backoff, then given up and left to e-mail (players/push/services.py)."""
    return push.push_send(delivery_id=int(delivery_id))


@shared_task(name="players.push_sweep", ignore_result=True)
def push_sweep() -> dict:
    """Every 5 minutes (beat): push messages whose task was lost are enqueued again."""
    return push.push_sweep()
