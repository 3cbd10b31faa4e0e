"""The field before a draw: tables and reserves (Klub 6.1, 000 §1A); no draw until it fits."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import register_players
from tests.support.reading import flashed
from tournaments.domain.text import message
from tournaments.enums import TournamentStatus
from tournaments.models import Round, Seat, Table
from tournaments.rounds import services as round_services
from tournaments.rounds.field import FieldStatus, field_status


def test_field_status_37_players_3_reserves_ok(tournament):
    status = field_status(tournament=tournament, players=37, reserves=3)

    assert status == FieldStatus(
        players=37,
        reserves_checked_in=3,
        reserves_needed=3,
        table_sizes=(4,) * 10,
        ok=True,
        note=message(
            "%(tables)s tables of four players, %(reserves)s of them reserves.",
            tables=10,
            reserves=3,
        ),
    )
    assert status.message == "10 Tische zu vier Spielern, davon 3 Ersatzspieler."


def test_field_status_37_players_2_reserves_not_ok(tournament):
    status = field_status(tournament=tournament, players=37, reserves=2)

    assert not status.ok
    assert status.table_sizes == ()
    assert status.reserves_needed == 3
    assert "genau 3 Ersatzspieler" in status.message
    assert status.message == (
        "37 Spieler: es werden genau 3 Ersatzspieler gebraucht (Klub 6.1), eingecheckt sind 2."
    )


def test_field_status_40_players_no_reserves_ok(tournament):
    status = field_status(tournament=tournament, players=40, reserves=0)

    assert (status.ok, status.table_sizes, status.reserves_needed) == (True, (4,) * 10, 0)
    assert status.message == "10 Tische zu vier Spielern."


def test_field_status_40_players_1_reserve_not_ok(tournament):
    status = field_status(tournament=tournament, players=40, reserves=1)

    assert not status.ok
    assert status.message == (
        "40 Spieler sind durch 4 teilbar: es werden keine Ersatzspieler gebraucht, aber 1 sind "
        "eingecheckt. Bitte auschecken."
    )


def test_field_status_nobody_checked_in(tournament):
    status = field_status(tournament=tournament, players=0, reserves=0)
    assert (status.ok, status.message) == (False, "Noch kein Spieler eingecheckt.")


def test_field_status_three_player_tables_13(house_tournament):
    status = field_status(tournament=house_tournament, players=13, reserves=0)

    assert (status.ok, status.table_sizes) == (True, (4, 3, 3, 3))
    assert status.message == "Tischplan: 1 Vierertisch(e) und 3 Dreiertisch(e)."


@pytest.mark.parametrize("players", [5, 2])
def test_field_status_three_player_tables_unsplittable(house_tournament, players):
    status = field_status(tournament=house_tournament, players=players, reserves=0)

    assert (status.ok, status.table_sizes) == (False, ())
    assert status.message == (
        f"{players} Spieler lassen sich nicht auf Dreier- und Vierertische aufteilen."
    )


def test_field_status_three_player_tables_cap(house_tournament):
    status = field_status(tournament=house_tournament, players=17, reserves=0)
    assert (status.ok, status.message) == (False, "Höchstens 16 Spieler erlaubt.")


# --- Pairing round 1 is blocked while the field does not fit -----------------------------------


def test_pair_round_one_blocked_when_reserves_missing(open_tournament, players, director):
    register_players(open_tournament, players, count=37, reserves=2)

    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)

    assert info.value.messages == [
        "37 Spieler: es werden genau 3 Ersatzspieler gebraucht (Klub 6.1), eingecheckt sind 2."
    ]
    assert Round.objects.count() == Table.objects.count() == Seat.objects.count() == 0
    open_tournament.refresh_from_db()
    assert open_tournament.status == TournamentStatus.REGISTRATION


@pytest.mark.parametrize("count", [5, 2])
def test_pair_round_one_blocked_for_unsplittable_three_player_field(
    house_tournament, players, director, count
):
    register_players(house_tournament, players, count=count)

    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=house_tournament, user=director, seed=1)

    assert info.value.messages == [
        f"{count} Spieler lassen sich nicht auf Dreier- und Vierertische aufteilen."
    ]
    assert Round.objects.count() == 0


def test_pair_round_one_blocked_before_registration_opens(tournament, players, director):
    register_players(tournament, players, count=8)

    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=tournament, user=director, seed=1)

    assert info.value.messages == [
        "Gepaart wird erst, wenn die Anmeldung geöffnet ist, und nicht mehr nach Turnierende."
    ]
    assert Round.objects.count() == 0


def test_pair_round_one_three_player_tables_13(house_tournament, players, director):
    register_players(house_tournament, players, count=13, reserves=1)

    rnd = round_services.round_pair_next(tournament=house_tournament, user=director, seed=5)

    sizes = [t.seats.count() for t in rnd.tables.order_by("number")]
    assert sizes == [4, 3, 3, 3]
    assert rnd.seats.filter(reserve=True).count() == 0
    assert not rnd.seats.filter(player=players[13]).exists()  # reserves are not seated


def test_pair_view_blocked_shows_message(client, open_tournament, players, director):
    register_players(open_tournament, players, count=40, reserves=1)
    client.force_login(director)

    response = client.post(reverse("director:round_pair", args=[open_tournament.pk]))

    assert response.status_code == 302
    assert response.url == reverse("director:tournament_detail", args=[open_tournament.pk])
    assert flashed(response) == [
        "40 Spieler sind durch 4 teilbar: es werden keine Ersatzspieler gebraucht, aber 1 sind "
        "eingecheckt. Bitte auschecken."
    ]
    assert Round.objects.count() == 0
