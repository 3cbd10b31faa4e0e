"""The version of a tournament's public data comes from the database (issue 30.1): the newest
`PublicChange` id, kept in the process for at most `VERSION_MEMO_SECONDS`."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tournaments.common import events
from tournaments.models import PublicChange

pytestmark = pytest.mark.django_db


def test_the_version_is_the_newest_change_plus_one(django_capture_on_commit_callbacks):
    assert (events.public_generation(7), events.global_generation()) == (1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        events.public_data_changed(7)
        events.public_data_changed(8)
        events.public_data_changed(7)
    seven = PublicChange.objects.filter(tournament_id=7).latest("pk").pk
    newest = PublicChange.objects.latest("pk").pk
    assert newest == seven  # the last one was of tournament 7
    assert events.public_generation(7) == seven + 1
    assert events.public_generation(8) == PublicChange.objects.get(tournament_id=8).pk + 1
    assert events.public_generation(9) == 1
    assert events.global_generation() == newest + 1


def test_a_burst_costs_one_query_per_process_and_memo(monkeypatch, django_assert_num_queries):
    """Another process's change (a row written without this process's commit hook) is seen
    once the memo is older than `VERSION_MEMO_SECONDS`, not before."""
    now = [1000.0]
    monkeypatch.setattr(events, "VERSION_MEMO_SECONDS", 1.0)
    monkeypatch.setattr(events.time, "monotonic", lambda: now[0])
    with django_assert_num_queries(1):
        first = {events.public_generation(7) for _ in range(50)}
    assert first == {1}
    change = PublicChange.objects.create(tournament_id=7)  # committed by another server
    now[0] += 0.99
    with django_assert_num_queries(0):
        assert events.public_generation(7) == 1
    now[0] += 0.02
    with django_assert_num_queries(1):
        assert events.public_generation(7) == change.pk + 1


def test_a_change_this_process_commits_is_read_at_once(django_capture_on_commit_callbacks):
    before = (events.public_generation(7), events.global_generation())
    with django_capture_on_commit_callbacks(execute=True):
        events.public_data_changed(7)
        assert events.public_generation(7) == before[0]  # not committed yet: the old version
    newest = PublicChange.objects.latest("pk").pk
    assert (events.public_generation(7), events.global_generation()) == (newest + 1, newest + 1)


def test_the_desk_generation_never_comes_back_with_an_older_cache(
    django_capture_on_commit_callbacks,
):
    """A Redis restored from an older snapshot brings back an older desk stamp; the next change
    sets one that no screen was ever shown (a counter would repeat the lost values)."""
    seen = [events.generations(7, desk=True)[1]]
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            events.desk_data_changed(7)
        seen.append(events.generations(7, desk=True)[1])
    cache.set(events._desk_key(7), seen[1], timeout=None)  # the restored snapshot
    with django_capture_on_commit_callbacks(execute=True):
        events.desk_data_changed(7)
    now = events.generations(7, desk=True)[1]
    assert len(set(seen)) == 3
    assert now not in seen
