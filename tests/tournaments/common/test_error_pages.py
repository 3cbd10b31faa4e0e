"""The 500 page renders without the database (a cut connection), and the error is logged."""

import logging
from unittest import mock

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper

pytestmark = pytest.mark.django_db


@pytest.fixture
def broken_urls(settings):
    settings.ROOT_URLCONF = "tests.tournaments.common.urls_broken"
    settings.DEBUG = False


def test_staff_get_the_german_500_page_when_the_database_is_gone(
    client, director, broken_urls, caplog
):
    client.force_login(director)  # the navigation would ask the database for her roles
    client.raise_request_exception = False
    cut = OperationalError("connection cut")
    with (
        mock.patch.object(BaseDatabaseWrapper, "ensure_connection", side_effect=cut),
        caplog.at_level(logging.ERROR, logger="django.request"),
    ):
        response = client.get("/kaputt/")
    assert response.status_code == 500
    assert "Ein Fehler ist aufgetreten" in response.content.decode()
    assert [r.getMessage() for r in caplog.records if r.name == "django.request"] == [
        "Internal Server Error: /kaputt/"
    ]


# --- The 403 page says why and links back (issue #17.7) --------------------------------------


def _forbidden(client, user, **headers):
    """A desk-only page of a tournament the user does not staff."""
    from tests.support.builders import make_tournament, make_user
    from tournaments.enums import GlobalRole

    director = make_user("leitung-403", role=GlobalRole.DIRECTOR)
    t = make_tournament(director=director)
    client.force_login(user)
    return client.get(f"/leitung/turniere/{t.pk}/runden/1/orgatisch/", **headers)


def _back_link(response) -> str:
    import re

    return re.search(
        r'<a class="button" href="([^"]*)" data-testid="forbidden-back">', response.content.decode()
    )[1]


def test_forbidden_page_says_why_and_links_back_to_where_the_user_came_from(client, plain_user):
    response = _forbidden(client, plain_user, HTTP_REFERER="http://testserver/turniere/")

    html = response.content.decode()
    assert response.status_code == 403
    assert "Nur Orgatisch und Turnierleitung dieses Turniers." in html
    assert "Sie sind als „" in html
    assert _back_link(response) == "http://testserver/turniere/"


def test_forbidden_page_ignores_a_foreign_referer(client, plain_user):
    response = _forbidden(client, plain_user, HTTP_REFERER="https://evil.example/phish")

    assert response.status_code == 403
    assert _back_link(response) == "/"
    assert "evil.example" not in response.content.decode()


def test_forbidden_page_sends_staff_to_their_own_area(client, referee):
    response = _forbidden(client, referee)

    assert _back_link(response) == "/schiedsrichter/"
