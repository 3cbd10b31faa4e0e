"""Login, logout and throttling (django-axes): German pages, five failures from one address
lock the account there, twenty from anywhere lock the account."""

import pytest
from django.urls import reverse

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


def test_guessing_spread_over_many_addresses_locks_the_account(client, director):
    for n in range(19):  # two guesses or fewer per address, never the pair limit of five
        login(client, "leiterin", "falsch", REMOTE_ADDR=f"10.0.{n % 10}.1")
    assert login(client, "leiterin", REMOTE_ADDR="10.9.9.9").status_code == 302
    client.post(reverse("logout"))
    for n in range(20):
        login(client, "leiterin", "falsch", REMOTE_ADDR=f"10.1.{n % 10}.1")
    response = login(client, "leiterin", REMOTE_ADDR="10.9.9.8")  # a fresh address, right password
    assert response.status_code == 429
    assert "Zu viele Anmeldeversuche" in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert login(client, "anderer-name", "falsch", REMOTE_ADDR="10.9.9.8").status_code == 200


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
