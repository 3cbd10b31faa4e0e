"""Celery tasks of the ranking: they take years, re-fetch, call one service, and are idempotent.
The players' e-mail jobs are players/tasks.py."""

import os

from celery import shared_task

from ranking.compute import services as compute
from ranking.rating import services as rating


@shared_task(name="ranking.recompute_year", acks_late=True)
def recompute_ranking_year(year: int) -> dict:
    """Bring one year's ranking up to date (queued after a publish, correction or decision),
    then the skill rating's pending lists (issue 33: the year, the all-time chain from the
    changed tournament on)."""
    snapshot = compute.ranking_recompute_year(year=int(year))
    rated = rating.rating_recompute_pending()
    return {
        "rating": rated,
        "year": snapshot.year,
        "entries": snapshot.entries.count(),
        "pending": snapshot.pending,
        "pid": os.getpid(),
    }


@shared_task(name="ranking.recompute_pending")
def recompute_pending_years() -> list[int]:
    """Periodic safety net: every year still marked pending (e.g. the broker was down), and the
    skill rating's pending lists."""
    years = compute.ranking_recompute_pending()
    rating.rating_recompute_pending()
    return years


@shared_task(name="ranking.daily")
def ranking_daily() -> dict:
    """Once a day: close appeal windows, mark tournaments final, recompute pending years."""
    return compute.ranking_daily()
