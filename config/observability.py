"""One log line per request and the request id (issue 31.3).

`RequestMiddleware` (right after the health checks and `/metrics`) takes the proxy's
`X-Request-ID` when it is a sane token, else makes one; returns it in the response header,
keeps it on `request.request_id` (the 500 page shows it) and in a context variable that every
log record of the request carries (`RequestIdFilter`). After the response it writes one line
to the logger `drv.request` (request id, view, method, status, duration, queries, user id and
role: never a name, an e-mail address or the query string) and counts the request's metrics.

Celery: a task published during a request carries the id in its headers (`before_task_publish`);
the worker puts it in the context variable while the task runs (`task_prerun`/`task_postrun`),
which also time the task. A task without one (beat, sweeps) logs under its own task id.
"""

from __future__ import annotations

import contextvars
import logging
import os
import re
import time
import uuid

from celery.signals import before_task_publish, task_postrun, task_prerun, worker_ready
from django.conf import settings
from django.db import connection
from django.utils.functional import empty

from config import metrics
from tournaments.enums import GlobalRole

log = logging.getLogger("drv.request")

HEADER = "X-Request-ID"
_SANE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$")
REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

# the first global role a user has, in this order, names them in the log
_ROLES = (
    (GlobalRole.FEDERATION_ADMIN, "admin"),
    (GlobalRole.DIRECTOR, "director"),
    (GlobalRole.HEAD_REFEREE, "referee"),
    (GlobalRole.REFEREE, "referee"),
    (GlobalRole.COMMISSION, "commission"),
)


def sane(value) -> str | None:
    """A request id from outside, if it is a plain token (8–128 characters)."""
    return value if isinstance(value, str) and _SANE.match(value) else None


def current_request_id() -> str | None:
    return REQUEST_ID.get()


class RequestIdFilter(logging.Filter):
    """Puts `request_id` ("-" outside a request or task) on every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = REQUEST_ID.get() or "-"
        return True


def _view_name(request) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "<unresolved>"
    return match.view_name or match._func_path


UNKNOWN = object()


def _user(request):
    """The user as far as the request loaded it: the log never queries. None: anonymous (no
    session cookie); UNKNOWN: a session the request never needed (e.g. a 304 poll)."""
    user = getattr(request, "user", None)
    if user is None or getattr(user, "_wrapped", None) is not empty:
        return user
    return UNKNOWN if request.COOKIES.get(settings.SESSION_COOKIE_NAME) else None


def role(user) -> str:
    """anonymous, admin, director, referee, commission or player from what the request read
    (the navigation reads the groups on every page); "user" when it read no groups, "unknown"
    when it never loaded the user. No query."""
    from tournaments import permissions  # models: not while config.celery is imported

    if user is UNKNOWN:
        return "unknown"
    if user is None or not user.is_authenticated:
        return "anonymous"
    if user.is_superuser:
        return "admin"
    groups = permissions.groups_read(user)
    if groups is None:
        return "user"
    for global_role, name in _ROLES:
        if global_role.value in groups:
            return name
    return "player"


class _QueryCounter:
    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


class RequestMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request_id = sane(request.headers.get(HEADER)) or uuid.uuid4().hex
        request.request_id = request_id
        token = REQUEST_ID.set(request_id)
        started = time.perf_counter()
        queries = _QueryCounter()
        try:
            with connection.execute_wrapper(queries):
                response = self.get_response(request)
            duration = time.perf_counter() - started
            response[HEADER] = request_id
            self._record(request, response.status_code, duration, queries.count)
            return response
        finally:
            REQUEST_ID.reset(token)

    @staticmethod
    def _record(request, status: int, duration: float, queries: int) -> None:
        view = _view_name(request)
        metrics.REQUESTS.labels(view=view, method=request.method, status=str(status)).inc()
        metrics.LATENCY.labels(view=view).observe(duration)
        if queries:
            metrics.DB_QUERIES.labels(view=view).inc(queries)
        try:
            user = _user(request)
            user_role = role(user)
            known = user is not None and user is not UNKNOWN and user.is_authenticated
            user_id = user.pk if known else None
        except Exception:  # the database may be what failed this request: still log it
            user_role, user_id = "unknown", None
        log.info(
            "%s %s %s %.1f ms role=%s",
            request.method,
            view,
            status,
            duration * 1000,
            user_role,
            extra={
                "view": view,
                "method": request.method,
                "status": status,
                "duration_ms": round(duration * 1000, 1),
                "queries": queries,
                "role": user_role,
                "user_id": user_id,
            },
        )


# --- Celery: the id travels in the task's headers; the worker times each task.
_running: dict[str, tuple[float, contextvars.Token | None]] = {}


@worker_ready.connect
def _worker_metrics(**kwargs):
    port = os.environ.get("CELERY_METRICS_PORT", "").strip()
    if port:
        address = os.environ.get("CELERY_METRICS_ADDRESS", "").strip() or "127.0.0.1"
        metrics.worker_exporter(int(port), address)


@before_task_publish.connect
def _publish_request_id(headers=None, **kwargs):
    request_id = REQUEST_ID.get()
    if request_id and headers is not None:
        headers.setdefault("request_id", request_id)


@task_prerun.connect
def _task_started(task_id=None, task=None, **kwargs):
    request_id = sane(
        getattr(task.request, "request_id", None)
        or (getattr(task.request, "headers", None) or {}).get("request_id")
    )
    if request_id is None and task.request.is_eager and REQUEST_ID.get():
        token = None  # run inside the request: its id goes on
    else:
        token = REQUEST_ID.set(request_id or f"task-{task_id}")
    _running[task_id] = (time.perf_counter(), token)


@task_postrun.connect
def _task_finished(task_id=None, task=None, state=None, **kwargs):
    started, token = _running.pop(task_id, (None, None))
    if started is not None:
        metrics.TASKS.labels(task=task.name, state=state or "UNKNOWN").observe(
            time.perf_counter() - started
        )
    if token is not None:
        REQUEST_ID.reset(token)
