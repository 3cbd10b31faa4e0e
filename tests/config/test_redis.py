"""A Redis that hangs (accepts the connection, never answers) is given up on at once, by the
cache and by Celery's publisher, with the production settings (`config.redis`)."""

import socket
import threading

import pytest
import redis as redis_py
from celery import Celery
from django.utils.module_loading import import_string
from kombu.exceptions import OperationalError

from config import redis as redis_settings

GIVE_UP_WITHIN = 5.0
"""Seconds after which we call a call hanging (the old settings waited forever or 20 retries)."""


@pytest.fixture
def frozen_redis():
    """A TCP port that accepts connections and never says a word, like a frozen Redis process."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    accepted = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    stop.set()
    thread.join()
    for conn in accepted:
        conn.close()
    server.close()


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
