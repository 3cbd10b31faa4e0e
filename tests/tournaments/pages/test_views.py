"""The start page, the staff areas' entry pages and the German 404."""

import pytest
from django.urls import reverse

from tests.support.builders import make_tournament, simulate_tournament
from tournaments.registration import services as registration_services

pytestmark = pytest.mark.django_db


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


def test_start_page_reaches_table_and_standings_in_one_tap(client):
    running = simulate_tournament("--players", "8", "--seed", "9", "--stop-after", "1")

    html = client.get(reverse("home")).content.decode()

    assert reverse("pairing_by_name", args=[running.pk, 2]) in html
    assert reverse("standings", args=[running.pk]) in html


def test_every_page_has_a_favicon_and_a_description(client, director):
    """Issue #17.7: a favicon (static, works offline) and a description per page."""
    from django.contrib.staticfiles import finders

    t = make_tournament(director=director, open=True, name="Stadtmeisterschaft Köln")
    home = client.get(reverse("home")).content.decode()
    page = client.get(reverse("tournament_public", args=[t.pk])).content.decode()

    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in home
    assert finders.find("img/favicon.svg") is not None
    assert (
        '<meta name="description" content="Laufende, kommende und beendete Rummikub-Turniere '
        'des Deutschen Rummikub Verbands: Mein Tisch und Rangliste mit einem Tipp.">'
    ) in home
    assert (
        f'<meta name="description" content="Stadtmeisterschaft Köln (Stadtmeisterschaft, '
        f'{t.start_date:%d.%m.%Y}): Paarungen, Rundenergebnisse und Rangliste.">'
    ) in page


def test_pages_with_their_own_head_link_the_favicon_too(client, director):
    """Issue 28.1: the hall display (and the 500 page) asked the server for /favicon.ico: 404."""
    from django.template.loader import render_to_string

    icon = '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">'
    t = make_tournament(director=director, open=True, name="Stadtmeisterschaft Köln")
    hall = client.get(reverse("hall_display", args=[t.pk]))
    assert hall.status_code == 200
    assert icon in hall.content.decode()
    assert icon in render_to_string("errors/500.html")
