"""Celery tasks of the tournaments: they take ids, re-fetch, call one service, are idempotent."""

from celery import shared_task

from tournaments.registration.online import services as signup_services


@shared_task(name="tournaments.signup_mail", acks_late=True)
def signup_mail(request_id: int) -> bool:
    """E-mail a player about an online registration's status (moved up, approved, declined)."""
    return signup_services.signup_mail_send(request_id=int(request_id))
