"""A Redis that goes back in time or hangs never serves the past (issue 30.1 and 30.7): the
version of the public data comes from the database, so an older cache can only miss, and a
hanging one costs a write one timeout, after which the next read shows the change."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from config import redis as redis_settings
from tests.support.builders import correct_published_sheet
from tests.support.celery import celery_conf
from tests.support.frozen_redis import frozen_redis_url
from tournaments.common import breaker

API = "/api/v1/tournaments"


def _snapshot():
    """The public part of the cache as it is now (what an RDB file would hold)."""
    cache = caches["default"]
    if "locmem" in type(cache).__module__:
        with cache._lock:
            return dict(cache._cache), dict(cache._expire_info)
    client = cache._cache.get_client(None, write=True)
    keys = list(client.scan_iter(match=cache.make_key("public:*")))
    return {key: (client.dump(key), client.pttl(key)) for key in keys}


def _restore(snapshot) -> None:
    """Redis restarted from that snapshot: everything written since is gone."""
    cache = caches["default"]
    if "locmem" in type(cache).__module__:
        values, expiry = snapshot
        with cache._lock:
            cache._cache.clear()
            cache._cache.update(values)
            cache._expire_info.clear()
            cache._expire_info.update(expiry)
        return
    client = cache._cache.get_client(None, write=True)
    for key in client.scan_iter(match=cache.make_key("public:*")):
        client.delete(key)
    for key, (dumped, ttl) in snapshot.items():
        client.restore(key, max(ttl, 0), dumped, replace=True)


def _uncached(api, client, pk: int, settings) -> tuple[dict, bytes]:
    settings.PUBLIC_CACHE_SECONDS = 0
    try:
        return api.json(f"{API}/{pk}/standings/"), client.get(reverse("standings", args=[pk]))
    finally:
        settings.PUBLIC_CACHE_SECONDS = 86400


def test_a_cache_restored_from_an_older_snapshot_only_misses(
    api, client, known, director, settings, django_capture_on_commit_callbacks
):
    url, page = f"{API}/{known.pk}/standings/", reverse("standings", args=[known.pk])
    for _ in range(2):  # warm: the second reads are hits
        answer, shown = api.get(url), client.get(page)
    assert (answer["X-Public-Cache"], shown["X-Public-Cache"]) == ("hit", "hit")
    before = answer.json()
    snapshot = _snapshot()
    with django_capture_on_commit_callbacks(execute=True):
        correct_published_sheet(
            known.rounds.get(number=1), table=1, director=director, reason="Zählfehler"
        )
    _restore(snapshot)  # Redis restarted from its last RDB file
    answer, shown = api.get(url), client.get(page)

    expected, expected_page = _uncached(api, client, known.pk, settings)
    assert (answer["X-Public-Cache"], shown["X-Public-Cache"]) == ("miss", "miss")
    assert answer.json() == expected != before
    assert shown.content == expected_page.content


@pytest.fixture
def frozen_redis():
    with frozen_redis_url() as url:
        yield url


def test_a_correction_with_redis_frozen_waits_for_it_once(
    api, known, director, frozen_redis, django_capture_on_commit_callbacks, monkeypatch
):
    """Cache and broker hang: the correction commits having paid one socket timeout (the
    breaker then skips every other call of the write), and the first read after Redis
    returns shows it (issue 30.7: it used to wait 1.7-3.2 s and stay stale for a minute)."""
    url = f"{API}/{known.pk}/standings/"
    before = api.json(url)
    timeouts = []
    original = breaker.call

    def counted(fn, *args, what, **kwargs):
        try:
            return original(fn, *args, what=what, **kwargs)
        except breaker.CacheUnavailable as exc:
            if exc.__cause__ is not None:  # Redis was asked and did not answer in time
                timeouts.append(what)
            raise

    monkeypatch.setattr(breaker, "call", counted)
    frozen = redis_settings.celery_settings(frozen_redis)
    conf = {k.removeprefix("CELERY_").lower(): v for k, v in frozen.items()}
    hanging = redis_settings.cache_settings(frozen_redis, key_prefix="t")
    with (
        override_settings(CACHES={"default": hanging}),
        celery_conf(**conf),
        django_capture_on_commit_callbacks(execute=True),
    ):
        start = time.monotonic()
        correct_published_sheet(
            known.rounds.get(number=1), table=1, director=director, reason="Zählfehler"
        )
    elapsed = time.monotonic() - start
    assert len(timeouts) == 1, timeouts
    assert elapsed < 1.5  # one timeout of 0.25 s (or a publish and its retry), not several
    monkeypatch.setattr(breaker, "call", original)
    breaker.reset()  # Redis is back (the pause over)
    after = api.get(url)
    assert after["X-Public-Cache"] == "miss"
    assert after.json() != before
