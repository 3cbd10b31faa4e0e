"""Teams of a Städtekampf (SPEC §1 special tournaments, Klub 6.2.1): create, assign, refuse."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import make_city_contest, make_teams, register_players
from tests.support.reading import flashed, reg_of
from tournaments.common.guards import FROZEN
from tournaments.enums import TournamentStatus
from tournaments.models import Team, Tournament
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services

CLUB_ONLY = (
    "Mannschaften gibt es nur bei Sonderturnieren, z. B. einem Städtekampf (Klub 6.2.1); "
    "dieses Turnier hat eine Klub-Kategorie."
)


@pytest.fixture
def contest(director, players):
    tournament = make_city_contest(director=director)
    register_players(tournament, players, count=8)
    return tournament


def test_team_create_and_assign(contest, players, director):
    koeln = registration_services.team_create(tournament=contest, name="  Köln ", user=director)
    reg = registration_services.registration_team_set(
        registration=reg_of(contest, players[0]), team=koeln, user=director
    )

    assert (koeln.name, koeln.tournament_id) == ("Köln", contest.pk)
    assert reg_of(contest, players[0]).team == koeln == reg.team
    registration_services.registration_team_set(registration=reg, team=None, user=director)
    assert reg_of(contest, players[0]).team is None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Bitte einen Namen für die Mannschaft angeben."),
        ("köln", "Die Mannschaft „köln“ gibt es in diesem Turnier schon."),
        ("x" * 101, "Der Name der Mannschaft ist zu lang (höchstens 100 Zeichen)."),
    ],
)
def test_team_create_bad_name_refused(contest, director, name, message):
    registration_services.team_create(tournament=contest, name="Köln", user=director)

    with pytest.raises(ValidationError) as info:
        registration_services.team_create(tournament=contest, name=name, user=director)

    assert info.value.messages == [message]
    assert list(contest.teams.values_list("name", flat=True)) == ["Köln"]


def test_teams_refused_for_club_categories(open_tournament, players, director):
    """Klub 6.2.1: only special tournaments may deviate, e.g. as a contest between cities."""
    register_players(open_tournament, players, count=8)

    with pytest.raises(ValidationError) as info:
        registration_services.team_create(tournament=open_tournament, name="Köln", user=director)

    assert info.value.messages == [CLUB_ONLY]
    assert not Team.objects.exists()


def test_teams_are_director_only(contest, players, director, other_director):
    (koeln,) = make_teams(contest, ["Köln"], user=director)

    with pytest.raises(ValidationError) as info:
        registration_services.team_create(tournament=contest, name="Bonn", user=other_director)
    assert info.value.messages == [
        "Nur die Turnierleitung dieses Turniers darf Mannschaften ändern."
    ]
    with pytest.raises(ValidationError):
        registration_services.registration_team_set(
            registration=reg_of(contest, players[0]), team=None, user=other_director
        )
    assert reg_of(contest, players[0]).team == koeln
    assert contest.teams.count() == 1


def test_team_changes_refused_once_round_one_is_drawn(contest, players, director):
    koeln, bonn = make_teams(contest, ["Köln", "Bonn"], user=director)
    round_services.round_pair_next(tournament=contest, user=director, seed=1)
    reg = reg_of(contest, players[0])
    before = reg.team

    with pytest.raises(ValidationError) as info:
        registration_services.registration_team_set(
            registration=reg, team=bonn if before == koeln else koeln, user=director
        )
    assert info.value.messages == [
        "Nach der Auslosung der ersten Runde können Mannschaften nicht mehr geändert werden."
    ]
    with pytest.raises(ValidationError) as info:
        registration_services.team_create(tournament=contest, name="Aachen", user=director)
    assert info.value.messages == [
        "Nach der Auslosung der ersten Runde können keine Mannschaften mehr angelegt werden."
    ]
    assert reg_of(contest, players[0]).team == before
    assert contest.teams.count() == 2


def test_team_changes_refused_when_finished(contest, players, director):
    (koeln,) = make_teams(contest, ["Köln"], user=director)
    Tournament.objects.filter(pk=contest.pk).update(status=TournamentStatus.FINISHED)

    with pytest.raises(ValidationError) as info:
        registration_services.registration_team_set(
            registration=reg_of(contest, players[0]), team=None, user=director
        )

    assert info.value.messages == [FROZEN]
    assert reg_of(contest, players[0]).team == koeln


def test_team_of_another_tournament_refused(contest, players, director):
    other = make_city_contest(director=director, name="Anderer Städtekampf")
    (aachen,) = make_teams(other, ["Aachen"], user=director)

    with pytest.raises(ValidationError) as info:
        registration_services.registration_team_set(
            registration=reg_of(contest, players[0]), team=aachen, user=director
        )

    assert info.value.messages == ["Diese Mannschaft gehört zu einem anderen Turnier."]
    assert reg_of(contest, players[0]).team is None


def test_registration_page_team_column_and_forms(client, contest, players, director):
    koeln, bonn = make_teams(contest, ["Köln", "Bonn"], user=director)
    client.force_login(director)
    page = reverse("director:registration", args=[contest.pk])

    html = client.get(page).content.decode()
    assert "Mannschaft anlegen" in html
    assert "Summe der Platzierungspunkte der Mitglieder, dann ihrer Spielpunkte" in html
    assert f'<option value="{bonn.pk}" selected>Bonn</option>' in html

    reg = reg_of(contest, players[0])
    url = reverse("director:registration_team_set", args=[contest.pk, reg.pk])
    response = client.post(url, {"team": str(bonn.pk if reg.team == koeln else koeln.pk)})
    assert response.status_code == 302 and response.url == page
    assert reg_of(contest, players[0]).team != reg.team

    response = client.post(reverse("director:team_create", args=[contest.pk]), {"name": "Köln"})
    assert flashed(response) == ["Die Mannschaft „Köln“ gibt es in diesem Turnier schon."]
    assert client.post(url, {"team": "99999"}).status_code == 404
    assert client.post(url, {"team": "x" * 30}).status_code == 302  # not a number: no team
    assert reg_of(contest, players[0]).team is None


def test_registration_page_has_no_team_column_for_club_tournaments(
    client, open_tournament, players, director
):
    register_players(open_tournament, players, count=8)
    client.force_login(director)

    html = client.get(reverse("director:registration", args=[open_tournament.pk])).content.decode()

    assert "Mannschaft" not in html
