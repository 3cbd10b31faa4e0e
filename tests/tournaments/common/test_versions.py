"""The version of a tournament's public data comes from the database (issue 30.1): its count of
`PublicChange` rows, kept in the process for at most `VERSION_MEMO_SECONDS`."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tournaments.common import events
from tournaments.models import PublicChange

pytestmark = pytest.mark.django_db


def test_the_version_is_the_count_of_changes_plus_one(django_capture_on_commit_callbacks):
    assert (events.public_generation(7), events.global_generation()) == (1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        events.public_data_changed(7)
        events.public_data_changed(8)
        events.public_data_changed(7)
    assert events.public_generation(7) == 3
    assert events.public_generation(8) == 2
    assert events.public_generation(9) == 1
    assert events.global_generation() == 4


def test_a_change_committed_after_a_later_one_still_moves_the_version():
    """Ids are taken at insert: a transaction that inserted first and commits last adds a lower
    id than the newest; the version must move on anyway."""
    later = PublicChange.objects.create(tournament_id=7)
    events.forget_versions()
    seen = events.public_generation(7)
    PublicChange.objects.create(
        pk=later.pk - 1 if later.pk > 1 else later.pk + 100, tournament_id=7
    )
    events.forget_versions()
    assert events.public_generation(7) == seen + 1


def test_a_burst_costs_one_query_per_process_and_memo(monkeypatch, django_assert_num_queries):
    """Another process's change (a row written without this process's commit hook) is seen
    once the memo is older than `VERSION_MEMO_SECONDS`, not before."""
    now = [1000.0]
    monkeypatch.setattr(events, "VERSION_MEMO_SECONDS", 1.0)
    monkeypatch.setattr(events.time, "monotonic", lambda: now[0])
    with django_assert_num_queries(1):
        first = {events.public_generation(7) for _ in range(50)}
    assert first == {1}
    PublicChange.objects.create(tournament_id=7)  # committed by another server
    now[0] += 0.99
    with django_assert_num_queries(0):
        assert events.public_generation(7) == 1
    now[0] += 0.02
    with django_assert_num_queries(1):
        assert events.public_generation(7) == 2


def test_threads_asking_while_one_reads_keep_the_old_version(
    monkeypatch, django_assert_num_queries
):
    """When the memo runs out, one thread of the process reads the version; the threads that
    ask meanwhile get the one it replaces (a poll burst of 8 threads: 1 query, not 8)."""
    now = [1000.0]
    monkeypatch.setattr(events, "VERSION_MEMO_SECONDS", 1.0)
    monkeypatch.setattr(events.time, "monotonic", lambda: now[0])
    assert events.public_generation(7) == 1
    PublicChange.objects.create(tournament_id=7)
    now[0] += 2
    monkeypatch.setattr(events, "_refreshing", {7})  # another thread is reading it now
    with django_assert_num_queries(0):
        assert events.public_generation(7) == 1
    monkeypatch.setattr(events, "_refreshing", set())
    with django_assert_num_queries(1):
        assert events.public_generation(7) == 2
    assert events._refreshing == set()


def test_a_change_this_process_commits_is_read_at_once(django_capture_on_commit_callbacks):
    before = (events.public_generation(7), events.global_generation())
    with django_capture_on_commit_callbacks(execute=True):
        events.public_data_changed(7)
        assert events.public_generation(7) == before[0]  # not committed yet: the old version
    assert (events.public_generation(7), events.global_generation()) == (
        before[0] + 1,
        before[1] + 1,
    )


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
