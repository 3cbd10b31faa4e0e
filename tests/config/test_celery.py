"""A task travels through Redis to a real worker process and its result comes back (CI run 2)."""

import os

import pytest

from config import observability
from config.celery import ping

pytestmark = pytest.mark.celery_worker


@pytest.mark.skipif(
    not (os.environ.get("CELERY_WORKER_RUNNING") and os.environ.get("REDIS_URL")),
    reason="Braucht REDIS_URL und einen laufenden Celery-Worker (.ci/run startet beide).",
)
def test_ping_task_is_answered_by_a_separate_worker():
    result = ping.delay("hallo").get(timeout=60)
    assert result["echo"] == "hallo"
    assert result["pid"] != os.getpid()


def test_ping_task_runs_eagerly_without_redis(settings):
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("Nur im eingebetteten Modus ohne Redis.")
    assert ping.delay("eager").get(timeout=5)["pid"] == os.getpid()


@pytest.mark.skipif(
    not (os.environ.get("CELERY_WORKER_RUNNING") and os.environ.get("REDIS_URL")),
    reason="needs REDIS_URL and a running Celery worker (.ci/run starts both)",
)
def test_a_separate_worker_runs_a_task_under_the_publishing_requests_id():
    token = observability.REQUEST_ID.set("ci-request-0042")
    try:
        result = ping.delay("hallo").get(timeout=60)
    finally:
        observability.REQUEST_ID.reset(token)
    assert result["pid"] != os.getpid()
    assert result["request_id"] == "ci-request-0042"
    # without a request: the worker names the task itself
    alone = ping.delay("allein")
    assert alone.get(timeout=60)["request_id"] == f"task-{alone.id}"
