"""Special tournaments may play any number of preliminary rounds (issue 27.7; Klub 6.2.1
"abweichende Rundenzahlen", SPEC §1); club tournaments keep 2 to 4 (Klub 6.2), in the domain
and in the database."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from tests.support.builders import HOUSE_FORMAT, make_tournament
from tournaments.enums import Category
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

CLUB_RANGE = "Klub-Turniere haben 2 bis 4 Runden (Klub 6.2)."


@pytest.mark.parametrize(
    ("rule", "rounds"),
    [("Klub 6.2.1: five rounds", 5), ("Klub 6.2.1: nine rounds", 9), ("Klub 6.2.1: one", 1)],
)
def test_a_special_tournament_plays_any_number_of_rounds(director, rule, rounds):
    t = make_tournament(director=director, **{**HOUSE_FORMAT, "rounds_planned": rounds})
    assert Tournament.objects.get(pk=t.pk).rounds_planned == rounds, rule


@pytest.mark.parametrize(
    ("rule", "fields", "error"),
    [
        (
            "Klub 6.2: a club tournament, 5 rounds",
            {"category": Category.CITY, "rounds_planned": 5},
            CLUB_RANGE,
        ),
        (
            "Klub 6.2.1: at least one round",
            {**HOUSE_FORMAT, "rounds_planned": 0},
            "Ein Turnier hat mindestens eine Vorrunde.",
        ),
    ],
)
def test_the_limits_that_stay(director, rule, fields, error):
    with pytest.raises(ValidationError) as refused:
        make_tournament(director=director, **fields)
    assert refused.value.message_dict == {"rounds_planned": [error]}, rule
    assert Tournament.objects.count() == 0, rule


@pytest.mark.parametrize(
    ("rule", "category", "rounds", "stored"),
    [
        ("Klub 6.2.1: special, 7 rounds", Category.SPECIAL, 7, True),
        ("Klub 6.2: club, 5 rounds", Category.CITY, 5, False),
        ("Klub 6.2.1: never 0 rounds", Category.SPECIAL, 0, False),
    ],
)
def test_the_database_check(director, rule, category, rounds, stored):
    t = make_tournament(director=director, **{**HOUSE_FORMAT, "rounds_planned": 1})
    Tournament.objects.filter(pk=t.pk).update(category=category)
    try:
        with transaction.atomic():
            Tournament.objects.filter(pk=t.pk).update(rounds_planned=rounds)
    except IntegrityError:
        saved = False
    else:
        saved = True
    assert saved is stored, rule


def test_the_edit_form_takes_six_rounds_and_refuses_them_for_a_club(client, director):
    client.force_login(director)
    special = make_tournament(director=director, **HOUSE_FORMAT)
    data = {
        "name": special.name,
        "category": Category.SPECIAL,
        "rounds_planned": "6",
        "games_per_round": "3",
        "finalists_count": "4",
        "final_mode": "top_n",
        "table_policy": special.table_policy,
        "max_players": "16",
        "start_date": special.start_date.isoformat(),
        "end_date": special.end_date.isoformat(),
        "venue": "",
        "ranking_year": str(special.ranking_year),
        "rule_set": special.rule_set,
        "counts_for_ranking": "on",
    }
    response = client.post(reverse("director:tournament_edit", args=[special.pk]), data)
    assert response.status_code == 302
    assert Tournament.objects.get(pk=special.pk).rounds_planned == 6

    club = make_tournament(director=director)
    data.update(
        name=club.name,
        category=Category.CITY,
        rounds_planned="5",
        games_per_round="4",
        table_policy=club.table_policy,
        rule_set=club.rule_set,
    )
    response = client.post(reverse("director:tournament_edit", args=[club.pk]), data)
    assert response.status_code == 422
    assert response.context["form"].errors == {"rounds_planned": [CLUB_RANGE]}
    assert Tournament.objects.get(pk=club.pk).rounds_planned == 3
