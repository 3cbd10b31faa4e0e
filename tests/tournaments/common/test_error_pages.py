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
