"""The standings page explains the order of its rule set (SPEC §5: 10.1 from 2014, 001 §22.7
before, the house format 000 §5A)."""

import pytest
from django.urls import reverse

from tests.support.builders import (
    make_house_tournament,
    make_user,
    play_round,
    register_players,
    simulate_tournament,
)
from tournaments.rounds import services as round_services
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db

KLUB_10_1 = "Reihenfolge nach Klub 10.1: 1. Platzierungspunkte"
BEFORE_2014 = "Vor 2014: gewonnene Spiele, dann Spielpunkte (001 §22.7); Klub 10.1 gilt ab 2014."
HOUSE = "Reihenfolge nach dem Hausformat (000 §5A): 1. Platzierungspunkte, 2. Spielpunkte"


def explanations(html: str) -> list[str]:
    return [text for text in (KLUB_10_1, BEFORE_2014, HOUSE) if text in html]


def test_standings_before_2014_explain_games_won_then_game_points(client):
    tournament = simulate_tournament("--players", "8", "--seed", "5", "--year", "2012")
    html = client.get(reverse("standings", args=[tournament.pk])).content.decode()

    assert tournament.rule_set == "pre2014"
    assert explanations(html) == [BEFORE_2014]
    wins = [e.placings[0] for e in standings_table(tournament).entries if e.rank is not None]
    assert wins == sorted(wins, reverse=True)


def test_standings_from_2014_explain_klub_10_1(client):
    tournament = simulate_tournament("--players", "8", "--seed", "5", "--year", "2026")
    html = client.get(reverse("standings", args=[tournament.pk])).content.decode()
    assert explanations(html) == [KLUB_10_1]


def test_standings_of_the_house_format_explain_its_two_keys(client, director, players):
    tournament = make_house_tournament(director=director, has_final=False)
    register_players(tournament, players, count=7)
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=5)
    play_round(rnd, director=director, desk=make_user("orga"))

    html = client.get(reverse("standings", args=[tournament.pk])).content.decode()

    assert explanations(html) == [HOUSE]
