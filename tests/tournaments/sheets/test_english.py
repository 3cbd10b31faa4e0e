"""The desk's sheet refusals in both languages (issue 17.1)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.support.builders import make_released_round
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db

GAMES = [{"number": n, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}} for n in range(1, 5)]


@pytest.fixture
def sheet(director, desk_user, players):
    _, rnd = make_released_round(
        director=director, players=players, count=8, seed=11, desk=[desk_user]
    )
    table = rnd.tables.get(number=1)
    return sheet_services.sheet_save(table=table, games=GAMES, expected_version=0, user=desk_user)


def messages(language: str, call) -> list[str]:
    with translation.override(language):
        with pytest.raises(ValidationError) as info:
            call()
        return info.value.messages


def test_the_four_eyes_refusal(sheet, desk_user):
    def own():
        sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=desk_user)

    assert messages("en", own) == [
        "The confirmation must come from a person other than the one who entered the sheet."
    ]
    assert messages("de", own) == [
        "Bestätigen muss eine andere Person als die, die den Bogen erfasst hat."
    ]


def test_the_conflict_with_a_newer_version(sheet, director):
    def stale():
        sheet_services.sheet_save(
            table=sheet.table, games=GAMES, expected_version=0, user=director, reason="Tippfehler"
        )

    assert messages("en", stale) == [
        "Conflict: the sheet of table 1 has meanwhile been saved by orga (version 1, your copy "
        "was version 0). Please compare both versions."
    ]
    assert messages("de", stale) == [
        "Konflikt: Der Bogen von Tisch 1 wurde inzwischen von orga gespeichert (Version 1, Ihre "
        "Vorlage war Version 0). Bitte beide Fassungen vergleichen."
    ]


def test_a_correction_without_a_reason(sheet, director):
    changed = [dict(GAMES[0], scores={"A": 70, "B": -10, "C": -20, "D": -40}), *GAMES[1:]]

    def no_reason():
        sheet_services.sheet_save(
            table=sheet.table, games=changed, expected_version=1, user=director
        )

    assert messages("en", no_reason) == ["A correction needs a reason."]
    assert messages("de", no_reason) == ["Eine Korrektur braucht einen Grund."]
