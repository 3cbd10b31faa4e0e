"""A task travels through Redis to a real worker process and its result comes back (CI run 2)."""

import os

import pytest

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
