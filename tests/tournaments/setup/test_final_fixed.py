"""The announced final is fixed once play starts (issue 27.5; Klub 6.2, 6.2.1): after round 1
is drawn no final is added or dropped, and neither its size nor the way it is filled changes;
a field the announced final does not use may still change."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tests.support.builders import make_house_tournament, make_tournament, register_players
from tournaments.enums import Category, FinalMode, RuleSetCode, TablePolicy
from tournaments.models import Tournament
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db

FIXED_DE = (
    "Das angekündigte Finale steht fest, sobald gespielt wird: ob es eines gibt, wie es besetzt "
    "wird und mit wie vielen, kann nach der Auslosung der ersten Runde nicht mehr geändert "
    "werden (Klub 6.2, 6.2.1)."
)
FIXED_EN = (
    "The announced final is fixed once play has started: whether there is one, how it is filled "
    "and by how many cannot change after the draw of the first round (Klub 6.2, 6.2.1)."
)

CITY_TOP_4 = {"has_final": True, "finalists_count": 4}
CITY_NO_FINAL = {"has_final": False, "finalists_count": 4}
HOUSE_TOP_4 = {"has_final": True, "final_mode": FinalMode.TOP_N, "finalists_count": 4}
HOUSE_WINNERS = {"has_final": True, "final_mode": FinalMode.TABLE_WINNERS, "finalists_count": 2}


def drawn(director, players, *, house: bool, **fields) -> Tournament:
    """Round 1 drawn with 8 players: play has started."""
    if house:
        t = make_house_tournament(director=director, **fields)
    else:
        t = make_tournament(director=director, open=True, **fields)
    register_players(t, players, count=8)
    round_services.round_pair_next(tournament=t, user=director, seed=1)
    t.refresh_from_db()
    return t


REFUSED = [
    ("Klub 6.2: 4 → 8 finalists", False, CITY_TOP_4, {"finalists_count": 8}, "finalists_count"),
    ("Klub 6.2: the final dropped", False, CITY_TOP_4, {"has_final": False}, "has_final"),
    ("Klub 6.2: a final added", False, CITY_NO_FINAL, {"has_final": True}, "has_final"),
    (
        "Klub 6.2.1: top 4 → table winners",
        True,
        HOUSE_TOP_4,
        {"final_mode": FinalMode.TABLE_WINNERS},
        "final_mode",
    ),
    (
        "Klub 6.2.1: table winners → top 4",
        True,
        HOUSE_WINNERS,
        {"final_mode": FinalMode.TOP_N, "finalists_count": 4},
        "final_mode",
    ),
]


@pytest.mark.parametrize(("rule", "house", "start", "changes", "field"), REFUSED)
def test_the_final_cannot_change_after_the_first_draw(
    director, players, rule, house, start, changes, field
):
    t = drawn(director, players, house=house, **start)
    before = Tournament.objects.values().get(pk=t.pk)

    with pytest.raises(ValidationError) as refused:
        setup_services.tournament_update(tournament=t, **changes)

    assert refused.value.message_dict == {field: [FIXED_DE]}, rule
    assert Tournament.objects.values().get(pk=t.pk) == before, rule


MADE = [
    ("no final: its count is no part of it", False, CITY_NO_FINAL, {"finalists_count": 8}),
    (
        "table winners: the last round decides the count",
        True,
        HOUSE_WINNERS,
        {"finalists_count": 4},
    ),
    ("the same final again", False, CITY_TOP_4, {"has_final": True, "finalists_count": 4}),
]


@pytest.mark.parametrize(("rule", "house", "start", "changes"), MADE)
def test_what_the_announced_final_does_not_use_may_change(
    director, players, rule, house, start, changes
):
    t = drawn(director, players, house=house, **start)
    t = setup_services.tournament_update(tournament=t, **changes)
    assert {k: getattr(t, k) for k in changes} == changes, rule


def test_the_refusal_in_english(director, players):
    t = drawn(director, players, house=False, **CITY_TOP_4)
    with translation.override("en"):
        with pytest.raises(ValidationError) as refused:
            setup_services.tournament_update(tournament=t, has_final=False)
        assert refused.value.message_dict == {"has_final": [FIXED_EN]}


def test_the_edit_form_shows_the_refusal(client, director, players):
    t = drawn(director, players, house=False, **CITY_TOP_4)
    client.force_login(director)
    data = {
        "name": t.name,
        "category": Category.CITY,
        "rounds_planned": "3",
        "games_per_round": "4",
        "has_final": "on",
        "finalists_count": "8",
        "final_mode": FinalMode.TOP_N,
        "table_policy": TablePolicy.RESERVES,
        "max_players": "",
        "start_date": t.start_date.isoformat(),
        "end_date": t.end_date.isoformat(),
        "venue": t.venue,
        "ranking_year": str(t.ranking_year),
        "rule_set": RuleSetCode.RULES_2014,
        "counts_for_ranking": "on",
    }

    response = client.post(reverse("director:tournament_edit", args=[t.pk]), data)

    assert response.status_code == 422
    assert response.context["form"].errors == {"finalists_count": [FIXED_DE]}
    assert FIXED_DE in response.content.decode()
    assert Tournament.objects.get(pk=t.pk).finalists_count == 4
