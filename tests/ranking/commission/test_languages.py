"""Commission errors in the user's language (issue 17): English msgids, German as before."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from ranking.commission import services as commission_services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", {"reasoning": ["Eine Entscheidung braucht eine Begründung."]}),
        ("en", {"reasoning": ["A decision needs a reasoning."]}),
    ],
)
def test_a_decision_without_reasoning(appeal, commission_member, language, expected):
    with translation.override(language), pytest.raises(ValidationError) as refused:
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome="rejected", reasoning=" "
        )
    assert refused.value.message_dict == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "Dieses Turnier zählt bereits für das Ranking."),
        ("en", "This tournament already counts for the ranking."),
    ],
)
def test_letting_a_counting_tournament_count_again(finished, commission_member, language, expected):
    with translation.override(language), pytest.raises(ValidationError) as refused:
        commission_services.tournament_strike_set(
            tournament=finished, struck=False, reasoning="Versehen", user=commission_member
        )
    assert refused.value.messages == [expected]


def test_the_stored_strike_note_is_the_federations_record_in_german(finished, commission_member):
    """The note is stored with the tournament: written in the site's default language."""
    with translation.override("en"):
        commission_services.tournament_strike_set(
            tournament=finished, struck=True, reasoning="Manipuliert", user=commission_member
        )
    finished.refresh_from_db()
    assert finished.ranking_note.startswith(
        "Von der Regelkommission aus dem Ranking gestrichen am "
    )
    assert finished.ranking_note.endswith("(Klub 3.1.1): Manipuliert")
