"""Registration, check-in, withdrawal and the field cap (SPEC §1, Klub 6.1)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.support.builders import make_tournament, register_players
from tests.support.reading import reg_of
from tournaments.common.guards import FROZEN
from tournaments.enums import TournamentStatus
from tournaments.models import Registration
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services


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
    t = make_tournament(director=director, max_players=4)
    register_players(t, players, count=4, check_in=False)

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
    t = make_tournament(director=director, max_players=4)
    register_players(t, players, count=4, reserves=2, check_in=False)
    registration_services.registration_update(registration=reg_of(t, players[0]), withdrawn=True)

    registration_services.registration_add(
        tournament=t, player=players[10], reserve=False, user=director
    )

    assert t.registrations.filter(withdrawn_at__isnull=True, reserve=False).count() == 4


def test_registration_max_players_not_bypassed_by_reinstate_or_reserve_off(director, players):
    t = make_tournament(director=director, max_players=4)
    register_players(t, players, count=4, reserves=1, check_in=False)
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
    register_players(open_tournament, players, count=8)
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
    assert info.value.messages == [FROZEN]


# --- Check-in, withdraw, reinstate -----------------------------------------------------------


def test_registration_check_in_and_out(tournament, players, director):
    register_players(tournament, players, count=1, check_in=False)
    reg = reg_of(tournament, players[0])

    checked = registration_services.registration_update(registration=reg, checked_in=True)
    first_time = checked.checked_in_at
    assert first_time is not None
    again = registration_services.registration_update(registration=reg, checked_in=True)
    assert again.checked_in_at == first_time  # a second click keeps the first time

    out = registration_services.registration_update(registration=reg, checked_in=False)
    assert out.checked_in_at is None


def test_registration_withdraw_and_reinstate(tournament, players):
    register_players(tournament, players, count=1)
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
    register_players(tournament, players, count=5, check_in=False)
    registration_services.registration_update(
        registration=reg_of(tournament, players[0]), withdrawn=True
    )
    registration_services.registration_update(
        registration=reg_of(tournament, players[1]), checked_in=True
    )

    assert registration_services.registrations_check_in_all(tournament=tournament) == 3
    assert reg_of(tournament, players[0]).checked_in_at is None
    assert tournament.registrations.filter(checked_in_at__isnull=False).count() == 4
