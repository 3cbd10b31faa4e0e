"""Health checks for a load balancer and a supervisor (issue 31): `/healthz` and `/readyz`.

Answered by a middleware at the top of the stack, before anything else runs: no session, no
language, no host check (a balancer asks by the server's address), no redirect to HTTPS, no
throttle, no cache. `/healthz` (liveness) only says the process answers; `/readyz`
(readiness) checks what a request needs: the database, every migration applied, the cache and
the Celery broker. A failed check answers 503 and names it, never with the error's text (it may
name hosts): the logs have that.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpResponse
from django.utils.crypto import get_random_string

log = logging.getLogger(__name__)

LIVE, READY = "/healthz", "/readyz"
BROKER_TIMEOUT = 1.0

_migrations_applied = False  # once true, it stays true for the life of the process


def database() -> str:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT 1")
    return "ok"


def migrations() -> str:
    """Every migration of the code is applied (a server started before `migrate` is not
    ready); read once per process until it is true."""
    global _migrations_applied
    if not _migrations_applied:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
        if plan:
            return "fail"
        _migrations_applied = True
    return "ok"


def cache() -> str:
    """A write and a read back: the cache answers (also through the circuit breaker)."""
    key, value = "health:ready", get_random_string(12)
    store = caches["default"]
    store.set(key, value, 10)
    return "ok" if store.get(key) == value else "fail"


def broker() -> str:
    """The Celery broker takes a connection; "eager" where tasks run in the request (the
    embedded default and the venue laptop have no broker)."""
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        return "eager"
    from config.celery import app

    with app.connection_for_write() as connection:
        connection.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT)
    return "ok"


CHECKS: dict[str, Callable[[], str]] = {
    "database": database,
    "migrations": migrations,
    "cache": cache,
    "broker": broker,
}


def _run(name: str, check: Callable[[], str]) -> str:
    try:
        return check()
    except Exception as exc:  # a health check reports every failure, whatever its kind
        log.warning("readiness check %s failed: %s: %s", name, type(exc).__name__, exc)
        return "fail"


def readiness() -> tuple[bool, dict[str, str]]:
    results = {name: _run(name, check) for name, check in CHECKS.items()}
    return all(value != "fail" for value in results.values()), results


def _answer(status: int, body: dict) -> HttpResponse:
    response = HttpResponse(
        json.dumps(body, sort_keys=True) + "\n", status=status, content_type="application/json"
    )
    response["Cache-Control"] = "no-store"
    return response


class HealthCheckMiddleware:
    """First in MIDDLEWARE: answers GET and HEAD of the two paths, passes everything else."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info not in (LIVE, READY) or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        if request.path_info == LIVE:
            return _answer(200, {"status": "ok"})
        ready, results = readiness()
        return _answer(200 if ready else 503, {"status": "ok" if ready else "fail", **results})
