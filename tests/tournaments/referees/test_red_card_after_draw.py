"""A red card between the draw and the round's start (issue 27.3; Klub 4.5.1, SPEC §7), through
the services: a drawn round that is not released is drawn again without the player (the
director sees why); in a released round the card is an absence from the first game not yet
played, with no second action by the director."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import (
    FIXED_SHEET,
    give_warning,
    make_drawn_round,
    make_house_tournament,
    make_released_round,
    make_user,
    register_players,
)
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import Absence, PairingChange, Seat
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee_of():
    def assign(t):
        referee = make_user("schiri", role=GlobalRole.REFEREE)
        t.staff.create(user=referee, role=StaffRole.REFEREE)
        return referee

    return assign


def red(t, player, referee, **extra):
    return give_warning(t, player, kind=WarningKind.RED, user=referee, **extra)


@pytest.mark.parametrize(
    ("rule", "count", "tables"),
    [
        ("000 §1A: 12 players, 11 after the card: 4 + 4 + 3", 12, 3),
        ("000 §1A: 9 players, 8 after the card: 4 + 4", 9, 2),
        ("000 §1B: 7 players, 6 after the card: 3 + 3", 7, 2),
    ],
)
def test_card_in_a_drawn_round_draws_it_again_without_the_player(
    director, players, referee_of, rule, count, tables
):
    t = make_house_tournament(director=director)
    register_players(t, players, count=count)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=3)
    carded = Seat.objects.filter(round=rnd).first().player

    warning = red(t, carded, referee_of(t), rnd=rnd, game_number=1)

    rnd.refresh_from_db()
    seated = set(rnd.seats.values_list("player_id", flat=True))
    assert carded.pk not in seated, rule
    assert (len(seated), rnd.tables.count()) == (count - 1, tables), rule
    assert not Absence.objects.exists()  # nothing was played: a new draw, no absence
    change = PairingChange.objects.get(round=rnd, action="redraw")
    assert change.description_text == (
        f"{carded.full_name} ist ausgeschlossen (Rote Karte): die Runde wurde ohne "
        f"{carded.full_name} neu ausgelost (Startwert {rnd.seed})."
    )
    assert warning.consequences == [change.description_text]
    round_services.round_release(rnd=rnd, user=director)


def test_card_in_a_drawn_round_whose_rest_does_not_fit_waits_for_the_director(
    client, director, players, referee_of
):
    """Klub 6.1: 8 players, one carded, 7 need a reserve: the round keeps no tables and cannot
    be released until the director checks one in and draws again."""
    t, rnd = make_drawn_round(director=director, players=players, count=8, seed=3)
    referee = referee_of(t)
    carded = Seat.objects.filter(round=rnd).first().player

    red(t, carded, referee)

    rnd.refresh_from_db()
    assert rnd.tables.count() == 0 and rnd.seats.count() == 0
    with pytest.raises(ValidationError) as refused:
        round_services.round_release(rnd=rnd, user=director)
    assert refused.value.messages == [
        "Diese Runde hat keine Tische: bitte zuerst neu auslosen („Neu auslosen“)."
    ]
    client.force_login(director)
    page = client.get(reverse("director:round_detail", args=[t.pk, 1])).content.decode()
    assert f"{carded.full_name} ist ausgeschlossen (Rote Karte) und wurde aus" in page
    assert "7 Spieler: es werden genau 1 Ersatzspieler gebraucht (Klub 6.1)" in page
    assert reverse("director:round_redraw", args=[t.pk, 1]) in page

    with pytest.raises(ValidationError):  # still no reserve: refused, nothing changes
        round_services.round_redraw(rnd=rnd, user=director)
    assert rnd.tables.count() == 0
    reserve = registration_services.registration_add(
        tournament=t, player=players[40], reserve=True, user=director
    )
    registration_services.registration_update(registration=reserve, checked_in=True)
    response = client.post(reverse("director:round_redraw", args=[t.pk, 1]))

    assert response.status_code == 302
    seated = set(rnd.seats.values_list("player_id", flat=True))
    assert len(seated) == 8 and carded.pk not in seated and players[40].pk in seated
    round_services.round_release(rnd=rnd, user=director)


def test_round_page_tells_the_director_of_the_new_draw(client, director, players, referee_of):
    t = make_house_tournament(director=director)
    register_players(t, players, count=12)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=3)
    carded = Seat.objects.filter(round=rnd).first().player
    red(t, carded, referee_of(t))
    client.force_login(director)

    page = client.get(reverse("director:round_detail", args=[t.pk, 1])).content.decode()

    assert 'data-testid="round-redrawn"' in page
    assert f"{carded.full_name} ist ausgeschlossen (Rote Karte): die Runde wurde ohne" in page


@pytest.mark.parametrize(
    ("rule", "extra", "sheet_games", "from_game"),
    [
        ("SPEC §7: in a break before game 1", {}, 0, 1),
        ("SPEC §7: the referee names game 3", {"game_number": 3}, 0, 3),
        ("SPEC §7: every game is on the sheet: next round", {}, 4, None),
    ],
)
def test_card_in_a_released_round_is_an_absence_from_the_first_game_not_played(
    director, desk_user, players, referee_of, rule, extra, sheet_games, from_game
):
    t, rnd = make_released_round(
        director=director, players=players, count=8, seed=3, desk=[desk_user]
    )
    seat = Seat.objects.select_related("table", "player").get(
        round=rnd, table__number=1, letter="C"
    )
    if sheet_games:
        sheet_services.sheet_save(
            table=seat.table, games=FIXED_SHEET, expected_version=0, user=desk_user
        )
    if extra:
        extra = {**extra, "rnd": rnd}

    red(t, seat.player, referee_of(t), **extra)

    absences = list(Absence.objects.values_list("round_id", "player_id", "from_game"))
    expected = [(rnd.pk, seat.player_id, from_game)] if from_game else []
    assert absences == expected, rule
    assert rnd.seats.filter(player=seat.player).exists()  # the games before stand
