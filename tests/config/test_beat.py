"""One Celery beat at a time, a standby that takes over, and the heartbeat a supervisor reads
(config/beat.py, config/celery_health.py): real beat processes on the real Redis."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (.ci/run's second stage sets it)"
)


@pytest.fixture
def env(tmp_path):
    prefix = f"beat-test-{uuid.uuid4().hex[:8]}"
    environment = {
        **os.environ,
        "CACHE_KEY_PREFIX": prefix,
        "PYTEST_XDIST_WORKER": "",
        "CELERY_BEAT_LOCK_SECONDS": "3",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    yield environment
    connection = redis.Redis.from_url(os.environ["REDIS_URL"])
    for key in connection.scan_iter(f"{prefix}:*"):
        connection.delete(key)


def start_beat(env: dict, folder: Path, name: str) -> subprocess.Popen:
    log = (folder / f"{name}.log").open("w")
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "beat",
            "--scheduler",
            "config.beat:GuardedScheduler",
            "--schedule",
            str(folder / f"{name}.schedule"),
            "--loglevel",
            "INFO",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def health(env: dict, *args: str) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "config.celery_health", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout.strip()


def wait_for(text: str, path: Path, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if text in path.read_text():
            return
        time.sleep(0.2)
    raise AssertionError(f"{text!r} not in {path.name}:\n{path.read_text()}")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=20)


def test_no_beat_has_ticked(env):
    assert health(env, "beat") == (1, "beat: never ticked")


def test_a_second_beat_waits_and_takes_over_when_the_first_dies(env, tmp_path):
    first = start_beat(env, tmp_path, "first")
    try:
        wait_for("beat lock taken by", tmp_path / "first.log")
        second = start_beat(env, tmp_path, "second")
        try:
            wait_for("another beat runs", tmp_path / "second.log")
            time.sleep(4)  # longer than the lock lives: the first renews it, the second waits
            assert "beat lock taken" not in (tmp_path / "second.log").read_text()
            status, message = health(env, "beat", "--max-age", "5")
            assert status == 0, message
            first.kill()  # no goodbye: the lock runs out
            wait_for("beat lock taken by", tmp_path / "second.log", seconds=20)
            status, message = health(env, "beat", "--max-age", "5")
            assert status == 0, message
        finally:
            stop(second)
    finally:
        stop(first)
    time.sleep(6)
    status, message = health(env, "beat", "--max-age", "5")
    assert status == 1
    assert message.startswith("beat: last tick ") and message.endswith("(more than 5 s)")


def test_a_worker_that_does_not_answer_is_unhealthy(env):
    status, message = health(env, "worker", "--hostname", "nobody@nowhere", "--timeout", "0.5")
    assert (status, message) == (1, "worker nobody@nowhere: no answer within 0.5 s")


@pytest.mark.skipif(
    not os.environ.get("CELERY_WORKER_RUNNING"), reason="needs the worker .ci/run starts"
)
def test_the_running_worker_is_healthy(env):
    import socket

    name = f"ci@{socket.gethostname()}"  # .ci/run: --hostname "ci@%h"
    assert health(env, "worker", "--hostname", name) == (0, f"worker {name}: ok")
