"""The announced time per move (Klub 12.1, 000 §1B) through set-up and on the printed cards."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import (
    make_house_tournament,
    make_players,
    make_tournament,
    register_players,
)
from tournaments.models import Tournament
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Stadtmeisterschaft",
    "category": "city",
    "rounds_planned": 3,
    "games_per_round": 4,
    "finalists_count": 4,
    "table_policy": "reserves",
    "start_date": "2026-12-12",
    "end_date": "2026-12-12",
    "ranking_year": 2026,
    "rule_set": "2014",
    "counts_for_ranking": "on",
    "final_mode": "top_n",
}


def test_a_club_tournament_plays_one_minute_and_refuses_another_time(director):
    t = make_tournament(director=director)
    assert (t.seconds_per_move, t.move_time_text) == (60, "1 Minute")
    with pytest.raises(ValidationError) as info:
        setup_services.tournament_update(tournament=t, seconds_per_move=90)
    assert info.value.message_dict == {
        "seconds_per_move": ["Klub-Turniere spielen mit 1 Minute pro Zug (Klub 12.1)."]
    }
    assert Tournament.objects.get(pk=t.pk).seconds_per_move == 60


def test_a_special_tournament_announces_its_time_on_card_and_hall(client, director):
    t = make_house_tournament(director=director, seconds_per_move=45)
    register_players(t, make_players(9), count=9)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=1)
    round_services.round_release(rnd=rnd, user=director)

    cards = client.get(reverse("table_cards", args=[t.pk, 1])).content.decode()
    assert cards.count("Zeit pro Zug: 45 Sekunden") == 3  # one per table of three
    hall = client.get(reverse("hall_display", args=[t.pk])).content.decode()
    assert "Zeit pro Zug: 45 Sekunden" in hall


def test_a_special_tournament_without_clock(client, director):
    t = make_house_tournament(director=director, seconds_per_move=None)
    page = client.get(reverse("tournament_public", args=[t.pk])).content.decode()
    assert "Zeit pro Zug: ohne Zeitlimit" in page


def test_the_time_per_move_is_fixed_once_round_one_is_drawn(director):
    t = make_house_tournament(director=director, seconds_per_move=45)
    register_players(t, make_players(9), count=9)
    round_services.round_pair_next(tournament=t, user=director, seed=1)
    with pytest.raises(ValidationError) as info:
        setup_services.tournament_update(tournament=t, seconds_per_move=30)
    assert info.value.messages == [
        "Das Format kann nach der Auslosung der ersten Runde nicht mehr geändert werden."
    ]


@pytest.mark.parametrize(("sent", "stored"), [("", 60), ("60", 60)])
def test_a_club_form_needs_no_time(client, director, sent, stored):
    """Klub 12.1 leaves nothing to choose: an empty field means the minute."""
    client.force_login(director)
    response = client.post(
        reverse("director:tournament_create"), {**FORM, "seconds_per_move": sent}
    )
    assert response.status_code == 302
    assert Tournament.objects.get(name="Stadtmeisterschaft").seconds_per_move == stored


def test_the_form_shows_the_rule_next_to_the_field(client, director):
    client.force_login(director)
    response = client.post(
        reverse("director:tournament_create"), {**FORM, "seconds_per_move": "90"}
    )
    assert response.status_code == 422  # refused, with the form and its errors
    assert response.context["form"].errors["seconds_per_move"] == [
        "Klub-Turniere spielen mit 1 Minute pro Zug (Klub 12.1)."
    ]
    assert not Tournament.objects.filter(name="Stadtmeisterschaft").exists()
