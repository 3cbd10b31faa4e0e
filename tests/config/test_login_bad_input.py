"""Bad input at the log-in and at the account links is never a 500 (issue 30.4): django-axes
writes the user name, the path and the user agent of every counted attempt, and PostgreSQL
refuses NUL in text and more than 255 characters in those columns. What axes writes is made
storable first (config/login_throttle.py); run these on PostgreSQL too."""

import pytest
from axes.models import AccessAttempt
from django.test import override_settings
from django.urls import reverse

from config.login_throttle import client_ip
from players.accounts import throttle
from tournaments.common import ratelimit

pytestmark = pytest.mark.django_db

LONG = "x" * 5000


def login(client, username, password="falsch", **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def test_a_5000_character_user_name_is_a_failed_log_in(client):
    response = login(client, LONG)
    assert response.status_code == 200
    assert "Benutzername oder Passwort ist falsch" in response.content.decode()
    assert list(AccessAttempt.objects.values_list("username", "failures_since_start")) == [
        ("x" * 255, 1)
    ]


def test_the_long_name_is_counted_and_locked_like_any_other(client):
    for _ in range(5):
        login(client, LONG)
    assert login(client, LONG).status_code == 429


def test_a_user_name_with_nul_is_refused_without_a_500(client, director):
    response = login(client, "leiter\x00in", "falsch")
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_nul_in_the_user_agent_and_path_of_a_failed_log_in_is_dropped(client):
    response = login(client, "leiterin", HTTP_USER_AGENT="Bot\x00/1.0")
    assert response.status_code == 200
    assert list(AccessAttempt.objects.values_list("username", "user_agent", "path_info")) == [
        ("leiterin", "Bot/1.0", reverse("login"))
    ]


def test_a_sign_up_link_with_nul_is_an_invalid_link(client):
    """Counted as a bad link by the address's limit (players/accounts/throttle.py), not by axes."""
    response = client.get("/konto/registrieren/%00/")
    assert response.status_code == 404
    assert "Dieser Bestätigungslink ist ungültig." in response.content.decode()
    assert AccessAttempt.objects.count() == 0
    assert ratelimit.count(f"{throttle.LINK}:ip", "127.0.0.1") == 1


@pytest.mark.parametrize("path", ["/konto/passwort-neu/%00/x/", "/konto/passwort-neu/MQ/%00/"])
def test_a_reset_link_with_nul_is_an_invalid_link(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert "Dieser Link ist ungültig" in response.content.decode()
    assert AccessAttempt.objects.count() == 0
    assert ratelimit.count(f"{throttle.LINK}:ip", "127.0.0.1") == 1


def test_a_sign_up_request_with_nul_in_its_fields_is_counted(client):
    response = client.post("/konto/registrieren/", {"federation_number": "1\x002", "email": "a"})
    assert response.status_code == 422
    assert ratelimit.count(f"{throttle.OPEN}:ip", "127.0.0.1") == 1


@override_settings(AXES_IPWARE_PROXY_COUNT=1)
def test_a_forwarded_address_that_is_no_address_is_not_taken(rf):
    request = rf.get("/", HTTP_X_FORWARDED_FOR="nonsense\x00", REMOTE_ADDR="10.0.0.7")
    assert client_ip(request) == "10.0.0.7"
    request = rf.get("/", HTTP_X_FORWARDED_FOR="203.0.113.9", REMOTE_ADDR="10.0.0.7")
    assert client_ip(request) == "203.0.113.9"
