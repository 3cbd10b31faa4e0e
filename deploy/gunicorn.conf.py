"""gunicorn's settings for an app server (deploy/systemd/drv-web@.service; `make prod-check`).

The address comes from the command line (`--bind 127.0.0.1:8001`); the rest from the
environment (deploy/drv.env.example). Threads answer the live screens' polls while a worker
renders a page: see docs/operations.md "Live screens in production" for the numbers.
"""

import os

wsgi_app = "config.wsgi"
worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))  # about 2 x cores
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# A phone keeps its connection between the 1.5 s polls; nginx keeps its own to us.
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20  # a stop lets the requests in flight finish
# Workers are replaced now and then: Python's memory only grows (issue 32: < 150 MB a worker).
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "5000"))
max_requests_jitter = max_requests // 10
# nginx on the same machine sets X-Forwarded-Proto; Django reads it (SECURE_PROXY_SSL_HEADER).
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = None  # the app writes one JSON line per request itself (config/observability.py)
errorlog = "-"
proc_name = "drv-web"


def child_exit(server, worker):
    """A finished worker's metrics stay in the sum but leave its live gauges (prometheus-client's
    multi-process mode, PROMETHEUS_MULTIPROC_DIR)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
