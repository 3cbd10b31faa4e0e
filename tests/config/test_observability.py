"""Logs and errors (issue 31.3): one structured line per request with its id, view, status,
duration and role (no personal data); the id in the response header, on the 500 page and in
the log lines of tasks the request enqueued; Sentry only with SENTRY_DSN, without PII."""

from __future__ import annotations

import json
import logging
from unittest import mock

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from pythonjsonlogger.json import JsonFormatter

from config import observability, sentry
from config.celery import app
from tests.config.test_settings import run_django
from tests.support.celery import celery_conf

pytestmark = pytest.mark.django_db

JSON = JsonFormatter(
    "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
    rename_fields={"asctime": "time", "levelname": "level", "name": "logger"},
)


@pytest.fixture
def request_lines(caplog):
    caplog.handler.addFilter(observability.RequestIdFilter())
    with caplog.at_level(logging.INFO, logger="drv.request"):
        yield lambda: [
            json.loads(JSON.format(r)) for r in caplog.records if r.name == "drv.request"
        ]


def test_a_request_writes_one_json_line_with_id_view_status_duration_and_role(
    client, director, request_lines
):
    client.force_login(director)
    response = client.get(reverse("director:home"), HTTP_X_REQUEST_ID="proxy-id-0123456789")
    assert response.status_code == 200
    assert response["X-Request-ID"] == "proxy-id-0123456789"
    [line] = request_lines()
    assert line["request_id"] == "proxy-id-0123456789"
    assert line["view"] == "director:home"
    assert line["method"] == "GET"
    assert line["status"] == 200
    assert line["role"] == "director"
    assert line["user_id"] == director.pk
    assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
    assert line["level"] == "INFO" and line["logger"] == "drv.request"
    # no personal data: neither the user name nor an e-mail address
    text = json.dumps(line)
    assert director.username not in text and "@" not in text


def test_an_anonymous_request_gets_a_new_id_when_the_proxy_sends_none_or_junk(
    client, request_lines
):
    first = client.get(reverse("login"))
    junk = client.get(reverse("login"), HTTP_X_REQUEST_ID="bad id\nwith <junk>")
    ids = [first["X-Request-ID"], junk["X-Request-ID"]]
    assert all(len(value) == 32 and int(value, 16) >= 0 for value in ids)
    assert ids[0] != ids[1]
    lines = request_lines()
    assert [line["request_id"] for line in lines] == ids
    assert [line["role"] for line in lines] == ["anonymous", "anonymous"]
    assert [line["user_id"] for line in lines] == [None, None]


def test_an_unknown_url_is_logged_as_unresolved_404(client, request_lines):
    assert client.get("/gibt-es-nicht/").status_code == 404
    [line] = request_lines()
    assert (line["view"], line["status"]) == ("<unresolved>", 404)


def test_the_500_page_shows_the_request_id(client, settings, request_lines):
    settings.ROOT_URLCONF = "tests.tournaments.common.urls_broken"
    settings.DEBUG = False
    client.raise_request_exception = False
    response = client.get("/kaputt/", HTTP_X_REQUEST_ID="err-ref-abcdef12")
    assert response.status_code == 500
    assert response["X-Request-ID"] == "err-ref-abcdef12"
    assert "<code>err-ref-abcdef12</code>" in response.content.decode()
    [line] = request_lines()
    assert (line["request_id"], line["status"]) == ("err-ref-abcdef12", 500)


@app.task(name="tests.remember_request_id")
def remember_request_id() -> str | None:
    logging.getLogger("tests.task").warning("inside the task")
    return observability.current_request_id()


def test_a_task_enqueued_in_a_request_logs_the_same_request_id(caplog):
    """Eager, so the task's log line is caught here (a real worker's: config.ping in CI)."""
    caplog.handler.addFilter(observability.RequestIdFilter())
    seen = []

    def view(request):
        seen.append(remember_request_id.delay().get())
        return HttpResponse("ok")

    middleware = observability.RequestMiddleware(view)
    request = RequestFactory().get("/", HTTP_X_REQUEST_ID="task-trace-1234")
    with celery_conf(task_always_eager=True), caplog.at_level(logging.INFO):
        response = middleware(request)
    assert response["X-Request-ID"] == "task-trace-1234"
    assert seen == ["task-trace-1234"]
    [inside] = [r for r in caplog.records if r.name == "tests.task"]
    assert inside.request_id == "task-trace-1234"
    assert observability.current_request_id() is None  # reset after the request


def test_a_published_task_carries_the_id_in_its_headers_and_the_worker_takes_it():
    token = observability.REQUEST_ID.set("published-0001")
    try:
        headers: dict = {}
        observability._publish_request_id(headers=headers)
        assert headers == {"request_id": "published-0001"}
    finally:
        observability.REQUEST_ID.reset(token)
    # a worker (not eager) runs it with those headers: the id is the request's
    result = remember_request_id.apply(headers={"request_id": "published-0001"})
    assert result.get() == "published-0001"
    # a task without one (beat, a sweep) runs under its own task id
    alone = remember_request_id.apply(task_id="0f0f0f0f-1111")
    assert alone.get() == "task-0f0f0f0f-1111"
    assert observability.current_request_id() is None


def test_sentry_init_sends_no_personal_data():
    with mock.patch("sentry_sdk.init") as init:
        sentry.sentry_init(
            "https://key@errors.example/3",
            environment="staging",
            release="abc123",
            traces_sample_rate=0.0,
        )
    [call] = init.call_args_list
    options = call.kwargs
    assert options["dsn"] == "https://key@errors.example/3"
    assert options["send_default_pii"] is False
    assert options["max_request_body_size"] == "never"
    assert options["include_local_variables"] is False
    assert options["environment"] == "staging"
    assert options["release"] == "abc123"
    assert options["traces_sample_rate"] == 0.0
    assert {type(i).__name__ for i in options["integrations"]} == {
        "DjangoIntegration",
        "CeleryIntegration",
    }


SENTRY_PROBE = (
    "import json, django, sentry_sdk; django.setup(); client = sentry_sdk.get_client();"
    "print(json.dumps({'active': client.is_active(),"
    " 'pii': client.options.get('send_default_pii'), 'dsn': client.options.get('dsn')}))"
)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, {"active": False}),
        (
            {"SENTRY_DSN": "https://key@errors.example/3"},
            {"active": True, "pii": False, "dsn": "https://key@errors.example/3"},
        ),
    ],
)
def test_settings_turn_sentry_on_only_with_a_dsn(env, expected):
    result = run_django({"SENTRY_DSN": "", **env}, "-c", SENTRY_PROBE)
    assert result.returncode == 0, result.stderr
    got = json.loads(result.stdout.strip().splitlines()[-1])
    assert {key: got[key] for key in expected} == expected


def test_the_log_line_never_queries_for_the_role(client, director, django_assert_num_queries):
    """A request that never loaded its user (a signed-in 304 poll) logs "unknown"; one that
    loaded it but not its groups logs "user": the log adds no query."""
    request = RequestFactory().get("/")
    request.COOKIES["sessionid"] = "abc"
    request.user = SimpleLazyObject(lambda: director)
    assert observability.role(observability._user(request)) == "unknown"
    del request.COOKIES["sessionid"]
    assert observability.role(observability._user(request)) == "anonymous"
    request.user = User.objects.get(pk=director.pk)  # loaded, groups not read
    with django_assert_num_queries(0):
        assert observability.role(observability._user(request)) == "user"
        assert observability.role(AnonymousUser()) == "anonymous"


def test_a_worker_logs_with_the_sites_logging_not_celerys(settings):
    """Celery's setup_logging is taken over: the worker gets LOGGING (JSON, request ids)."""
    from config import celery as celery_module

    with mock.patch("logging.config.dictConfig") as configure:
        celery_module._django_logging()
    configure.assert_called_once_with(settings.LOGGING)
    assert celery_module.setup_logging.receivers  # connected: Celery leaves the root logger
