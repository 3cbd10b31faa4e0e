"""Liveness of the Celery worker and beat for a supervisor (issue 31.1):

    python -m config.celery_health worker --hostname worker1@host   # the worker answers a ping
    python -m config.celery_health beat [--max-age 60]              # beat ticked lately

Exit status 0 when healthy, 1 with one line saying what is wrong (deploy/systemd/drv-health.*
restarts the unit whose check fails). The worker's ping is answered by its main process, so it
proves the worker reads the broker; a task stuck in a pool process is ended by the task time
limit (`CELERY_TASK_TIME_LIMIT`).
"""

from __future__ import annotations

import argparse
import os
import sys


def check_worker(hostname: str, timeout: float) -> tuple[bool, str]:
    from config.celery import app

    answers = app.control.ping(destination=[hostname], timeout=timeout)
    if any(hostname in answer for answer in answers):
        return True, f"worker {hostname}: ok"
    return False, f"worker {hostname}: no answer within {timeout:g} s"


def check_beat(max_age: float) -> tuple[bool, str]:
    from config import beat

    age = beat.heartbeat_age()
    if age is None:
        return False, "beat: never ticked"
    if age > max_age:
        return False, f"beat: last tick {age:.0f} s ago (more than {max_age:g} s)"
    return True, f"beat: last tick {age:.0f} s ago"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m config.celery_health")
    sub = parser.add_subparsers(dest="what", required=True)
    worker = sub.add_parser("worker", help="the worker answers a ping")
    worker.add_argument("--hostname", required=True, help="e.g. worker1@host (celery --hostname)")
    worker.add_argument("--timeout", type=float, default=5.0)
    beat = sub.add_parser("beat", help="beat ticked within --max-age seconds")
    beat.add_argument("--max-age", type=float, default=60.0)
    args = parser.parse_args(argv)

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    try:
        if args.what == "worker":
            healthy, message = check_worker(args.hostname, args.timeout)
        else:
            healthy, message = check_beat(args.max_age)
    except Exception as exc:  # a check reports every failure as unhealthy, whatever its kind
        healthy, message = False, f"{args.what}: {type(exc).__name__}: {exc}"
    print(message)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
