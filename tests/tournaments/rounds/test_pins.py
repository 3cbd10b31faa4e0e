"""Pins (Klub 7.1, "Ausnahmefällen"): a player bound to a table keeps it in every draw."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.support.builders import (
    play_round,
    register_players,
)
from tests.support.reading import seat_of
from tournaments.enums import (
    TournamentStatus,
)
from tournaments.models import (
    Round,
    Seat,
    TablePin,
)
from tournaments.rounds import services as round_services


def test_pin_before_round_one_is_respected(open_tournament, players, director):
    register_players(open_tournament, players, count=16)
    pinned = players[5]
    round_services.pin_set(
        tournament=open_tournament,
        player=pinned,
        table_number=3,
        reason="Rollstuhl, Tisch am Eingang",
        user=director,
    )
    pin = TablePin.objects.get()
    assert (pin.table_number, pin.reason, pin.created_by) == (
        3,
        "Rollstuhl, Tisch am Eingang",
        director,
    )

    for seed in range(5):
        rnd = round_services.round_pair_next(tournament=open_tournament, user=director, seed=seed)
        assert seat_of(rnd, pinned)[0] == 3
        Round.objects.filter(pk=rnd.pk).delete()


def test_pin_is_respected_in_round_two(open_tournament, players, director, desk_user):
    register_players(open_tournament, players, count=16)
    first = round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)
    round_services.pin_set(
        tournament=open_tournament, player=players[0], table_number=4, reason="", user=director
    )
    play_round(first, director=director, desk=desk_user)

    second = round_services.round_pair_next(tournament=open_tournament, user=director, seed=9)

    assert seat_of(second, players[0])[0] == 4


def test_pin_beyond_table_count_refused_at_pairing(open_tournament, players, director):
    register_players(open_tournament, players, count=8)
    round_services.pin_set(
        tournament=open_tournament, player=players[0], table_number=3, reason="", user=director
    )

    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)

    assert info.value.messages == [
        "Ein Spieler ist an Tisch 3 gebunden, es gibt aber nur 2 Tische. "
        "Bitte die Tischbindung ändern."
    ]
    assert Round.objects.count() == Seat.objects.count() == 0
    open_tournament.refresh_from_db()
    assert open_tournament.status == TournamentStatus.REGISTRATION


def test_pin_rules(open_tournament, players, director):
    with pytest.raises(ValidationError) as info:
        round_services.pin_set(
            tournament=open_tournament, player=players[0], table_number=0, reason="", user=director
        )
    assert info.value.messages == ["Die Tischnummer muss mindestens 1 sein."]

    for player in players[:4]:
        round_services.pin_set(
            tournament=open_tournament, player=player, table_number=1, reason="", user=director
        )
    with pytest.raises(ValidationError) as info:
        round_services.pin_set(
            tournament=open_tournament, player=players[4], table_number=1, reason="", user=director
        )
    assert info.value.messages == ["An Tisch 1 sind bereits vier Spieler gebunden."]

    round_services.pin_set(
        tournament=open_tournament, player=players[0], table_number=None, reason="", user=director
    )
    assert sorted(TablePin.objects.values_list("player_id", flat=True)) == sorted(
        p.pk for p in players[1:4]
    )
