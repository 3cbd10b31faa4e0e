"""/healthz and /readyz (issue 31): what a load balancer and a supervisor ask, answered before
host checks, HTTPS redirects and sessions; a failed dependency answers 503 and is named."""

import json

import pytest
from django.db import connection
from django.test import override_settings

from config import health


@pytest.fixture(autouse=True)
def _migrations_read_again(monkeypatch):
    monkeypatch.setattr(health, "_migrations_applied", False)


def _body(response) -> dict:
    return json.loads(response.content)


def test_liveness_answers_without_the_database_a_host_check_or_a_session(client, settings):
    """No database fixture: a query here would fail the test."""
    settings.ALLOWED_HOSTS = ["turniere.example"]
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/healthz", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
    assert _body(response) == {"status": "ok"}
    assert response["Cache-Control"] == "no-store"
    assert response.cookies == {}


@pytest.mark.django_db
def test_readiness_checks_database_migrations_cache_and_broker(client, settings):
    settings.ALLOWED_HOSTS = ["turniere.example"]
    response = client.get("/readyz", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
    eager = (
        settings.CELERY_TASK_ALWAYS_EAGER
        if hasattr(settings, "CELERY_TASK_ALWAYS_EAGER")
        else False
    )
    assert _body(response) == {
        "status": "ok",
        "database": "ok",
        "migrations": "ok",
        "cache": "ok",
        "broker": "eager" if eager else "ok",
    }
    assert response["Cache-Control"] == "no-store"
    assert response.cookies == {}


def test_other_paths_and_methods_pass_through(client, db):
    assert client.post("/readyz").status_code == 404
    assert client.get("/healthz/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_readiness_fails_and_names_the_database_when_it_cannot_be_reached(client, monkeypatch):
    """A real failed connection: the default database points where nothing answers."""
    unreachable = (
        {"NAME": "/nonexistent-folder/drv.sqlite3"}
        if connection.vendor == "sqlite"
        else {"HOST": "127.0.0.1", "PORT": "1"}
    )
    connection.close()
    for key, value in unreachable.items():
        monkeypatch.setitem(connection.settings_dict, key, value)
    try:
        response = client.get("/readyz")
    finally:
        monkeypatch.undo()
        connection.close()
    assert response.status_code == 503
    body = _body(response)
    assert body["status"] == "fail"
    assert body["database"] == "fail"
    assert body["migrations"] == "fail"


def test_readiness_fails_and_names_the_cache_when_redis_is_down(client, db):
    """A Redis cache on a port where nothing listens (connection refused at once)."""
    down = {
        "default": {
            "BACKEND": "config.redis_cache.ReusingRedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with override_settings(CACHES=down):
        response = client.get("/readyz")
    assert response.status_code == 503
    assert _body(response)["cache"] == "fail"
    assert _body(response)["database"] == "ok"


def test_readiness_fails_and_names_the_broker_when_it_cannot_be_reached(client, settings, db):
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    before = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"
    try:
        response = client.get("/readyz")
    finally:
        app.conf.broker_url = before
    assert response.status_code == 503
    assert _body(response)["broker"] == "fail"


def test_readiness_fails_while_a_migration_is_not_applied(client, db, monkeypatch):
    from django.db.migrations.executor import MigrationExecutor

    monkeypatch.setattr(MigrationExecutor, "migration_plan", lambda self, targets: ["0099"])
    response = client.get("/readyz")
    assert response.status_code == 503
    assert _body(response)["migrations"] == "fail"
