"""The Redis cache back end keeps one client per connection pool (config/redis_cache.py)."""

import os

import pytest

from config.redis_cache import ReusingRedisCache


def test_one_client_per_pool_and_it_is_used():
    cache = ReusingRedisCache("redis://127.0.0.1:1/0", {})  # never connected here
    client = cache._cache

    first = client.get_client("a")
    again = client.get_client("b", write=True)

    assert first is again  # one server: reads and writes share the pool
    assert first.connection_pool is client._get_connection_pool(write=True)


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="Braucht REDIS_URL (CI-Lauf 2).")
def test_reads_and_writes_through_the_kept_client():
    from django.core.cache import caches

    cache = caches["default"]
    cache.set("public:test:kept", {"a": 1}, timeout=30)
    assert cache.get("public:test:kept") == {"a": 1}
    assert cache.add("public:test:kept", 2, timeout=30) is False
    assert isinstance(cache, ReusingRedisCache)
    assert cache._cache.get_client() is cache._cache.get_client()
