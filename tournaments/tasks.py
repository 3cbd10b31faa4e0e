"""Celery tasks of the tournaments app: they take ids, re-fetch, call one function, idempotent."""

from celery import shared_task

from tournaments.standings import warming


@shared_task(name="tournaments.warm_public_pages", acks_late=True, ignore_result=True)
def warm_public_pages(tournament_id: int) -> list:
    """Render the pages of the publication (or release) rush once, after commit; pages already
    cached for the current generation are left alone."""
    return warming.public_pages_warm(tournament_id=int(tournament_id))
