"""The pairing page's texts in both languages (issue 17.1)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.support.builders import make_drawn_round, make_tournament
from tournaments.rounds import field
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db


def test_the_field_status_in_english_and_in_german(director):
    t = make_tournament(director=director, open=True)

    with translation.override("en"):
        english = field.field_status(tournament=t, players=9, reserves=0).message
    german = field.field_status(tournament=t, players=9, reserves=0).message

    assert english == "9 players: exactly 3 reserves are needed (Klub 6.1), 0 are checked in."
    assert german == (
        "9 Spieler: es werden genau 3 Ersatzspieler gebraucht (Klub 6.1), eingecheckt sind 0."
    )


def test_moving_a_player_to_a_missing_table(director, players):
    _, rnd = make_drawn_round(director=director, players=players, count=8, seed=3)
    player = rnd.seats.first().player

    def move():
        round_services.round_move_player(
            rnd=rnd, player=player, table_number=9, letter="A", user=director
        )

    with translation.override("en"), pytest.raises(ValidationError) as english:
        move()
    with pytest.raises(ValidationError) as german:
        move()

    assert english.value.messages == ["There is no table 9 in this round."]
    assert german.value.messages == ["Tisch 9 gibt es in dieser Runde nicht."]
