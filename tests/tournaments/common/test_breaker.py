"""A hanging or dead cache is asked once per pause, and never inside a write transaction
(issue #19.3): the write's row locks are never held while Redis is waited for. A Redis that
hangs costs a write one timeout at most (issue 30.7)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection

from tests.support.builders import FIXED_SHEET, make_released_round
from tests.support.celery import celery_conf
from tournaments.common import breaker, public_cache
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services


def test_a_failing_cache_is_left_alone_for_the_pause():
    calls = []

    def hanging(*args, **kwargs):
        calls.append(args)
        raise TimeoutError("Redis does not answer")

    with mock.patch.object(cache, "get", hanging):
        answers = [public_cache._get("public:page:x") for _ in range(50)]
    assert answers == [None] * 50  # a miss: rendered uncached
    assert len(calls) == 1  # one request paid the timeout, the other 49 did not ask
    assert breaker.is_open()


def test_the_cache_is_asked_again_after_the_pause(monkeypatch):
    cache.set("public:page:x", "Seite", timeout=60)
    with mock.patch.object(cache, "get", side_effect=TimeoutError):
        public_cache._get("public:page:x")
    clock = breaker.time.monotonic() + breaker.PAUSE_SECONDS + 1
    monkeypatch.setattr(breaker.time, "monotonic", lambda: clock)
    assert public_cache._get("public:page:x") == "Seite"
    assert not breaker.is_open()


def test_no_task_is_published_while_the_breaker_is_open(monkeypatch):
    sent = []
    monkeypatch.setattr(breaker.current_app, "signature", lambda *a: sent.append(a) or mock.Mock())
    with mock.patch.object(breaker, "is_open", return_value=True):
        assert breaker.publish("tournaments.send_mail", 7) is False
    assert sent == []
    assert breaker.publish("tournaments.send_mail", 7) is True
    assert sent == [("tournaments.send_mail",)]


def test_a_failing_publish_opens_the_breaker(monkeypatch):
    """The broker is the same Redis: after one publish paid its timeout, the next tasks of the
    write are not sent (their sweeps queue them), nor is the cache asked."""
    calls = []

    def hanging(*args, **kwargs):
        calls.append(args)
        raise TimeoutError("Redis does not answer")

    signature = mock.Mock(return_value=mock.Mock(apply_async=hanging))
    monkeypatch.setattr(breaker.current_app, "signature", signature)
    with celery_conf(task_always_eager=False):
        assert breaker.publish("tournaments.send_mail", 7) is False
        assert breaker.publish("tournaments.send_mail", 8) is False
    assert len(calls) == 1
    assert breaker.is_open()


@pytest.mark.django_db
def test_no_cache_call_inside_the_write_transaction(
    director, players, desk_user, django_capture_on_commit_callbacks
):
    _, rnd = make_released_round(
        director=director, players=players, count=4, seed=1, desk=[desk_user]
    )
    table = rnd.tables.get()
    depths = []

    def watch(name):
        original = getattr(cache, name)

        def recorded(*args, **kwargs):
            depths.append((name, len(connection.savepoint_ids)))
            return original(*args, **kwargs)

        return mock.patch.object(cache, name, recorded)

    outside = len(connection.savepoint_ids)
    with (
        watch("get"),
        watch("incr"),
        watch("set"),
        watch("add"),
        watch("delete"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        sheet = sheet_services.sheet_save(
            table=table, games=FIXED_SHEET, expected_version=0, user=desk_user
        )
        sheet_services.sheet_confirm(sheet=sheet, expected_version=sheet.version, user=director)
        round_services.round_publish(rnd=rnd, user=director)
    assert depths, "the sheet actions move the desk generation (after commit)"
    assert {depth for _, depth in depths} == {outside}
