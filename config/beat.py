"""Exactly one Celery beat, and a heartbeat a supervisor can read (issue 31.1 and 31.5).

Two beats would queue every periodic job twice (harmless, every task is idempotent, but the
daily ranking job would run twice and the sweeps would double their load). `GuardedScheduler`
holds a lock in Redis while it runs: a second beat (started by mistake, or a standby on another
machine) waits until the lock is free and takes over within `LOCK_SECONDS` after the first one
died. A beat that finds its lock taken by another (it stalled longer than the lock lives) stops,
so the supervisor restarts it as the standby. Every tick writes the time into the heartbeat key;
`python -m config.celery_health beat` reads its age.

Start beat with `celery -A config beat --scheduler config.beat:GuardedScheduler`
(deploy/systemd/drv-beat.service).
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import time

import redis
from celery.beat import PersistentScheduler
from django.conf import settings

log = logging.getLogger(__name__)

LOCK_SECONDS = int(os.environ.get("CELERY_BEAT_LOCK_SECONDS", "60"))
"""How long the lock outlives a beat that died without releasing it: the standby's delay."""
TICK_SECONDS = max(1, min(10, LOCK_SECONDS // 3))
"""A beat ticks at least this often (its renewal of the lock and its heartbeat): three times
within the lock's life."""
WAIT_SECONDS = 5

# Renew only our own lock: compare and extend in one step.
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('expire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class LockLost(SystemExit):
    """Another beat holds the lock now: stop, the supervisor starts us again as the standby."""


def _key(name: str) -> str:
    """Beside the cache's keys (`CACHE_KEY_PREFIX`): two sites may share one Redis."""
    prefix = settings.CACHES["default"].get("KEY_PREFIX") or "drv"
    return f"{prefix}:celery-beat:{name}"


def client() -> redis.Redis:
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        raise SystemExit("celery beat needs REDIS_URL (the broker and the beat lock live there)")
    return redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)


def identity() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{time.time():.0f}"


class GuardedScheduler(PersistentScheduler):
    """Celery's file-backed scheduler behind a Redis lock, with a heartbeat per tick."""

    def __init__(self, *args, **kwargs):
        self._redis = client()
        self._me = identity()
        self._held = False
        super().__init__(*args, **kwargs)
        self.max_interval = min(self.max_interval, TICK_SECONDS)

    def setup_schedule(self) -> None:
        """Runs when the scheduler starts for real (not for beat's start-up banner)."""
        self._claim()
        super().setup_schedule()

    def _claim(self) -> None:
        waited = False
        while not self._redis.set(_key("lock"), self._me, nx=True, ex=LOCK_SECONDS):
            holder = (self._redis.get(_key("lock")) or b"?").decode()
            if not waited:
                log.warning("another beat runs (%s): waiting as the standby", holder)
                waited = True
            time.sleep(WAIT_SECONDS)
        self._held = True
        log.info("beat lock taken by %s", self._me)
        self._beat()

    def _beat(self) -> None:
        self._redis.set(_key("heartbeat"), f"{time.time():.3f} {self._me}", ex=24 * 3600)

    def tick(self, *args, **kwargs):
        try:
            renewed = self._redis.eval(_RENEW, 1, _key("lock"), self._me, LOCK_SECONDS)
        except redis.RedisError as exc:  # Redis away: the broker is too; keep trying
            log.warning("beat lock not renewed: %s", type(exc).__name__)
        else:
            if not renewed:
                log.error("beat lock lost to another beat: stopping")
                raise LockLost(1)
            self._beat()
        return min(super().tick(*args, **kwargs), TICK_SECONDS)

    def close(self) -> None:
        if not self._held:  # the banner's instance, or a standby that never ran
            return super().close()
        with contextlib.suppress(redis.RedisError):  # else the lock expires by itself
            self._redis.eval(_RELEASE, 1, _key("lock"), self._me)
        super().close()


def heartbeat_age(connection: redis.Redis | None = None) -> float | None:
    """Seconds since the running beat last ticked; None when no beat ever ticked."""
    raw = (connection or client()).get(_key("heartbeat"))
    if not raw:
        return None
    return max(0.0, time.time() - float(raw.split()[0]))
