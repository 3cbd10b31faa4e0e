"""Prometheus metrics at `/metrics` (issue 31.2), answered by a middleware right after the
health checks: before the host check (Prometheus scrapes by the server's address), sessions,
HTTPS redirect and throttles, so it enforces its own access: the bearer token
`METRICS_TOKEN` or a direct peer address in `METRICS_ALLOWED_NETWORKS`. Neither set: there
is no `/metrics` (the site's 404).

The metrics are prometheus-client objects in process memory: recording one costs additions,
never a query. What only a scrape needs (the cache breaker's state, the Celery queue's length)
is read at scrape time by `ScrapeTimeCollector`. Several gunicorn processes: set
`PROMETHEUS_MULTIPROC_DIR` (docs/operations.md "Metrics"); each scrape then adds up the files
of every process.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os

from django.conf import settings
from django.http import HttpResponse, HttpResponseForbidden
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily

from tournaments.common import breaker

log = logging.getLogger(__name__)

PATH = "/metrics"

REQUESTS = Counter(
    "drv_http_requests_total",
    "HTTP requests by view (URL name), method and status.",
    ["view", "method", "status"],
)
LATENCY = Histogram(
    "drv_http_request_duration_seconds",
    "Seconds from the request entering the stack to its response, by view.",
    ["view"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
DB_QUERIES = Counter(
    "drv_db_queries_total",
    "Database queries run while answering requests, by view.",
    ["view"],
)
TASKS = Histogram(
    "drv_celery_task_duration_seconds",
    "Seconds a Celery task ran, by task name and final state.",
    ["task", "state"],
    buckets=(0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
)
LOGIN_REFUSED = Counter(
    "drv_login_refused_total",
    "Log-in attempts refused by the throttle (a wait after too many failures).",
)


def _broker_client():
    """A Redis client of the broker with the site's short timeouts; None with eager tasks or
    another broker."""
    url = getattr(settings, "CELERY_BROKER_URL", "")
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False) or not url.startswith("redis"):
        return None
    import redis

    from config.redis import SOCKET_TIMEOUT

    return redis.Redis.from_url(
        url, socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=SOCKET_TIMEOUT
    )


def celery_queue_lengths() -> dict[str, int]:
    """LLEN of each Celery queue on a Redis broker; nothing with eager tasks or another broker."""
    client = _broker_client()
    if client is None:
        return {}
    from config.celery import app

    try:
        names = sorted(app.amqp.queues.keys()) or [app.conf.task_default_queue]
        return {name: int(client.llen(name)) for name in names}
    finally:
        client.close()


def beat_heartbeat_age() -> float | None:
    """Seconds since Celery beat last ticked (config/beat.py); None without a Redis broker or
    before any beat ran."""
    client = _broker_client()
    if client is None:
        return None
    from config import beat

    try:
        return beat.heartbeat_age(client)
    finally:
        client.close()


class ScrapeTimeCollector:
    """Gauges read when Prometheus asks: the breaker of this process, the queue lengths."""

    def collect(self):
        state = GaugeMetricFamily(
            "drv_cache_breaker_open",
            "1 while this process leaves the shared cache alone after a failure, else 0.",
        )
        state.add_metric([], 1.0 if breaker.is_open() else 0.0)
        yield state
        try:
            lengths = celery_queue_lengths()
        except Exception as exc:  # a scrape reports what it can; the broker may be down
            log.warning("celery queue length unavailable: %s", type(exc).__name__)
            lengths = {}
        if lengths:
            queue = GaugeMetricFamily(
                "drv_celery_queue_length", "Tasks waiting in a Celery queue.", labels=["queue"]
            )
            for name, length in lengths.items():
                queue.add_metric([name], float(length))
            yield queue
        try:
            age = beat_heartbeat_age()
        except Exception as exc:  # as above
            log.warning("beat heartbeat unavailable: %s", type(exc).__name__)
            age = None
        if age is not None:
            yield GaugeMetricFamily(
                "drv_celery_beat_heartbeat_age_seconds",
                "Seconds since Celery beat last ticked (alert above 60).",
                value=age,
            )


_SCRAPE_TIME = ScrapeTimeCollector()
REGISTRY.register(_SCRAPE_TIME)


def exposition() -> bytes:
    """The text format: this process's registry, or with PROMETHEUS_MULTIPROC_DIR the sum of
    every process's files (plus this process's scrape-time gauges)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(_SCRAPE_TIME)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def worker_exporter(port: int, address: str) -> None:
    """A Celery worker's own metrics (task times, warmed pages): its tasks run in child
    processes, so the worker serves the sum of PROMETHEUS_MULTIPROC_DIR's files; no token, so
    bind it to an address only Prometheus reaches (`CELERY_METRICS_ADDRESS`)."""
    registry = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    start_http_server(port, addr=address, registry=registry)
    log.info("worker metrics on %s:%s", address, port)


def _networks() -> list:
    return [
        ipaddress.ip_network(item, strict=False)
        for item in getattr(settings, "METRICS_ALLOWED_NETWORKS", [])
    ]


def allowed(request) -> bool:
    """The bearer token (compared in constant time) or the direct peer's address (REMOTE_ADDR,
    never X-Forwarded-For: a client writes that header itself)."""
    token = getattr(settings, "METRICS_TOKEN", "")
    given = request.headers.get("authorization", "")
    if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return True
    try:
        peer = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(peer in network for network in _networks())


def enabled() -> bool:
    return bool(getattr(settings, "METRICS_TOKEN", "") or _networks())


class MetricsMiddleware:
    """Second in MIDDLEWARE (after the health checks): answers GET of `/metrics`."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info != PATH or request.method not in ("GET", "HEAD") or not enabled():
            return self.get_response(request)
        if not allowed(request):
            return HttpResponseForbidden(b"forbidden\n", content_type="text/plain")
        response = HttpResponse(exposition(), content_type=CONTENT_TYPE_LATEST)
        response["Cache-Control"] = "no-store"
        return response
