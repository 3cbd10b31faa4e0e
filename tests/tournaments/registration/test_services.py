"""Registration, check-in and the field status before round 1 (SPEC §1, Klub 6.1, 000 §1A)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import create_house_tournament, create_tournament, register
from tournaments.enums import TournamentStatus
from tournaments.models import Registration, Round, Seat, Table
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.rounds.field import FieldStatus, field_status


@pytest.fixture
def house_tournament(director):
    """Special tournament with 3-player tables and the house format's cap of 16 (000 §1A)."""
    return create_house_tournament(director, has_final=True)


def reg_of(tournament, player) -> Registration:
    return Registration.objects.get(tournament=tournament, player=player)


def flashed(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


# --- Add, duplicates, cap ------------------------------------------------------------------


def test_registration_add_stores_registration(tournament, players, director):
    reg = registration_services.registration_add(
        tournament=tournament, player=players[0], reserve=False, user=director
    )

    assert (reg.player, reg.reserve, reg.registered_by) == (players[0], False, director)
    assert (reg.checked_in_at, reg.withdrawn_at) == (None, None)
    assert reg.active


def test_registration_add_duplicate_refused(tournament, players, director):
    registration_services.registration_add(
        tournament=tournament, player=players[0], reserve=False, user=director
    )

    for reserve in (False, True):
        with pytest.raises(ValidationError) as info:
            registration_services.registration_add(
                tournament=tournament, player=players[0], reserve=reserve, user=director
            )
        assert info.value.messages == [f"{players[0].full_name} ist bereits angemeldet."]
    assert Registration.objects.filter(tournament=tournament).count() == 1


def test_registration_add_after_withdrawal_reactivates(tournament, players, director):
    reg = registration_services.registration_add(
        tournament=tournament, player=players[0], reserve=False, user=director
    )
    registration_services.registration_update(registration=reg, withdrawn=True)

    again = registration_services.registration_add(
        tournament=tournament, player=players[0], reserve=True, user=director
    )

    assert again.pk == reg.pk
    assert (again.withdrawn_at, again.reserve) == (None, True)


def test_registration_add_max_players_refused_but_reserve_allowed(director, players):
    t = create_tournament(director, max_players=4)
    register(t, players, count=4, check_in=False)

    with pytest.raises(ValidationError) as info:
        registration_services.registration_add(
            tournament=t, player=players[4], reserve=False, user=director
        )

    assert info.value.messages == [
        "Das Teilnehmerfeld ist mit 4 Spielern voll. Melden Sie den Spieler als Ersatzspieler an."
    ]
    reserve = registration_services.registration_add(
        tournament=t, player=players[4], reserve=True, user=director
    )
    assert reserve.reserve
    assert Registration.objects.filter(tournament=t).count() == 5


def test_registration_max_players_counts_only_active_players(director, players):
    t = create_tournament(director, max_players=4)
    register(t, players, count=4, reserves=2, check_in=False)
    registration_services.registration_update(registration=reg_of(t, players[0]), withdrawn=True)

    registration_services.registration_add(
        tournament=t, player=players[10], reserve=False, user=director
    )

    assert t.registrations.filter(withdrawn_at__isnull=True, reserve=False).count() == 4


def test_registration_max_players_not_bypassed_by_reinstate_or_reserve_off(director, players):
    t = create_tournament(director, max_players=4)
    register(t, players, count=4, reserves=1, check_in=False)
    withdrawn = reg_of(t, players[0])
    registration_services.registration_update(registration=withdrawn, withdrawn=True)
    registration_services.registration_add(
        tournament=t, player=players[10], reserve=False, user=director
    )
    full = (
        "Das Teilnehmerfeld ist mit 4 Spielern voll. Melden Sie den Spieler als Ersatzspieler an."
    )

    with pytest.raises(ValidationError) as info:
        registration_services.registration_update(registration=withdrawn, withdrawn=False)
    assert info.value.messages == [full]
    with pytest.raises(ValidationError) as info:
        registration_services.registration_add(
            tournament=t, player=players[0], reserve=False, user=director
        )
    assert info.value.messages == [full]
    with pytest.raises(ValidationError) as info:
        registration_services.registration_update(registration=reg_of(t, players[4]), reserve=False)
    assert info.value.messages == [full]

    assert reg_of(t, players[0]).withdrawn_at is not None
    assert reg_of(t, players[4]).reserve is True
    # As a reserve the withdrawn player may come back.
    back = registration_services.registration_add(
        tournament=t, player=players[0], reserve=True, user=director
    )
    assert (back.withdrawn_at, back.reserve) == (None, True)


def test_registration_after_round_one_only_reserves(open_tournament, players, director):
    register(open_tournament, players, count=8)
    round_services.round_pair_next(tournament=open_tournament, user=director, seed=3)

    with pytest.raises(ValidationError) as info:
        registration_services.registration_add(
            tournament=open_tournament, player=players[20], reserve=False, user=director
        )
    assert info.value.messages == [
        "Nach der Auslosung der ersten Runde können nur noch Ersatzspieler gemeldet werden."
    ]
    with pytest.raises(ValidationError) as info:
        registration_services.registration_update(
            registration=reg_of(open_tournament, players[0]), reserve=True
        )
    assert info.value.messages == [
        "Nach der Auslosung der ersten Runde kann der Ersatzspieler-Status nicht mehr "
        "geändert werden."
    ]
    late = registration_services.registration_add(
        tournament=open_tournament, player=players[20], reserve=True, user=director
    )
    assert late.reserve


def test_registration_refused_when_tournament_finished(open_tournament, players, director):
    open_tournament.status = TournamentStatus.FINISHED
    open_tournament.save()

    with pytest.raises(ValidationError) as info:
        registration_services.registration_add(
            tournament=open_tournament, player=players[0], reserve=True, user=director
        )
    assert info.value.messages == ["Das Turnier ist beendet."]


# --- Check-in, withdraw, reinstate -----------------------------------------------------------


def test_registration_check_in_and_out(tournament, players, director):
    register(tournament, players, count=1, check_in=False)
    reg = reg_of(tournament, players[0])

    checked = registration_services.registration_update(registration=reg, checked_in=True)
    first_time = checked.checked_in_at
    assert first_time is not None
    again = registration_services.registration_update(registration=reg, checked_in=True)
    assert again.checked_in_at == first_time  # a second click keeps the first time

    out = registration_services.registration_update(registration=reg, checked_in=False)
    assert out.checked_in_at is None


def test_registration_withdraw_and_reinstate(tournament, players):
    register(tournament, players, count=1)
    reg = reg_of(tournament, players[0])
    assert reg.checked_in_at is not None

    withdrawn = registration_services.registration_update(registration=reg, withdrawn=True)
    assert withdrawn.withdrawn_at is not None
    assert withdrawn.checked_in_at is None
    assert not withdrawn.active

    with pytest.raises(ValidationError) as info:
        registration_services.registration_update(registration=reg, checked_in=True)
    assert info.value.messages == ["Abgemeldete Spieler können nicht einchecken."]

    back = registration_services.registration_update(registration=reg, withdrawn=False)
    assert (back.withdrawn_at, back.checked_in_at) == (None, None)


def test_registration_check_in_all_skips_withdrawn(tournament, players):
    register(tournament, players, count=5, check_in=False)
    registration_services.registration_update(
        registration=reg_of(tournament, players[0]), withdrawn=True
    )
    registration_services.registration_update(
        registration=reg_of(tournament, players[1]), checked_in=True
    )

    assert registration_services.registrations_check_in_all(tournament=tournament) == 3
    assert reg_of(tournament, players[0]).checked_in_at is None
    assert tournament.registrations.filter(checked_in_at__isnull=False).count() == 4


# --- Field status (SPEC §1) ----------------------------------------------------------------


def test_field_status_37_players_3_reserves_ok(tournament):
    assert field_status(tournament=tournament, players=37, reserves=3) == FieldStatus(
        players=37,
        reserves_checked_in=3,
        reserves_needed=3,
        table_sizes=(4,) * 10,
        ok=True,
        message="10 Tische zu vier Spielern, davon 3 Ersatzspieler.",
    )


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
    register(open_tournament, players, count=37, reserves=2)

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
    register(house_tournament, players, count=count)

    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=house_tournament, user=director, seed=1)

    assert info.value.messages == [
        f"{count} Spieler lassen sich nicht auf Dreier- und Vierertische aufteilen."
    ]
    assert Round.objects.count() == 0


def test_pair_round_one_blocked_before_registration_opens(tournament, players, director):
    register(tournament, players, count=8)

    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=tournament, user=director, seed=1)

    assert info.value.messages == [
        "Gepaart wird erst, wenn die Anmeldung geöffnet ist, und nicht mehr nach Turnierende."
    ]
    assert Round.objects.count() == 0


def test_pair_round_one_three_player_tables_13(house_tournament, players, director):
    register(house_tournament, players, count=13, reserves=1)

    rnd = round_services.round_pair_next(tournament=house_tournament, user=director, seed=5)

    sizes = [t.seats.count() for t in rnd.tables.order_by("number")]
    assert sizes == [4, 3, 3, 3]
    assert rnd.seats.filter(reserve=True).count() == 0
    assert not rnd.seats.filter(player=players[13]).exists()  # reserves are not seated


# --- Views ---------------------------------------------------------------------------------


def test_registration_page_shows_field_status(client, open_tournament, players, director):
    register(open_tournament, players, count=37, reserves=2)
    client.force_login(director)

    response = client.get(reverse("director:registration", args=[open_tournament.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    assert (
        "37 Spieler: es werden genau 3 Ersatzspieler gebraucht (Klub 6.1), eingecheckt sind 2."
        in html
    )
    assert response.context["field"].ok is False
    assert response.context["active_count"] == 39


def test_registration_add_view(client, open_tournament, players, director):
    client.force_login(director)
    url = reverse("director:registration_add", args=[open_tournament.pk])

    response = client.post(url, {"player": players[0].pk, "reserve": "1"})

    assert response.status_code == 302
    assert response.url == reverse("director:registration", args=[open_tournament.pk])
    assert flashed(response) == [f"{players[0].full_name} als Ersatzspieler angemeldet."]
    assert reg_of(open_tournament, players[0]).reserve is True
    client.get(response.url)  # shows (and consumes) the message

    response = client.post(url, {"player": players[0].pk})
    assert flashed(response) == [f"{players[0].full_name} ist bereits angemeldet."]
    assert open_tournament.registrations.count() == 1


def test_registration_add_view_htmx_returns_the_list(client, open_tournament, players, director):
    client.force_login(director)

    response = client.post(
        reverse("director:registration_add", args=[open_tournament.pk]),
        {"player": players[0].pk},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="registration-list"')
    assert f"{players[0].full_name} angemeldet." in html


def test_registration_change_view_actions(client, open_tournament, players, director):
    register(open_tournament, players, count=1, check_in=False)
    reg = reg_of(open_tournament, players[0])
    client.force_login(director)
    url = reverse("director:registration_change", args=[open_tournament.pk, reg.pk])

    def do(action):
        response = client.post(url, {"action": action})
        assert response.status_code == 302
        reg.refresh_from_db()
        return response

    do("check_in")
    assert reg.checked_in_at is not None
    do("reserve_on")
    assert reg.reserve
    do("reserve_off")
    assert not reg.reserve
    do("check_out")
    assert reg.checked_in_at is None
    do("withdraw")
    assert reg.withdrawn_at is not None
    assert flashed(do("check_in")) == ["Abgemeldete Spieler können nicht einchecken."]
    do("reinstate")
    assert reg.withdrawn_at is None


def test_registration_check_in_all_view(client, open_tournament, players, director):
    register(open_tournament, players, count=6, check_in=False)
    client.force_login(director)

    response = client.post(reverse("director:registration_check_in_all", args=[open_tournament.pk]))

    assert flashed(response) == ["6 Spieler eingecheckt."]
    assert open_tournament.registrations.filter(checked_in_at__isnull=True).count() == 0


def test_registration_search_excludes_registered_players(
    client, open_tournament, players, director
):
    register(open_tournament, players, count=1, check_in=False)
    client.force_login(director)
    url = reverse("director:registration_search", args=[open_tournament.pk])

    def found(q):
        response = client.get(url, {"q": q})
        assert response.status_code == 200
        html = response.content.decode()
        assert html.lstrip().startswith('<ul id="search-results"')
        return [p.federation_number for p in players if p.federation_number in html]

    assert found(players[0].federation_number) == []
    assert found(players[1].federation_number) == [players[1].federation_number]
    assert found("D") == []  # too short to search
    assert (
        "Kein passender Spieler, oder schon angemeldet."
        in client.get(url, {"q": players[0].federation_number}).content.decode()
    )


def test_pair_view_blocked_shows_message(client, open_tournament, players, director):
    register(open_tournament, players, count=40, reserves=1)
    client.force_login(director)

    response = client.post(reverse("director:round_pair", args=[open_tournament.pk]))

    assert response.status_code == 302
    assert response.url == reverse("director:tournament_detail", args=[open_tournament.pk])
    assert flashed(response) == [
        "40 Spieler sind durch 4 teilbar: es werden keine Ersatzspieler gebraucht, aber 1 sind "
        "eingecheckt. Bitte auschecken."
    ]
    assert Round.objects.count() == 0


def test_registration_page_query_count_does_not_grow(client, director, players):
    client.force_login(director)

    def queries_for(count):
        t = create_tournament(director, name=f"Turnier {count}")
        register(t, players, count=count, reserves=2)
        registration_services.registration_update(
            registration=reg_of(t, players[0]), withdrawn=True
        )
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse("director:registration", args=[t.pk]))
        assert response.status_code == 200
        assert len(response.context["registrations"]) == count + 2
        return len(ctx.captured_queries)

    small, large = queries_for(8), queries_for(40)
    assert small == large
    assert large <= 10
