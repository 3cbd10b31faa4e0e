"""No timing oracle through mail (issue 30.6): sign-up and password reset do the same work in
the request whether or not the typed fields match anything. The request enqueues one job with
what was typed; a worker looks it up and queues the mail in the outbox (a claim row that one
task sends). Compared here by the work itself (the queries, the job), not by a clock."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from players.accounts import services as accounts
from players.tasks import account_open_request, password_reset_request
from tests.support.builders import make_player_account
from tournaments.common import breaker
from tournaments.models import OutgoingMail

pytestmark = pytest.mark.django_db
VALUES = re.compile(r" WHERE | VALUES | SET ")
SAVEPOINT = re.compile(r'"s\d+_x\d+"')


class Recorder:
    """Stands in for Celery's app in the request: records the jobs instead of running them."""

    def __init__(self):
        self.jobs = []
        self.conf = SimpleNamespace(task_always_eager=True)

    def signature(self, name):
        recorder = self

        class Signature:
            def apply_async(self, *, kwargs, **options):
                recorder.jobs.append((name, kwargs))

        return Signature()


@pytest.fixture
def jobs(monkeypatch):
    recorder = Recorder()
    monkeypatch.setattr(breaker, "current_app", recorder)
    return recorder.jobs


def _shape(queries) -> list[str]:
    """The request's statements without their values: the same shape is the same work."""
    return [SAVEPOINT.sub("sp", VALUES.split(q["sql"])[0]) for q in queries.captured_queries]


def _post(client, url, data, capture, address):
    """From an address of its own: each request is the first the throttle counts there."""
    with CaptureQueriesContext(connection) as queries, capture(execute=True):
        response = client.post(url, data, REMOTE_ADDR=address)
    return response, _shape(queries)


def test_a_sign_up_does_the_same_work_matched_or_not(
    client, field, jobs, django_capture_on_commit_callbacks
):
    player = field[3]
    url = reverse("signup")
    matched, matched_work = _post(
        client,
        url,
        {"federation_number": player.federation_number, "email": player.email},
        django_capture_on_commit_callbacks,
        "10.0.0.1",
    )
    client.cookies.clear()
    unmatched, unmatched_work = _post(
        client,
        url,
        {"federation_number": "DRV-99999", "email": "niemand@example.org"},
        django_capture_on_commit_callbacks,
        "10.0.0.2",
    )
    assert (matched.status_code, matched.url) == (unmatched.status_code, unmatched.url)
    assert matched_work == unmatched_work
    assert OutgoingMail.objects.count() == 0  # nothing looked up or queued in the request
    assert jobs == [
        (
            accounts.ACCOUNT_OPEN_TASK,
            {
                "federation_number": player.federation_number,
                "email": player.email,
                "base_url": "http://testserver",
                "language": "de",
            },
        ),
        (
            accounts.ACCOUNT_OPEN_TASK,
            {
                "federation_number": "DRV-99999",
                "email": "niemand@example.org",
                "base_url": "http://testserver",
                "language": "de",
            },
        ),
    ]


def test_a_password_reset_does_the_same_work_known_or_not(
    client, field, jobs, django_capture_on_commit_callbacks
):
    user = make_player_account("DRV-00001", field[0])
    user.email = field[0].email
    user.save()
    url = reverse("password_reset")
    known, known_work = _post(
        client, url, {"email": user.email}, django_capture_on_commit_callbacks, "10.0.0.1"
    )
    client.cookies.clear()
    unknown, unknown_work = _post(
        client,
        url,
        {"email": "niemand@example.org"},
        django_capture_on_commit_callbacks,
        "10.0.0.2",
    )
    assert (
        (known.status_code, known.url)
        == (unknown.status_code, unknown.url)
        == (
            302,
            reverse("password_reset_done"),
        )
    )
    assert known_work == unknown_work
    assert OutgoingMail.objects.count() == 0
    assert [name for name, _kwargs in jobs] == [accounts.PASSWORD_RESET_TASK] * 2
    assert [kwargs["email"] for _name, kwargs in jobs] == [user.email, "niemand@example.org"]


def test_the_workers_jobs_queue_the_mail_only_for_a_match(
    field, eager_celery, django_capture_on_commit_callbacks, mailoutbox
):
    player = field[3]
    base = {"base_url": "https://example.org", "language": "en"}
    with django_capture_on_commit_callbacks(execute=True):
        assert account_open_request(federation_number="DRV-99999", email="x@y.de", **base) is False
        assert account_open_request(
            federation_number=player.federation_number, email=player.email, **base
        )
        assert password_reset_request(email="niemand@example.org", **base) == 0
    mail = OutgoingMail.objects.get()
    assert (mail.kind, mail.to, mail.language, mail.sent_at is not None) == (
        "account_open",
        [player.email],
        "en",
        True,
    )
    assert [m.to for m in mailoutbox] == [[player.email]]
    assert "https://example.org/konto/registrieren/" in mailoutbox[0].body
