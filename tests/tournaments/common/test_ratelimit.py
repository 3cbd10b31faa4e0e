"""Fixed-window counters for pages without an account (issue #15.1), and their per-process
fallback while the cache is down (issue #30.3)."""

from unittest import mock

from django.test import RequestFactory

from tournaments.common import breaker, ratelimit


def test_hits_count_up_to_the_limit_per_scope_and_ident():
    assert [ratelimit.hit("probe", "1.2.3.4", window=60) for _ in range(3)] == [1, 2, 3]
    assert ratelimit.exceeded("probe", "1.2.3.4", limit=3)
    assert not ratelimit.exceeded("probe", "1.2.3.4", limit=4)
    assert not ratelimit.exceeded("probe", "5.6.7.8", limit=1)
    assert not ratelimit.exceeded("other", "1.2.3.4", limit=1)


def test_while_the_cache_is_down_each_process_counts_for_itself():
    """Issue #30.3: a Redis outage loosens the limits, never switches them off."""
    with mock.patch.object(breaker, "is_open", return_value=True):
        assert [ratelimit.hit("probe", "9.9.9.9", window=60) for _ in range(3)] == [1, 2, 3]
        assert ratelimit.exceeded("probe", "9.9.9.9", limit=3)
        assert not ratelimit.exceeded("probe", "8.8.8.8", limit=1)
    # back up: the outage's counts hold until their window ends
    assert ratelimit.exceeded("probe", "9.9.9.9", limit=3)
    assert ratelimit.hit("probe", "9.9.9.9", window=60) == 3  # the shared count starts at 1


def test_a_local_window_ends(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(ratelimit.time, "monotonic", lambda: clock[0])
    with mock.patch.object(breaker, "is_open", return_value=True):
        assert ratelimit.hit("probe", "7.7.7.7", window=60) == 1
        clock[0] += 59
        assert ratelimit.hit("probe", "7.7.7.7", window=60) == 2
        clock[0] += 2
        assert ratelimit.count("probe", "7.7.7.7") == 0
        assert ratelimit.hit("probe", "7.7.7.7", window=60) == 1


def test_the_local_counters_stay_bounded(monkeypatch):
    monkeypatch.setattr(ratelimit, "LOCAL_KEYS", 4)
    with mock.patch.object(breaker, "is_open", return_value=True):
        for n in range(10):
            ratelimit.hit("probe", f"10.0.0.{n}", window=60)
    assert len(ratelimit._local._windows) <= 4
    ratelimit.forget_local()


def test_the_address_behind_proxies_is_read_like_the_login_throttle(settings):
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7, 10.0.0.2"
    )
    settings.AXES_IPWARE_PROXY_COUNT = None
    assert ratelimit.client_address(request) == "10.0.0.1"
    settings.AXES_IPWARE_PROXY_COUNT = 2
    assert ratelimit.client_address(request) == "203.0.113.7"
