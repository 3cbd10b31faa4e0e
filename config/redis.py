"""How the site talks to Redis: briefly. A Redis that is down or hanging must cost a request
milliseconds, not the 5 s socket default or Celery's 20 result-backend retries (issue #19)."""

import os

SOCKET_TIMEOUT = float(os.environ.get("REDIS_SOCKET_TIMEOUT", "0.25"))
"""Seconds to connect to Redis and to wait for one answer (cache, broker and result store). A
Redis on the same network answers in a millisecond; a write that finds it hanging pays this
once, then the breaker (`tournaments/common/breaker.py`) leaves it alone (issue 30.7)."""

VISIBILITY_TIMEOUT = int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "150"))
"""A task a killed worker had taken is delivered again after this many seconds (acks_late), to
a worker that is still alive. Longer than our longest task (a full rebuild of a year's ranking:
< 5 s on PostgreSQL by `bench/bench_ranking.py`'s goal for 150 tournaments; the other tasks
render a few pages or send one e-mail), far shorter than the 1 h default. A task that runs
longer is delivered a second time while it runs: every task is idempotent."""

RESTORE_INTERVAL = 10
"""Seconds between a worker's scans for tasks of a dead worker (kombu's default scans only
every tenth of its 10 s rounds: up to 100 s more after the visibility timeout)."""


def cache_settings(url: str, *, key_prefix: str) -> dict:
    return {
        "BACKEND": "config.redis_cache.ReusingRedisCache",  # Django's, one client per pool
        "LOCATION": url,
        "KEY_PREFIX": key_prefix,
        "OPTIONS": {
            "socket_connect_timeout": SOCKET_TIMEOUT,
            "socket_timeout": SOCKET_TIMEOUT,
            "retry_on_timeout": False,
        },
    }


def celery_settings(url: str) -> dict:
    """Broker and result store on Redis. Tasks store no result unless a caller asks for one
    (`apply_async(ignore_result=False)`: the health check, CI); publishing retries once."""
    return {
        "CELERY_BROKER_URL": url,
        "CELERY_RESULT_BACKEND": url,
        "CELERY_TASK_ALWAYS_EAGER": False,
        "CELERY_TASK_IGNORE_RESULT": True,
        "CELERY_BROKER_TRANSPORT_OPTIONS": {
            "visibility_timeout": VISIBILITY_TIMEOUT,
            "unacked_restore_interval": RESTORE_INTERVAL,
            "unacked_restore_throttle": 1,
            "socket_timeout": SOCKET_TIMEOUT,
            "socket_connect_timeout": SOCKET_TIMEOUT,
        },
        "CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS": {
            "visibility_timeout": VISIBILITY_TIMEOUT,
            "retry_policy": {"timeout": 2.0},
        },
        "CELERY_REDIS_SOCKET_TIMEOUT": SOCKET_TIMEOUT,
        "CELERY_REDIS_SOCKET_CONNECT_TIMEOUT": SOCKET_TIMEOUT,
        "CELERY_TASK_PUBLISH_RETRY_POLICY": {
            "max_retries": 1,
            "interval_start": 0,
            "interval_step": 0.2,
            "interval_max": 0.2,
        },
    }
