"""Celery tasks of the players' e-mails: they take ids, re-fetch, call one service, and are
idempotent. Their names keep the `ranking.` prefix they had before the players app (issue 26):
jobs already queued, and beat's schedule, call them by name."""

from celery import shared_task

from players.notifications import services as notifications


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
