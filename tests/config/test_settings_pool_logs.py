"""Pooled database connections, the log format and the metrics settings come from the
environment (issue 31.2-31.4); each case runs Django in a fresh process
(tests/config/test_settings.py), also several for the multiprocess metrics."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.config.test_settings import CONTROLLED, ROOT

PROBE = (
    "import json, django; from django.conf import settings; django.setup();"
    "db = settings.DATABASES['default'];"
    "print(json.dumps({'options': db.get('OPTIONS', {}), 'max_age': db['CONN_MAX_AGE'],"
    " 'health': db['CONN_HEALTH_CHECKS'], 'log': settings.LOG_FORMAT,"
    " 'no_named_cursors': db['DISABLE_SERVER_SIDE_CURSORS'],"
    " 'formatter': settings.LOGGING['handlers']['console']['formatter']}))"
)
POSTGRES = {"DATABASE_URL": "postgres://drv:geheim@db.example:5433/turniere"}
OURS = (
    "DATABASE_POOL",
    "DATABASE_CONN_MAX_AGE",
    "DATABASE_DISABLE_SERVER_SIDE_CURSORS",
    "LOG_FORMAT",
    "SENTRY_DSN",
)


def run_django(env_overrides: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    """As tests/config/test_settings.py, without any of this module's variables from outside."""
    env = {k: v for k, v in os.environ.items() if k not in CONTROLLED and not k.startswith(OURS)}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    env.update(env_overrides)
    command = [sys.executable, *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def probe(env: dict) -> dict:
    result = run_django(env, "-c", PROBE)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_postgresql_keeps_checked_persistent_connections_by_default():
    config = probe({**POSTGRES, "DATABASE_CONN_MAX_AGE": "120"})
    assert "pool" not in config["options"]
    assert config["max_age"] == 120
    assert config["health"] is True


def test_the_pool_is_set_from_the_environment_and_replaces_persistent_connections():
    config = probe(
        {
            **POSTGRES,
            "DATABASE_POOL": "1",
            "DATABASE_POOL_MIN_SIZE": "3",
            "DATABASE_POOL_MAX_SIZE": "9",
            "DATABASE_POOL_TIMEOUT": "5",
        }
    )
    assert config["options"]["pool"] == {"min_size": 3, "max_size": 9, "timeout": 5.0}
    assert config["max_age"] == 0


def test_server_side_cursors_can_be_turned_off_for_pgbouncer_in_transaction_mode():
    assert probe(POSTGRES)["no_named_cursors"] is False
    assert (
        probe({**POSTGRES, "DATABASE_DISABLE_SERVER_SIDE_CURSORS": "1"})["no_named_cursors"] is True
    )


def test_the_pool_has_defaults_and_never_applies_to_sqlite():
    assert probe({**POSTGRES, "DATABASE_POOL": "on"})["options"]["pool"] == {
        "min_size": 2,
        "max_size": 4,
        "timeout": 10.0,
    }
    assert "pool" not in probe({"DATABASE_POOL": "1"})["options"]


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DJANGO_DEBUG": "1"}, "console"),
        ({"DJANGO_DEBUG": "0", "SECRET_KEY": "x" * 50}, "json"),
        ({"DJANGO_DEBUG": "0", "SECRET_KEY": "x" * 50, "LOG_FORMAT": "console"}, "console"),
        ({"DJANGO_DEBUG": "1", "LOG_FORMAT": "JSON"}, "json"),
    ],
)
def test_logs_are_json_lines_without_debug_and_readable_lines_with_it(env, expected):
    config = probe(env)
    assert (config["log"], config["formatter"]) == (expected, expected)


def test_an_unknown_log_format_stops_the_start():
    result = run_django({"LOG_FORMAT": "xml"}, "-c", PROBE)
    assert result.returncode != 0
    assert "LOG_FORMAT must be json or console." in result.stderr


def test_a_json_log_line_in_production_carries_the_request_id_field():
    script = (
        "import django, logging; django.setup();"
        "logging.getLogger('drv.test').warning('hello %s', 'world')"
    )
    result = run_django({"DJANGO_DEBUG": "0", "SECRET_KEY": "x" * 50}, "-c", script)
    assert result.returncode == 0, result.stderr
    line = json.loads(result.stderr.strip().splitlines()[-1])
    assert {k: line[k] for k in ("level", "logger", "message", "request_id")} == {
        "level": "WARNING",
        "logger": "drv.test",
        "message": "hello world",
        "request_id": "-",
    }


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="needs DATABASE_URL on PostgreSQL",
)
def test_the_pool_serves_queries_on_postgresql():
    """A real pool (psycopg_pool) against the server; the maintenance database `postgres`,
    which always exists (the test database belongs to the running session)."""
    url = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    script = (
        "import json, django; django.setup(); from django.db import connection;"
        "cursor = connection.cursor(); cursor.execute('SELECT 41 + 1');"
        "stats = connection.pool.get_stats();"
        "print(json.dumps({'answer': cursor.fetchone()[0], 'pool': type(connection.pool).__name__,"
        " 'max': stats['pool_max'], 'min': stats['pool_min']}))"
    )
    env = {"DATABASE_URL": url, "DATABASE_POOL": "1", "DATABASE_POOL_MAX_SIZE": "3"}
    result = run_django(env, "-c", script)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {
        "answer": 42,
        "pool": "ConnectionPool",
        "max": 3,
        "min": 2,
    }


def test_a_metrics_network_that_is_no_network_stops_the_start():
    result = run_django({"METRICS_ALLOWED_NETWORKS": "10.0.0.0/8, intranet"}, "-c", PROBE)
    assert result.returncode != 0
    assert "METRICS_ALLOWED_NETWORKS: 'intranet' is no network" in result.stderr
    assert probe({"METRICS_ALLOWED_NETWORKS": "10.0.0.0/8, ::1"})["log"] == "console"


def test_several_processes_add_up_in_the_multiprocess_folder(tmp_path):
    """gunicorn's processes each write their numbers to PROMETHEUS_MULTIPROC_DIR; a scrape
    in any of them answers the sum (docs/operations.md, Metrics)."""
    env = {"PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    count = (
        "import django; django.setup(); from config import metrics;"
        "metrics.REQUESTS.labels(view='home', method='GET', status='200').inc({n})"
    )
    for n in (2, 3):
        result = run_django(env, "-c", count.format(n=n))
        assert result.returncode == 0, result.stderr
    scrape = (
        "import django; django.setup(); from config import metrics;"
        "print(metrics.exposition().decode())"
    )
    result = run_django(env, "-c", scrape)
    assert result.returncode == 0, result.stderr
    line = 'drv_http_requests_total{method="GET",status="200",view="home"} 5.0'
    assert line in result.stdout.splitlines()
    assert "drv_cache_breaker_open 0.0" in result.stdout.splitlines()
