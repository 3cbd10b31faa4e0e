"""Celery tasks of the tournaments app: they take ids, re-fetch, call one function, idempotent."""

import time

from celery import shared_task

from tournaments.common import events, metrics
from tournaments.mail import services as mail_services
from tournaments.registration.online import services as signup_services
from tournaments.standings import warming


@shared_task(name="tournaments.warm_public_pages", acks_late=True, ignore_result=True)
def warm_public_pages(tournament_id: int, committed_at: float | None = None) -> list:
    """Render the pages of the publication (or release) rush once, after commit; pages already
    cached for the current generation are left alone. The version is read afresh: this
    worker's memo may be older than the change that queued us. ``committed_at`` (the commit's
    wall-clock time) gives the metric of commit → warmed pages."""
    events.forget_versions(int(tournament_id))
    done = warming.public_pages_warm(tournament_id=int(tournament_id))
    if committed_at is not None:
        metrics.publication_warmed(time.time() - float(committed_at))
    return done


@shared_task(
    name="tournaments.send_mail",
    acks_late=True,
    autoretry_for=(mail_services.MailNotSent,),
    retry_backoff=60,
    max_retries=5,
)
def send_mail(mail_id: int) -> bool:
    """Send one queued e-mail (once, however often it runs); a refusing mail server: retried
    with backoff, then the sweep tries again."""
    return mail_services.mail_send(mail_id=int(mail_id))


@shared_task(name="tournaments.mail_sweep", ignore_result=True)
def mail_sweep() -> dict:
    """Every 10 minutes (beat): queued e-mails whose task was lost are enqueued again."""
    return mail_services.mail_sweep()


@shared_task(name="tournaments.signup_mail", acks_late=True)
def signup_mail(request_id: int) -> bool:
    """Jobs queued before the outbox (issue 26) still name this task: the request's mail is
    queued like any other (once per status)."""
    return signup_services.signup_mail_send(request_id=int(request_id))
