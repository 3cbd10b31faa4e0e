"""Celery tasks of the ranking: they take years, re-fetch, call one service, and are idempotent."""

import os

from celery import shared_task

from ranking.compute import services as compute
from ranking.notifications import services as notifications


@shared_task(name="ranking.recompute_year", acks_late=True)
def recompute_ranking_year(year: int) -> dict:
    """Bring one year's ranking up to date (queued after a publish, correction or decision)."""
    snapshot = compute.ranking_recompute_year(year=int(year))
    return {
        "year": snapshot.year,
        "entries": snapshot.entries.count(),
        "pending": snapshot.pending,
        "pid": os.getpid(),
    }


@shared_task(name="ranking.recompute_pending")
def recompute_pending_years() -> list[int]:
    """Periodic safety net: every year still marked pending (e.g. the broker was down)."""
    return compute.ranking_recompute_pending()


@shared_task(name="ranking.daily")
def ranking_daily() -> dict:
    """Once a day: close appeal windows, mark tournaments final, recompute pending years."""
    return compute.ranking_daily()


@shared_task(
    name="ranking.notify_table",
    acks_late=True,
    autoretry_for=(notifications.MailsMissing,),
    retry_backoff=60,
    max_retries=5,
)
def notify_table(round_id: int) -> int:
    """ "Your table" e-mails of one released round (once per player, however often it runs)."""
    return notifications.table_mails_send(round_id=int(round_id))


@shared_task(
    name="ranking.notify_correction",
    acks_late=True,
    autoretry_for=(notifications.MailsMissing,),
    retry_backoff=60,
    max_retries=5,
)
def notify_correction(version_id: int) -> int:
    """The note to a corrected published table's players (once per player and sheet version)."""
    return notifications.correction_mails_send(version_id=int(version_id))


@shared_task(name="ranking.notify_sweep", ignore_result=True)
def notify_sweep() -> dict:
    """Every 10 minutes (beat): players' e-mails whose job was lost are sent now."""
    return notifications.notifications_sweep()
