"""Special tournaments may play one game per round (Klub 6.2.1, SPEC §1): the desk grid, the
sheet and the table card handle a single game."""

import pytest
from django.urls import reverse

from tests.support.builders import add_staff, make_house_tournament, make_user, register_players
from tournaments.models import ResultSheet
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def one_game_round(director, players):
    tournament = make_house_tournament(director=director, games_per_round=1, has_final=False)
    register_players(tournament, players, count=7)
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=5)
    rnd = round_services.round_release(rnd=rnd, user=director)
    desk = make_user("orga")
    add_staff(tournament, desk)
    return tournament, rnd, desk


def test_desk_grid_has_one_game_and_saves_it(client, one_game_round):
    tournament, rnd, desk = one_game_round
    client.force_login(desk)
    url = reverse("director:sheet", args=[tournament.pk, 1, 1])
    html = client.get(url).content.decode()
    assert 'name="g1_A"' in html
    assert 'name="g2_A"' not in html

    scores = {"g1_A": "+60", "g1_B": "-10", "g1_C": "-20", "g1_D": "-30"}
    response = client.post(url, {**scores, "version": "0", "action": "save"})

    assert response.status_code == 302
    sheet = ResultSheet.objects.get(round=rnd, table__number=1)
    assert [g["number"] for g in sheet.current.games] == [1]
    assert sheet.current.games[0]["scores"] == {"A": 60, "B": -10, "C": -20, "D": -30}


def test_table_card_of_a_one_game_round_shows_game_one_only(client, one_game_round):
    tournament, rnd, _desk = one_game_round
    response = client.get(reverse("table_cards", args=[tournament.pk, rnd.number]))
    cards = response.context["cards"]
    assert [[g["game"] for g in card["plan"]] for card in cards] == [[1], [1]]
    assert [g["starter"].letter for card in cards for g in card["plan"]] == ["A", "A"]
