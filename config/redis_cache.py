"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every cache operation,
and redis-py fills a table of ~250 response callbacks in each constructor: ~0.5 ms per read,
more than the read itself. A cached public page costs two reads. The client is thread-safe and
only wraps the pool, so it is kept (per pool, per process; redis-py's pool notices a fork).
"""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusingRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ReusingRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient
