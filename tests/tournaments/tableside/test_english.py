"""The table's phone pages in English (issue 17.1): a guest from abroad reads why a code does
not open; German stays the default."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture(autouse=True)
def _german_after():
    yield
    translation.deactivate()


def test_an_unknown_code_in_english_and_in_german(client):
    english = client.post(reverse("table:code"), {"code": "16J-ABCDE"}, **ENGLISH)
    german = client.post(reverse("table:code"), {"code": "16J-ABCDE"})

    assert english.status_code == german.status_code == 404
    assert (
        "We do not know this table code. Please check the code on the table card."
        in english.content.decode()
    )
    assert (
        "Diesen Tisch-Code kennen wir nicht. Bitte den Code auf der Tischkarte prüfen."
        in german.content.decode()
    )
    assert "Diesen Tisch-Code" not in english.content.decode()


def test_a_forged_token_in_english(client):
    response = client.get(reverse("table:entry", args=["1.2.3:falsch"]), **ENGLISH)

    assert response.status_code == 404
    assert "We do not know this table code." in response.content.decode()
