"""Celery application; broker and eager mode come from the settings (i.e. the environment)."""

import os
import socket

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# the request id into published tasks and the workers' log lines; task durations
from config import observability  # noqa: E402,F401


@app.task(name="config.ping", ignore_result=False)
def ping(value: str) -> dict:
    """Round trip for health checks and CI: proves a worker consumes from the broker."""

    return {"echo": value, "worker": socket.gethostname(), "pid": os.getpid()}
