"""Shared refusals in both languages (issue 17.1): the 403 page's reason and way back, the
frozen-tournament guard, a typing error on the sheet grid."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.support.builders import make_tournament, make_user
from tournaments.common.guards import FROZEN, NOT_RUNNING
from tournaments.common.sheet_grid import parse_grid
from tournaments.enums import GlobalRole

pytestmark = pytest.mark.django_db
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture(autouse=True)
def _german_after():
    yield
    translation.deactivate()


def test_the_forbidden_page_in_english_and_in_german(client, plain_user):
    director = make_user("leitung-403", role=GlobalRole.DIRECTOR)
    t = make_tournament(director=director)
    client.force_login(plain_user)
    url = f"/leitung/turniere/{t.pk}/runden/1/orgatisch/"

    english = client.get(url, **ENGLISH).content.decode()
    german = client.get(url).content.decode()

    assert "Only the desk and the director of this tournament." in english
    assert "To the start page" in english
    assert "Nur Orgatisch und Turnierleitung dieses Turniers." in german
    assert "Zur Startseite" in german
    assert "Nur Orgatisch" not in english


def test_the_guards_render_in_the_active_language():
    with translation.override("en"):
        assert str(FROZEN).startswith("The tournament is finished: its results are frozen.")
        assert str(NOT_RUNNING) == (
            "Warnings and cards exist only while the tournament is running: from the first "
            "tournament day (check-in) until the last round is published (Klub 4.5.1)."
        )
    assert str(NOT_RUNNING) == (
        "Verwarnungen und Karten gibt es nur, solange das Turnier läuft: vom ersten Turniertag "
        "(Einchecken) bis zur Veröffentlichung der letzten Runde (Klub 4.5.1)."
    )


def test_an_unreadable_cell_in_either_language():
    data = {"g1_A": "zehn", "g1_B": "1", "g1_C": "2", "g1_D": "3"}

    with translation.override("en"):
        english = parse_grid(data, letters=("A", "B", "C", "D"), games=1).errors
    german = parse_grid(data, letters=("A", "B", "C", "D"), games=1).errors

    assert english == {1: ["Game 1, player A: “zehn” is not a number."]}
    assert german == {1: ["Spiel 1, Spieler A: „zehn“ ist keine Zahl."]}
