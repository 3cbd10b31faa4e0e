"""Login, logout and throttling (django-axes): German pages; five failures from one address
lock the account there, fifty from one address lock that address; twenty from anywhere slow
the addresses that failed down but never refuse the right password from a fresh address."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.db.models import Max, Sum
from django.urls import reverse

from config import login_throttle
from tests.support.builders import PASSWORD

pytestmark = pytest.mark.django_db


def login(client, username, password=PASSWORD, **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def test_login_page_is_german(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert "Benutzername" in response.content.decode()
    assert '<html lang="de">' in response.content.decode()


def test_login_with_correct_password_lands_on_the_start_page(client, director):
    response = login(client, "leiterin")
    assert response.status_code == 302
    assert response.url == reverse("start")
    assert client.get(response.url).url == reverse("director:home")
    assert client.get(reverse("director:home")).status_code == 200


def test_login_with_wrong_password_shows_german_error(client, director):
    response = login(client, "leiterin", "falsch")
    assert response.status_code == 200
    assert "Benutzername oder Passwort ist falsch" in response.content.decode()


def test_login_is_locked_after_five_failures(client, director):
    for _ in range(5):
        login(client, "leiterin", "falsch")
    response = login(client, "leiterin")  # even the right password is refused now
    assert response.status_code == 429
    assert "Zu viele Anmeldeversuche" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_five_failures_from_one_address_do_not_lock_the_account_elsewhere(client, director):
    for _ in range(5):
        login(client, "leiterin", "falsch", REMOTE_ADDR="10.0.0.1")
    assert login(client, "leiterin", REMOTE_ADDR="10.0.0.1").status_code == 429
    assert login(client, "leiterin", REMOTE_ADDR="10.0.0.2").status_code == 302


def _freeze_throttle_clock(monkeypatch, at):
    """The throttle reads its waits off this time (no sleeping in tests)."""
    monkeypatch.setattr(login_throttle, "_now", lambda: at)


def _last_failure(**filters):
    return AccessAttempt.objects.filter(**filters).aggregate(last=Max("attempt_time"))["last"]


def test_a_locked_pair_says_how_long_it_waits(client, director, monkeypatch):
    for _ in range(5):
        login(client, "leiterin", "falsch", REMOTE_ADDR="10.0.0.1")
    _freeze_throttle_clock(monkeypatch, _last_failure(ip_address="10.0.0.1"))
    response = login(client, "leiterin", REMOTE_ADDR="10.0.0.1")
    assert response.status_code == 429
    assert response["Retry-After"] == "900"
    assert "Bitte versuchen Sie es in 15 Minuten erneut." in response.content.decode()


def test_wrong_passwords_spread_over_five_addresses_do_not_stop_the_right_one(client, director):
    """Issue #30.2: the director's right password from a fresh address on a tournament day."""
    for n in range(20):  # four per address, never the pair limit of five
        login(client, "leiterin", "falsch", REMOTE_ADDR=f"10.0.0.{n % 5}")
    total = AccessAttempt.objects.filter(username="leiterin").aggregate(
        n=Sum("failures_since_start")
    )
    assert total["n"] == 20
    response = login(client, "leiterin", REMOTE_ADDR="10.9.9.9")
    assert (response.status_code, response.url) == (302, reverse("start"))
    assert client.session["_auth_user_id"] == str(director.pk)


def test_past_the_account_limit_an_address_that_failed_waits_a_growing_delay(
    client, director, monkeypatch
):
    for n in range(20):
        login(client, "leiterin", "falsch", REMOTE_ADDR=f"10.0.0.{n % 5}")
    # the 21st failure, from a sixth address: heard, then that address waits 2 s
    failed = login(client, "leiterin", "falsch", REMOTE_ADDR="10.0.1.1")
    assert failed.status_code == 429
    last = _last_failure(ip_address="10.0.1.1")
    _freeze_throttle_clock(monkeypatch, last + timedelta(seconds=1))
    waiting = login(client, "leiterin", REMOTE_ADDR="10.0.1.1")  # even the right password waits
    assert waiting.status_code == 429
    assert waiting["Retry-After"] == "1"
    assert "Bitte versuchen Sie es in 1 Sekunde erneut." in waiting.content.decode()
    assert "_auth_user_id" not in client.session
    # the refused try was not checked and does not count: two seconds after the failure it goes
    _freeze_throttle_clock(monkeypatch, last + timedelta(seconds=2))
    assert login(client, "leiterin", REMOTE_ADDR="10.0.1.1").status_code == 302
    assert client.session["_auth_user_id"] == str(director.pk)


def test_the_delay_doubles_up_to_the_cool_off(settings):
    assert settings.AXES_ACCOUNT_FAILURE_LIMIT == 20
    delays = [login_throttle.account_delay(n).total_seconds() for n in (19, 20, 21, 22, 29, 30)]
    assert delays == [0, 1, 2, 4, 512, 900]


def test_one_address_trying_many_accounts_is_locked(client, director, settings):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 6
    for n in range(6):  # one guess per account name
        login(client, f"name-{n}", "falsch", REMOTE_ADDR="10.0.0.7")
    assert login(client, "leiterin", REMOTE_ADDR="10.0.0.7").status_code == 429
    assert login(client, "leiterin", REMOTE_ADDR="10.0.0.8").status_code == 302


def test_a_success_clears_only_its_own_pair(client, director, settings):
    """Logging in to an account of one's own does not wipe the address's count."""
    settings.AXES_ADDRESS_FAILURE_LIMIT = 6
    for n in range(5):
        login(client, f"name-{n}", "falsch", REMOTE_ADDR="10.0.0.7")
    login(client, "leiterin", "falsch", REMOTE_ADDR="10.0.0.7")
    client.post(reverse("logout"))
    assert login(client, "leiterin", REMOTE_ADDR="10.0.0.7").status_code == 429
    assert AccessAttempt.objects.filter(ip_address="10.0.0.7").count() == 6


def test_behind_one_proxy_the_address_the_proxy_saw_counts(client, director, settings):
    """A client cannot dodge the pair limit by sending its own X-Forwarded-For."""
    settings.AXES_IPWARE_PROXY_COUNT = 1
    for n in range(5):
        login(
            client,
            "leiterin",
            "falsch",
            REMOTE_ADDR="192.168.0.10",  # the load balancer
            HTTP_X_FORWARDED_FOR=f"1.2.3.{n}, 203.0.113.7",
        )
    locked = login(
        client, "leiterin", REMOTE_ADDR="192.168.0.10", HTTP_X_FORWARDED_FOR="203.0.113.7"
    )
    assert locked.status_code == 429
    other = login(
        client, "leiterin", REMOTE_ADDR="192.168.0.10", HTTP_X_FORWARDED_FOR="198.51.100.4"
    )
    assert other.status_code == 302


def test_logout_needs_post_and_ends_session(client, director):
    client.force_login(director)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
