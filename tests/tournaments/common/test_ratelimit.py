"""Fixed-window counters for pages without an account (issue #15.1)."""

from unittest import mock

from django.test import RequestFactory

from tournaments.common import breaker, ratelimit


def test_hits_count_up_to_the_limit_per_scope_and_ident():
    assert [ratelimit.hit("probe", "1.2.3.4", window=60) for _ in range(3)] == [1, 2, 3]
    assert ratelimit.exceeded("probe", "1.2.3.4", limit=3)
    assert not ratelimit.exceeded("probe", "1.2.3.4", limit=4)
    assert not ratelimit.exceeded("probe", "5.6.7.8", limit=1)
    assert not ratelimit.exceeded("other", "1.2.3.4", limit=1)


def test_nothing_is_limited_while_the_cache_is_down():
    with mock.patch.object(breaker, "is_open", return_value=True):
        assert ratelimit.hit("probe", "9.9.9.9", window=60) == 0
        assert not ratelimit.exceeded("probe", "9.9.9.9", limit=1)


def test_the_address_behind_proxies_is_read_like_the_login_throttle(settings):
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7, 10.0.0.2"
    )
    settings.AXES_IPWARE_PROXY_COUNT = None
    assert ratelimit.client_address(request) == "10.0.0.1"
    settings.AXES_IPWARE_PROXY_COUNT = 2
    assert ratelimit.client_address(request) == "203.0.113.7"
