"""A Redis that hangs (accepts the connection, never answers) is given up on at once, by the
cache and by Celery's publisher, with the production settings (`config.redis`)."""

import threading

import pytest
import redis as redis_py
from celery import Celery
from django.utils.module_loading import import_string
from kombu.exceptions import OperationalError

from config import redis as redis_settings
from tests.support.frozen_redis import frozen_redis_url

GIVE_UP_WITHIN = 5.0
"""Seconds after which we call a call hanging (the old settings waited forever or 20 retries)."""


@pytest.fixture
def frozen_redis():
    with frozen_redis_url() as url:
        yield url


def outcome_of(call):
    """Run `call` in a thread; its exception, or "hangs" if it has not returned in time."""
    result = {}

    def run():
        try:
            call()
            result["outcome"] = None
        except Exception as exc:  # the exception is what we compare
            result["outcome"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(GIVE_UP_WITHIN)
    return result.get("outcome", "hangs")


def test_cache_gives_up_on_a_frozen_redis(frozen_redis):
    params = redis_settings.cache_settings(frozen_redis, key_prefix="t")
    cache = import_string(params["BACKEND"])(params["LOCATION"], params)
    outcome = outcome_of(lambda: cache.get("standings"))
    assert isinstance(outcome, redis_py.exceptions.TimeoutError)


def test_publishing_a_task_gives_up_on_a_frozen_broker(frozen_redis):
    app = configured_app(frozen_redis, frozen_redis)
    outcome = outcome_of(
        lambda: app.signature("ranking.recompute_year").apply_async(
            args=(2026,), retry=True, retry_policy=app.conf.task_publish_retry_policy
        )
    )
    assert isinstance(outcome, OperationalError | redis_py.exceptions.TimeoutError), outcome


def configured_app(broker: str, result_store: str) -> Celery:
    settings = redis_settings.celery_settings(result_store) | {"CELERY_BROKER_URL": broker}
    app = Celery("frozen", set_as_current=False)
    app.config_from_object({k.removeprefix("CELERY_").lower(): v for k, v in settings.items()})
    return app


def test_publishing_never_waits_for_a_frozen_result_store(frozen_redis):
    """Tasks nobody waits for store no result, so a hanging result store cannot slow a
    publication (it used to retry 20 times inside the request)."""
    app = configured_app("memory://", frozen_redis)
    outcome = outcome_of(lambda: app.signature("ranking.recompute_year").apply_async(args=(2026,)))
    assert outcome is None


def test_a_killed_workers_tasks_are_redone_within_three_minutes():
    """Issue 30.8: the broker's visibility timeout (150 s) and a scan every 10 s (kombu's
    default scans every 100 s) put a dead worker's task back within ~160 s, not 698 s."""
    app = configured_app("redis://127.0.0.1:1/0", "redis://127.0.0.1:1/0")
    options = app.connection_for_write().transport_options
    assert options["visibility_timeout"] == 150
    assert options["unacked_restore_interval"] == 10
    assert options["unacked_restore_throttle"] == 1
    assert options["socket_timeout"] == options["socket_connect_timeout"] == 0.25
    assert app.conf.result_backend_transport_options["visibility_timeout"] == 150


def test_the_visibility_timeout_comes_from_the_environment(monkeypatch):
    import importlib

    monkeypatch.setenv("CELERY_VISIBILITY_TIMEOUT", "240")
    try:
        changed = importlib.reload(redis_settings)
        options = changed.celery_settings("redis://x/0")["CELERY_BROKER_TRANSPORT_OPTIONS"]
        assert options["visibility_timeout"] == 240
    finally:
        monkeypatch.delenv("CELERY_VISIBILITY_TIMEOUT")
        importlib.reload(redis_settings)
