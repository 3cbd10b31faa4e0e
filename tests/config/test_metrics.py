"""/metrics (issue 31.2): Prometheus text for a token or an allowed network, refused otherwise;
request, query, page cache, live poll, breaker, login throttle and Celery metrics."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
import redis
from django.urls import reverse
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from config import metrics
from tests.support.builders import make_released_round, play_round
from tests.support.celery import celery_conf
from tournaments.common import breaker

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "s3cret-metrics-token"
AUTH = {"HTTP_AUTHORIZATION": f"Bearer {TOKEN}"}


@pytest.fixture(autouse=True)
def _metrics_on(settings):
    settings.METRICS_TOKEN = TOKEN
    settings.METRICS_ALLOWED_NETWORKS = ["10.1.0.0/16"]


def scrape(client, **headers) -> dict:
    response = client.get("/metrics", **(headers or AUTH))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    samples = {}
    for family in text_string_to_metric_families(response.content.decode()):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples: dict, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_are_refused_without_the_token_or_from_another_network(client, settings):
    settings.ALLOWED_HOSTS = ["turniere.example"]  # answered before the host check
    host = {"HTTP_HOST": "10.0.0.7:8000"}
    assert client.get("/metrics", **host).status_code == 403
    wrong = client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong", **host)
    assert wrong.status_code == 403
    assert wrong.content == b"forbidden\n"
    forwarded = client.get("/metrics", HTTP_X_FORWARDED_FOR="10.1.2.3", **host)
    assert forwarded.status_code == 403  # only the direct peer counts
    assert client.get("/metrics", **host, **AUTH).status_code == 200


def test_metrics_are_answered_to_an_allowed_network_without_token(client):
    response = client.get("/metrics", REMOTE_ADDR="10.1.2.3")
    assert response.status_code == 200
    assert b"drv_http_requests_total" in response.content
    assert response["Cache-Control"] == "no-store"


def test_without_token_and_networks_there_is_no_metrics_page(client, settings):
    settings.METRICS_TOKEN = ""
    settings.METRICS_ALLOWED_NETWORKS = []
    assert client.get("/metrics", **AUTH).status_code == 404


@pytest.mark.django_db
def test_a_request_counts_by_view_method_and_status_with_its_queries(client):
    labels = {"view": "login", "method": "GET", "status": "200"}
    before = scrape(client)
    assert client.get(reverse("login")).status_code == 200
    after = scrape(client)
    assert value(after, "drv_http_requests_total", **labels) == (
        value(before, "drv_http_requests_total", **labels) + 1
    )
    assert value(after, "drv_http_request_duration_seconds_count", view="login") == (
        value(before, "drv_http_request_duration_seconds_count", view="login") + 1
    )


@pytest.mark.django_db
def test_a_public_page_read_counts_its_cache_miss_then_hit_and_its_queries(
    client, director, players, desk_user, django_capture_on_commit_callbacks
):
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    with django_capture_on_commit_callbacks(execute=True):
        play_round(rnd, director=director, desk=desk_user)
    url = reverse("round_results", args=[tournament.pk, rnd.number])
    before = scrape(client)
    assert client.get(url)["X-Public-Cache"] == "miss"
    assert client.get(url)["X-Public-Cache"] == "hit"
    after = scrape(client)
    for outcome in ("miss", "hit"):
        assert value(after, "drv_public_cache_total", outcome=outcome) == (
            value(before, "drv_public_cache_total", outcome=outcome) + 1
        )
    assert value(after, "drv_public_cache_total", outcome="wait") == value(
        before, "drv_public_cache_total", outcome="wait"
    )
    # the miss rendered from the database; the view's queries are counted under its name
    assert value(after, "drv_db_queries_total", view="round_results") > value(
        before, "drv_db_queries_total", view="round_results"
    )
    # both reads were live-view answers rendered, not 304
    assert value(after, "drv_live_polls_total", answer="rendered") == (
        value(before, "drv_live_polls_total", answer="rendered") + 2
    )


@pytest.mark.django_db
def test_an_unchanged_live_poll_counts_as_not_modified(
    client, director, players, desk_user, django_capture_on_commit_callbacks
):
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    url = reverse("standings", args=[tournament.pk])
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live-standings"}
    tag = client.get(url, **headers)["ETag"]
    before = scrape(client)
    assert client.get(url, HTTP_IF_NONE_MATCH=tag, **headers).status_code == 304
    after = scrape(client)
    assert value(after, "drv_live_polls_total", answer="not_modified") == (
        value(before, "drv_live_polls_total", answer="not_modified") + 1
    )


def test_the_breaker_state_is_a_gauge_read_at_scrape_time(client):
    breaker.reset()
    assert value(scrape(client), "drv_cache_breaker_open") == 0.0
    with pytest.raises(breaker.CacheUnavailable):
        breaker.call(_fail, what="test")
    try:
        assert value(scrape(client), "drv_cache_breaker_open") == 1.0
    finally:
        breaker.reset()


def _fail():
    raise ConnectionError("down")


def test_eager_celery_has_no_queue_length(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    assert metrics.celery_queue_lengths() == {}


@pytest.mark.django_db
def test_a_task_run_is_timed_by_name_and_state(client):
    from config.celery import ping

    name = "drv_celery_task_duration_seconds_count"
    before = scrape(client)
    ping.apply(args=("x",))
    after = scrape(client)
    assert value(after, name, task="config.ping", state="SUCCESS") == (
        value(before, name, task="config.ping", state="SUCCESS") + 1
    )


@pytest.mark.django_db
def test_a_login_refused_by_the_throttle_is_counted(client, director):
    def attempt() -> tuple[int, float]:
        before = value(scrape(client), "drv_login_refused_total")
        status = client.post(
            reverse("login"), {"username": "leiterin", "password": "falsch"}
        ).status_code
        return status, value(scrape(client), "drv_login_refused_total") - before

    assert [attempt() for _ in range(4)] == [(200, 0.0)] * 4  # wrong passwords, not refused
    assert attempt() == (429, 1.0)  # the fifth failure locks the pair: refused
    assert attempt() == (429, 1.0)


@pytest.mark.warm_up
@pytest.mark.django_db
def test_a_publication_observes_its_commit_to_warmed_pages_time(
    client, director, players, desk_user, django_capture_on_commit_callbacks, settings
):
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    name = "drv_publication_warmed_seconds_count"
    before = scrape(client)
    # the warm-up runs in this process (CI's PostgreSQL stage has a real worker)
    with (
        celery_conf(task_always_eager=True, task_eager_propagates=True),
        django_capture_on_commit_callbacks(execute=True),
    ):
        play_round(rnd, director=director, desk=desk_user)
    after = scrape(client)
    assert value(after, name) == value(before, name) + 1


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL")
def test_the_celery_queue_length_is_read_from_the_redis_broker(settings):
    url = os.environ["REDIS_URL"].rsplit("/", 1)[0] + "/7"  # not CI's databases 12 and 13
    settings.CELERY_BROKER_URL = url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    client = redis.Redis.from_url(url)
    client.delete("celery")
    client.rpush("celery", "a", "b", "c")
    try:
        assert metrics.celery_queue_lengths() == {"celery": 3}
    finally:
        client.delete("celery")
    assert metrics.celery_queue_lengths() == {"celery": 0}


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL")
def test_the_beat_heartbeat_age_is_a_gauge_read_at_scrape_time(client, settings, monkeypatch):
    url = os.environ["REDIS_URL"].rsplit("/", 1)[0] + "/7"
    settings.CELERY_BROKER_URL = url
    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(metrics, "celery_queue_lengths", lambda: {})
    key = f"{settings.CACHES['default']['KEY_PREFIX']}:celery-beat:heartbeat"
    connection = redis.Redis.from_url(url)
    connection.delete(key)
    try:
        assert ("drv_celery_beat_heartbeat_age_seconds", ()) not in scrape(client)
        connection.set(key, f"{time.time() - 42:.3f} host:1:2")
        age = value(scrape(client), "drv_celery_beat_heartbeat_age_seconds")
        assert 42 <= age < 50
    finally:
        connection.delete(key)


def test_a_worker_serves_its_metrics_only_when_a_port_is_set(monkeypatch):
    from config import observability

    started = []
    monkeypatch.setattr(metrics, "start_http_server", lambda *a, **kw: started.append((a, kw)))
    monkeypatch.delenv("CELERY_METRICS_PORT", raising=False)
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    observability._worker_metrics()
    assert started == []
    monkeypatch.setenv("CELERY_METRICS_PORT", "9808")
    observability._worker_metrics()
    monkeypatch.setenv("CELERY_METRICS_ADDRESS", "10.1.0.5")
    observability._worker_metrics()
    assert started == [
        ((9808,), {"addr": "127.0.0.1", "registry": REGISTRY}),
        ((9808,), {"addr": "10.1.0.5", "registry": REGISTRY}),
    ]


def test_the_sample_dashboard_asks_only_for_metrics_the_site_exports(monkeypatch):
    """deploy/grafana-dashboard.json: every `drv_` series in its queries is one /metrics has."""
    monkeypatch.setattr(metrics, "celery_queue_lengths", lambda: {"celery": 0})
    monkeypatch.setattr(metrics, "beat_heartbeat_age", lambda: 3.0)
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}
    exported = {
        family.name + suffix
        for family in REGISTRY.collect()
        if family.name.startswith("drv_")
        for suffix in suffixes[family.type]
    }
    dashboard = json.loads((ROOT / "deploy" / "grafana-dashboard.json").read_text())
    asked = {
        name
        for panel in dashboard["panels"]
        for target in panel["targets"]
        for name in re.findall(r"\bdrv_[a-z_]+", target["expr"])
    }
    assert len(dashboard["panels"]) == 13
    assert asked <= exported, asked - exported
    assert {
        "drv_live_polls_total",
        "drv_cache_breaker_open",
        "drv_celery_queue_length",
        "drv_celery_beat_heartbeat_age_seconds",
    } <= asked
