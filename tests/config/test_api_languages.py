"""The API's errors in the request's language (issue 17): Accept-Language picks it, German is the
default."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept", "detail"), [("", "Nicht gefunden."), ("de", "Nicht gefunden."), ("en", "Not found.")]
)
def test_not_found(client, accept, detail):
    response = client.get("/api/v1/rankings/1900/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 404
    assert response.json() == {"detail": detail}


@pytest.mark.parametrize(
    ("accept", "detail"),
    [
        ("de", "Ungültige Anfrage: bitte year prüfen."),
        ("en", "Invalid request: please check year."),
    ],
)
def test_invalid_parameters(client, accept, detail):
    response = client.get("/api/v1/rankings/zwanzig/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 422
    assert response.json()["detail"] == detail
