"""The outbox (issue 26): a mail is queued once per key with its occasion, sent once however
often its task runs, retried when the mail server fails, swept when its task was lost, and
never sent twice by two senders at once."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core.mail import EmailMultiAlternatives
from django.db import connection
from django.utils import timezone

from tests.support.celery import celery_conf
from tournaments import tasks
from tournaments.mail import services as mail_services
from tournaments.mail.render import mail_render
from tournaments.models import OutgoingMail

pytestmark = pytest.mark.django_db

KIND = "password_reset"
CONTEXT = {"username": "DRV-00001", "link": "https://example.org/konto/passwort-neu/x/y/"}


@pytest.fixture
def eager():
    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        yield


def queue(key: str = "1", to: str = "a@example.org", language: str = "de") -> OutgoingMail:
    return mail_services.mail_queue(kind=KIND, key=key, to=[to], language=language, context=CONTEXT)


@pytest.fixture
def in_process():
    """Tasks run here and their retries too, at once (a propagated retry would stop them)."""
    with celery_conf(task_always_eager=True, task_eager_propagates=False):
        yield


@pytest.fixture
def failing(monkeypatch):
    """The mail server refuses the first `times` mails (set it), then takes them."""
    real = EmailMultiAlternatives.send
    refusals = {"times": 0}

    def send(message, *args, **kwargs):
        if refusals["times"] > 0:
            refusals["times"] -= 1
            raise OSError("SMTP weg")
        return real(message, *args, **kwargs)

    monkeypatch.setattr(EmailMultiAlternatives, "send", send)
    return refusals


def test_a_key_is_queued_once_and_its_task_enqueued_once(
    eager, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as enqueued:
        first = queue()
        again = mail_services.mail_queue(
            kind=KIND, key="1", to=["b@example.org"], language="en", context={}
        )
        assert (again.pk, again.to, again.language) == (first.pk, ["a@example.org"], "de")
        assert again.context == CONTEXT
    assert len(enqueued) == 1
    assert [m.to for m in mailoutbox] == [["a@example.org"]]
    again.refresh_from_db()
    assert (again.sent_at is not None, again.context) == (True, {})  # the link is gone
    assert mailoutbox[0].subject == "Neues Passwort für Ihr Konto"
    assert mailoutbox[0].alternatives[0][1] == "text/html"


def test_no_key_is_a_new_mail_each_time_and_an_unknown_kind_fails_early():
    assert queue(key="").pk != queue(key="").pk
    assert OutgoingMail.objects.count() == 2
    with pytest.raises(LookupError):
        mail_services.mail_queue(
            kind="gibt_es_nicht", to=["a@example.org"], language="de", context={}
        )
    assert OutgoingMail.objects.count() == 2


def test_unknown_language_and_empty_or_repeated_addresses_are_cleaned():
    mail = mail_services.mail_queue(
        kind=KIND, to=["a@example.org", "", "a@example.org", "b@example.org"], language="xx",
        context=CONTEXT,
    )  # fmt: skip
    assert (mail.to, mail.language) == (["a@example.org", "b@example.org"], "de")


def test_sent_once_when_the_task_runs_twice(mailoutbox):
    mail = queue()
    assert tasks.send_mail.apply(args=(mail.pk,)).get() is True
    assert tasks.send_mail.apply(args=(mail.pk,)).get() is False  # a redelivery
    assert [m.to for m in mailoutbox] == [["a@example.org"]]
    mail.refresh_from_db()
    assert (mail.sent_at is not None, mail.attempts, mail.context) == (True, 1, {})


def test_a_failing_send_is_retried_and_then_succeeds(in_process, failing, mailoutbox):
    mail = queue()
    failing["times"] = 2
    assert tasks.send_mail.apply(args=(mail.pk,)).get() is True  # retried at once here
    assert [m.to for m in mailoutbox] == [["a@example.org"]]
    mail.refresh_from_db()
    assert (mail.attempts, mail.last_error, mail.sent_at is not None) == (3, "", True)


def test_a_mail_the_server_keeps_refusing_is_counted_and_left_for_the_sweep(
    in_process, failing, mailoutbox
):
    mail = queue()
    failing["times"] = 100
    with pytest.raises(mail_services.MailNotSent):
        tasks.send_mail.apply(args=(mail.pk,)).get()
    mail.refresh_from_db()
    retries = tasks.send_mail.max_retries
    assert (mail.attempts, mail.sent_at, mail.context) == (retries + 1, None, CONTEXT)
    assert mail.last_error == "OSError: SMTP weg"
    assert mailoutbox == []


def test_the_sweep_picks_up_a_lost_row(eager, mailoutbox):
    mail = queue()  # its commit never comes here: the task is "lost"
    created = mail.created_at
    assert mail_services.mail_sweep(now=created + timedelta(minutes=1)) == {
        "queued": 0,
        "purged": 0,
    }  # too young: its task may still be on the way
    assert mailoutbox == []
    assert mail_services.mail_sweep(now=created + timedelta(minutes=6))["queued"] == 1
    assert [m.to for m in mailoutbox] == [["a@example.org"]]
    assert mail_services.mail_sweep(now=created + timedelta(minutes=20))["queued"] == 0
    assert len(mailoutbox) == 1


def test_the_sweep_leaves_given_up_and_stale_mails_and_purges_old_rows(eager, mailoutbox):
    now = timezone.now()
    given_up = queue(key="1")
    OutgoingMail.objects.filter(pk=given_up.pk).update(
        attempts=mail_services.MAX_ATTEMPTS, created_at=now - timedelta(hours=1)
    )
    stale = queue(key="2")
    OutgoingMail.objects.filter(pk=stale.pk).update(created_at=now - timedelta(hours=13))
    old = queue(key="3")
    OutgoingMail.objects.filter(pk=old.pk).update(
        created_at=now - mail_services.KEEP - timedelta(minutes=1), sent_at=now
    )
    tried = queue(key="4")  # tried a minute ago: its task's retry is still due
    OutgoingMail.objects.filter(pk=tried.pk).update(
        attempts=1, created_at=now - timedelta(hours=1), last_attempt_at=now - timedelta(minutes=1)
    )
    assert mail_services.mail_sweep(now=now) == {"queued": 0, "purged": 1}
    assert mailoutbox == []
    assert sorted(OutgoingMail.objects.values_list("key", flat=True)) == ["1", "2", "4"]
    assert mail_services.mail_send(mail_id=given_up.pk) is False  # given up: not even the task


@pytest.mark.django_db(transaction=True)
def test_a_row_is_never_sent_twice_by_two_claims(monkeypatch, mailoutbox):
    """While one sender holds the row (between its lock and its commit) a second one, on its
    own connection, sends nothing: PostgreSQL skips the locked row, SQLite waits for the first
    commit and then finds the row sent."""
    monkeypatch.setattr(mail_services, "_enqueue", lambda mail_id: None)  # no task of its own
    mail = queue()
    real = EmailMultiAlternatives.send
    second: dict = {}

    def other_sender():
        try:
            second["sent"] = mail_services.mail_send(mail_id=mail.pk)
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            second["error"] = exc
        finally:
            connection.close()

    def send_while_another_claims(message, *args, **kwargs):
        if threading.current_thread() is threading.main_thread() and "thread" not in second:
            second["thread"] = threading.Thread(target=other_sender)
            second["thread"].start()
            second["thread"].join(timeout=1)  # PostgreSQL: done; SQLite: waits for our commit
        return real(message, *args, **kwargs)

    monkeypatch.setattr(EmailMultiAlternatives, "send", send_while_another_claims)
    assert mail_services.mail_send(mail_id=mail.pk) is True
    second["thread"].join(timeout=30)
    assert (second.get("sent"), second.get("error")) == (False, None)
    assert [m.to for m in mailoutbox] == [["a@example.org"]]


def test_the_text_is_plain_and_the_html_escaped():
    rendered = mail_render(
        kind="account_exists",
        language="en",
        context={"first_name": "Tom & <Jerry>", "last_name": "O'Neil", "number": "DRV-1",
                 "link": "https://example.org/konto/passwort-vergessen/"},
    )  # fmt: skip
    assert rendered.body.startswith("Dear Tom & <Jerry> O'Neil,\n\n")
    assert "Tom &amp; &lt;Jerry&gt; O&#x27;Neil" in rendered.html
    assert (
        '<a href="https://example.org/konto/passwort-vergessen/" rel="nofollow">' in rendered.html
    )
