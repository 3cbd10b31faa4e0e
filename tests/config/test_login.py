"""Login, logout and throttling (django-axes): German pages, five failures lock."""

import pytest
from django.urls import reverse

from tests.support.builders import PASSWORD

pytestmark = pytest.mark.django_db


def login(client, username, password=PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


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


def test_logout_needs_post_and_ends_session(client, director):
    client.force_login(director)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
