"""The tournament API in both languages (issue 17.1): error details and the OpenAPI texts
follow Accept-Language; German stays the default."""

from __future__ import annotations

import pytest
from django.utils import translation

pytestmark = pytest.mark.django_db
API = "/api/v1/tournaments"
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture(autouse=True)
def _german_after():
    yield
    translation.deactivate()


def test_not_found_in_either_language(client):
    english = client.get(f"{API}/999999/", **ENGLISH)
    german = client.get(f"{API}/999999/")

    assert (english.status_code, english.json()) == (404, {"detail": "Tournament not found."})
    assert (german.status_code, german.json()) == (404, {"detail": "Turnier nicht gefunden."})


def test_a_bad_parameter_in_either_language(client):
    english = client.get(f"{API}/0/", **ENGLISH).json()
    german = client.get(f"{API}/0/").json()

    assert english["detail"] == "Invalid request: please check tournament_id."
    assert german["detail"] == "Ungültige Anfrage: bitte tournament_id prüfen."


def test_the_openapi_texts_follow_the_language(client):
    english = client.get("/api/v1/openapi.json", **ENGLISH).json()
    german = client.get("/api/v1/openapi.json").json()

    assert english["paths"]["/api/v1/tournaments/"]["get"]["summary"] == "Public tournaments"
    assert german["paths"]["/api/v1/tournaments/"]["get"]["summary"] == "Öffentliche Turniere"
    assert english["paths"]["/api/v1/tournaments/"]["get"]["tags"] == ["Tournaments"]
    assert german["paths"]["/api/v1/tournaments/"]["get"]["tags"] == ["Turniere"]
