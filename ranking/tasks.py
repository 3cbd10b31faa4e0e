"""Celery tasks of the ranking: they take years, re-fetch, call one service, and are idempotent.
The players' e-mail jobs are players/tasks.py."""

import os

from celery import shared_task

from ranking.compute import services as compute


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
