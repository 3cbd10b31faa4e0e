"""Celery application; broker and eager mode come from the settings (i.e. the environment)."""

import os
import socket

from celery import Celery
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# the request id into published tasks and the workers' log lines; task durations
from config import observability  # noqa: E402,F401


@setup_logging.connect
def _django_logging(**kwargs):
    """Workers log as the app servers do (LOGGING: JSON lines in production, the request id on
    every record) instead of Celery's own format on a hijacked root logger."""
    import logging.config

    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


@app.task(name="config.ping", ignore_result=False)
def ping(value: str) -> dict:
    """Round trip for health checks and CI: proves a worker consumes from the broker (and
    that the publishing request's id reached it)."""

    return {
        "echo": value,
        "worker": socket.gethostname(),
        "pid": os.getpid(),
        "request_id": observability.current_request_id(),
    }
