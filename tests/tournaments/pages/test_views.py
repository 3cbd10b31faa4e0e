"""Login, logout, throttling and the role-protected areas."""

import pytest
from django.urls import reverse

from tests.support.builders import PASSWORD, make_tournament
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


def login(client, username, password=PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_login_page_is_german(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert "Benutzername" in response.content.decode()
    assert '<html lang="de">' in response.content.decode()


def test_login_with_correct_password_redirects_home(client, director):
    response = login(client, "leiterin")
    assert response.status_code == 302
    assert response.url == reverse("home")
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


def test_home_shows_empty_state(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert "Zurzeit sind keine Turniere veröffentlicht" in response.content.decode()


def test_home_lists_open_tournaments_but_not_drafts(client, director):
    draft = make_tournament(director=director, name="Geheimer Entwurf")
    public = make_tournament(director=director, name="Offene Meisterschaft")
    registration_services.tournament_open_registration(tournament=public)
    html = client.get(reverse("home")).content.decode()
    assert "Offene Meisterschaft" in html
    assert draft.name not in html
    assert "Kommende Turniere" in html


@pytest.mark.parametrize(
    ("url_name", "fixture_name"),
    [
        ("director:home", "director"),
        ("referee_home", "referee"),
        ("commission_home", "commission_member"),
    ],
)
def test_area_is_open_to_its_role_only(client, request, url_name, fixture_name, plain_user):
    url = reverse(url_name)
    assert client.get(url).status_code == 302  # anonymous → login
    client.force_login(plain_user)
    forbidden = client.get(url)
    assert forbidden.status_code == 403
    assert "Keine Berechtigung" in forbidden.content.decode()
    client.force_login(request.getfixturevalue(fixture_name))
    assert client.get(url).status_code == 200


def test_navigation_shows_only_own_areas(client, referee):
    client.force_login(referee)
    html = client.get(reverse("home")).content.decode()
    assert reverse("referee_home") in html
    assert reverse("director:home") not in html
    assert reverse("commission_home") not in html


def test_unknown_url_gives_german_404(client):
    response = client.get("/gibt-es-nicht/")
    assert response.status_code == 404
    assert "Seite nicht gefunden" in response.content.decode()


def test_seed_demo_is_idempotent(django_user_model):
    from django.core.management import call_command

    call_command("seed_demo", players=48, force=True)
    call_command("seed_demo", players=48, force=True)
    assert django_user_model.objects.filter(username="admin").count() == 1
    from tournaments.models import Round, Tournament

    assert Tournament.objects.filter(name__startswith="Demo:").count() == 3
    assert Round.objects.filter(tournament__name="Demo: Stadtmeisterschaft Berlin").count() == 1
    assert Tournament.objects.get(name="Demo: Stadtmeisterschaft Köln").status == "finished"
