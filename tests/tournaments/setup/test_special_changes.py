"""Klub 6.2.1: an announced special tournament changes its format or start only 14 days ahead
(SPEC §1, our reading: the (new) start must be at least 14 days away)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.support.builders import HOUSE_FORMAT, make_tournament
from tournaments.enums import Category, FinalMode, RuleSetCode, TablePolicy
from tournaments.models import Tournament
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db


def in_days(days: int):
    return timezone.localdate() + timedelta(days=days)


def refusal() -> str:
    return (
        "Änderungen am Format eines Sonderturniers müssen 14 Tage vor Beginn bekannt sein "
        f"(Klub 6.2.1); frühester neuer Beginn: {in_days(14):%d.%m.%Y}."
    )


def announced(director, *, starts_in: int, **fields) -> Tournament:
    """Opened for registration 30 days ahead, then the start comes closer (time passes)."""
    start = in_days(30)
    t = make_tournament(
        director=director,
        open=True,
        **{**HOUSE_FORMAT, "start_date": start, "end_date": start, "ranking_year": start.year},
        **fields,
    )
    late = in_days(starts_in)
    Tournament.objects.filter(pk=t.pk).update(
        start_date=late, end_date=late, ranking_year=late.year
    )
    t.refresh_from_db()
    return t


def dates(days: int) -> dict:
    start = in_days(days)
    return {"start_date": start, "end_date": start, "ranking_year": start.year}


@pytest.mark.parametrize(
    ("rule", "changes"),
    [
        ("Klub 6.2.1: games per round", {"games_per_round": 2}),
        ("Klub 6.2.1: rounds", {"rounds_planned": 2}),
        ("Klub 6.2.1: table policy", {"table_policy": TablePolicy.RESERVES}),
        ("Klub 6.2.1: final round", {"has_final": False}),
        ("Klub 6.2.1: the rule set, house → 2014", {"rule_set": RuleSetCode.RULES_2014}),
        (
            "Klub 6.2.1: the final mode, top N → table winners",
            {"final_mode": FinalMode.TABLE_WINNERS},
        ),
        ("Klub 6.2.1: the finalists", {"finalists_count": 8}),
        ("Klub 6.2.1: start date", dates(13)),
        ("Klub 6.2.1: an earlier start", dates(5)),
    ],
)
def test_late_change_of_an_announced_special_tournament_is_refused(director, rule, changes):
    t = announced(director, starts_in=10, has_final=True, final_mode=FinalMode.TOP_N)
    before = Tournament.objects.values().get(pk=t.pk)

    with pytest.raises(ValidationError) as info:
        setup_services.tournament_update(tournament=t, **changes)

    assert info.value.message_dict == {"start_date": [refusal()]}, rule
    assert Tournament.objects.values().get(pk=t.pk) == before, rule


def test_late_category_change_into_a_special_tournament_is_refused(director):
    start = in_days(30)
    t = make_tournament(
        director=director, open=True, start_date=start, end_date=start, ranking_year=start.year
    )
    Tournament.objects.filter(pk=t.pk).update(start_date=in_days(10), end_date=in_days(10))
    with pytest.raises(ValidationError) as info:
        setup_services.tournament_update(tournament=t, category=Category.SPECIAL, games_per_round=3)
    assert info.value.message_dict == {"start_date": [refusal()]}
    assert Tournament.objects.get(pk=t.pk).category == Category.CITY


def test_a_change_that_moves_the_start_14_days_ahead_is_made(director):
    # The refusal names the earliest start; a director who moves the start there may change.
    t = announced(director, starts_in=10)
    t = setup_services.tournament_update(tournament=t, games_per_round=2, **dates(14))
    assert (t.games_per_round, t.start_date) == (2, in_days(14))


@pytest.mark.parametrize(
    ("rule", "starts_in", "changes"),
    [
        ("Klub 6.2.1: 14 days ahead", 20, {"games_per_round": 2}),
        ("Klub 6.2.1: exactly 14 days", 14, {"rounds_planned": 2}),
        ("not a format field", 3, {"venue": "Rathaus", "max_players": 12}),
        ("no final: its mode is no part of it", 3, {"final_mode": FinalMode.TABLE_WINNERS}),
    ],
)
def test_changes_in_time_or_outside_the_format_are_made(director, rule, starts_in, changes):
    t = announced(director, starts_in=starts_in)
    t = setup_services.tournament_update(tournament=t, **changes)
    assert all(getattr(t, k) == v for k, v in changes.items()), rule


def test_a_draft_is_not_announced_yet_and_may_change(director):
    # Opening the registration checks the 14 days (Klub 6.2.1); a draft may change freely.
    t = make_tournament(director=director, **{**HOUSE_FORMAT, **dates(30)})
    t = setup_services.tournament_update(tournament=t, games_per_round=1, **dates(5))
    assert (t.games_per_round, t.start_date) == (1, in_days(5))


def test_club_tournaments_are_not_bound_by_6_2_1(director):
    start = in_days(30)
    t = make_tournament(
        director=director, open=True, start_date=start, end_date=start, ranking_year=start.year
    )
    t = setup_services.tournament_update(tournament=t, **dates(3))
    assert t.start_date == in_days(3)


def test_edit_form_shows_the_refusal_with_the_earliest_start(client, director):
    t = announced(director, starts_in=10)
    client.force_login(director)
    start = t.start_date.isoformat()
    data = {
        "name": t.name,
        "category": Category.SPECIAL,
        "rounds_planned": "1",
        "games_per_round": "2",
        "finalists_count": "4",
        "table_policy": TablePolicy.THREE_PLAYER,
        "max_players": "16",
        "start_date": start,
        "end_date": start,
        "venue": "",
        "ranking_year": str(t.ranking_year),
        "rule_set": RuleSetCode.HOUSE,
        "counts_for_ranking": "on",
        "final_mode": "top_n",
    }

    response = client.post(reverse("director:tournament_edit", args=[t.pk]), data)

    assert response.status_code == 422
    assert response.context["form"].errors == {"start_date": [refusal()]}
    assert refusal() in response.content.decode()
    assert Tournament.objects.get(pk=t.pk).games_per_round == 3

    moved = in_days(14).isoformat()
    data.update(start_date=moved, end_date=moved, ranking_year=str(in_days(14).year))
    response = client.post(reverse("director:tournament_edit", args=[t.pk]), data)
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.games_per_round, t.start_date) == (2, in_days(14))


def test_edit_form_refuses_a_late_rule_set_change(client, director):
    """Klub 6.2.1 (issue 27.6): the rule set is part of the announced format."""
    t = announced(director, starts_in=8)
    client.force_login(director)
    start = t.start_date.isoformat()
    data = {
        "name": t.name,
        "category": Category.SPECIAL,
        "rounds_planned": "1",
        "games_per_round": "3",
        "finalists_count": "4",
        "table_policy": TablePolicy.THREE_PLAYER,
        "max_players": "16",
        "start_date": start,
        "end_date": start,
        "venue": "",
        "ranking_year": str(t.ranking_year),
        "rule_set": RuleSetCode.RULES_2014,
        "counts_for_ranking": "on",
        "final_mode": "top_n",
        "seconds_per_move": "" if t.seconds_per_move is None else str(t.seconds_per_move),
    }
    same = client.post(
        reverse("director:tournament_edit", args=[t.pk]), {**data, "rule_set": t.rule_set}
    )
    assert same.status_code == 302  # the unchanged announcement saves

    response = client.post(reverse("director:tournament_edit", args=[t.pk]), data)

    assert response.status_code == 422
    assert response.context["form"].errors == {"start_date": [refusal()]}
    assert Tournament.objects.get(pk=t.pk).rule_set == RuleSetCode.HOUSE
