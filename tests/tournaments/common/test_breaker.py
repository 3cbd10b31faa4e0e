"""A hanging or dead cache is asked once per pause, and never inside a write transaction
(issue #19.3): the write's row locks are never held while Redis is waited for."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection

from tests.support.builders import FIXED_SHEET, make_released_round
from tournaments.common import breaker, events
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services


def test_a_failing_cache_is_left_alone_for_the_pause():
    calls = []

    def hanging(*args, **kwargs):
        calls.append(args)
        raise TimeoutError("Redis does not answer")

    with mock.patch.object(cache, "get", hanging):
        answers = [events.public_generation(7) for _ in range(50)]
    assert answers == [0] * 50  # served uncached
    assert len(calls) == 1  # one request paid the timeout, the other 49 did not ask
    assert breaker.is_open()


def test_the_cache_is_asked_again_after_the_pause(monkeypatch):
    with mock.patch.object(cache, "get", side_effect=TimeoutError):
        events.public_generation(7)
    clock = breaker.time.monotonic() + breaker.PAUSE_SECONDS + 1
    monkeypatch.setattr(breaker.time, "monotonic", lambda: clock)
    assert events.public_generation(7) == 1
    assert not breaker.is_open()


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
    assert depths, "the publication bumps the generation (after commit)"
    assert {depth for _, depth in depths} == {outside}


@pytest.mark.django_db
def test_a_bump_the_cache_missed_is_applied_when_it_answers_again():
    """Issue #19.3: a generation bump lost while Redis hung used to leave the old standings in
    the cache for 24 h. It is kept in the database and applied later (beat, every minute)."""
    from tournaments.models import LostBump
    from tournaments.tasks import reapply_lost_bumps

    before = events.public_generation(7)
    with mock.patch.object(cache, "incr", side_effect=TimeoutError):
        events._bump(7)  # after the commit of a correction, Redis hanging
    assert list(LostBump.objects.values_list("tournament_id", flat=True)) == [7]
    breaker.reset()  # Redis is back
    assert events.public_generation(7) == before  # still stale …
    assert reapply_lost_bumps.apply().get() == 1  # … until the minute's job (run here)
    assert events.public_generation(7) > before
    assert not LostBump.objects.exists()


@pytest.mark.django_db
def test_the_next_successful_bump_applies_the_lost_ones():
    from tournaments.models import LostBump

    with mock.patch.object(cache, "incr", side_effect=TimeoutError):
        events._bump(7)
    breaker.reset()
    before = events.public_generation(7)
    events._bump(8)
    assert events.public_generation(7) > before
    assert not LostBump.objects.exists()
