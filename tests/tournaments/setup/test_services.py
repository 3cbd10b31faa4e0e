"""Tournament set-up: category presets (Klub 6.2, 6.3), Klub 6.2.1 deadline, create/edit views."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tests.conftest import create_tournament, register
from tournaments import permissions
from tournaments.enums import (
    Category,
    RuleSetCode,
    StaffRole,
    TablePolicy,
    TournamentStatus,
)
from tournaments.models import Tournament, TournamentStaff
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services

BERLIN = ZoneInfo("Europe/Berlin")


def errors_of(user, **fields) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as info:
        create_tournament(user, **fields)
    assert Tournament.objects.count() == 0
    return info.value.message_dict


def special(**overrides) -> dict:
    fields = {
        "name": "Hausturnier",
        "category": Category.SPECIAL,
        "rounds_planned": 1,
        "games_per_round": 3,
        "has_final": True,
        "table_policy": TablePolicy.THREE_PLAYER,
        "max_players": 16,
        "rule_set": RuleSetCode.PRE_2014,
    }
    fields.update(overrides)
    return fields


# --- Category presets ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("category", "rounds", "has_final"),
    [
        (Category.BEGINNERS, 2, False),
        (Category.BEGINNERS, 2, True),
        (Category.CITY, 3, False),
        (Category.NATIONAL, 4, False),
    ],
)
def test_tournament_create_preset_accepted(director, category, rounds, has_final):
    t = create_tournament(director, category=category, rounds_planned=rounds, has_final=has_final)

    assert (t.rounds_planned, t.has_final, t.total_rounds) == (
        rounds,
        has_final,
        rounds + int(has_final),
    )
    assert t.status == TournamentStatus.DRAFT


@pytest.mark.parametrize(
    ("category", "rounds", "message"),
    [
        (Category.CITY, 2, "Eine Stadtmeisterschaft hat 3 Vorrunden (Klub 6.3)."),
        (Category.CITY, 4, "Eine Stadtmeisterschaft hat 3 Vorrunden (Klub 6.3)."),
        (Category.NATIONAL, 3, "Eine Deutsche Meisterschaft hat 4 Vorrunden (Klub 6.3)."),
        (Category.BEGINNERS, 3, "Ein Einsteiger-Turnier hat 2 Vorrunden (Klub 6.3)."),
        (Category.CITY, 1, "Klub-Turniere haben 2 bis 4 Runden (Klub 6.2)."),
    ],
)
def test_tournament_create_wrong_round_count_refused(director, category, rounds, message):
    assert errors_of(director, category=category, rounds_planned=rounds) == {
        "rounds_planned": [message]
    }


def test_tournament_create_final_refused_for_city(director):
    assert errors_of(director, has_final=True) == {
        "has_final": [
            "Eine Finalrunde ist nur beim Einsteiger-Turnier oder bei Sonderturnieren "
            "vorgesehen (Klub 6.3)."
        ]
    }


@pytest.mark.parametrize("games", [2, 3])
def test_tournament_create_fewer_games_only_for_special(director, games):
    assert errors_of(director, games_per_round=games) == {
        "games_per_round": [
            "Jede Runde hat vier Spiele; 2 oder 3 Spiele nur bei Sonderturnieren (Klub 6.2.1)."
        ]
    }
    t = create_tournament(director, **special(games_per_round=games))
    assert t.games_per_round == games


def test_tournament_create_three_player_tables_only_for_special(director):
    assert errors_of(director, table_policy=TablePolicy.THREE_PLAYER) == {
        "table_policy": ["Dreiertische gibt es nur bei Sonderturnieren (Klub 6.2.1)."]
    }
    t = create_tournament(director, **special())
    assert (t.table_policy, t.rounds_planned, t.has_final) == (TablePolicy.THREE_PLAYER, 1, True)


def test_tournament_create_ranking_year_is_start_year(director):
    assert errors_of(director, ranking_year=2027) == {
        "ranking_year": ["Das Ranking-Jahr ist das Kalenderjahr des Turnierbeginns (Klub 2.4)."]
    }


def test_tournament_create_rule_set_must_match_year_unless_special(director):
    message = (
        "Ein Turnier wird nach dem Regelwerk seines Ranking-Jahres gewertet; nur Sonderturniere "
        "(z. B. das Hausformat) dürfen abweichen."
    )
    assert errors_of(director, rule_set=RuleSetCode.PRE_2014) == {"rule_set": [message]}
    assert errors_of(
        director,
        start_date=date(2012, 5, 5),
        end_date=date(2012, 5, 5),
        ranking_year=2012,
        rule_set=RuleSetCode.RULES_2014,
    ) == {"rule_set": [message]}

    old = create_tournament(
        director,
        start_date=date(2012, 5, 5),
        end_date=date(2012, 5, 5),
        ranking_year=2012,
        rule_set=RuleSetCode.PRE_2014,
    )
    house = create_tournament(director, **special(rule_set=RuleSetCode.PRE_2014))
    assert (old.rule_set, house.rule_set) == (RuleSetCode.PRE_2014, RuleSetCode.PRE_2014)


def test_tournament_create_collects_every_error(director):
    errors = errors_of(
        director,
        rounds_planned=2,
        games_per_round=3,
        has_final=True,
        table_policy=TablePolicy.THREE_PLAYER,
        end_date=date(2026, 12, 11),
        ranking_year=2025,
    )
    assert sorted(errors) == [
        "end_date",
        "games_per_round",
        "has_final",
        "ranking_year",
        "rounds_planned",
        "table_policy",
    ]


def test_tournament_create_makes_creator_its_director(director, other_director):
    t = create_tournament(director)

    assert t.created_by == director
    assert list(TournamentStaff.objects.filter(tournament=t).values_list("user", "role")) == [
        (director.pk, StaffRole.DIRECTOR)
    ]
    assert permissions.can_direct(director, t)
    assert not permissions.can_direct(other_director, t)


# --- Klub 6.2.1: special tournaments are announced 14 days ahead -----------------------------


def test_open_registration_special_14_days_ahead_is_allowed(director):
    t = create_tournament(director, **special())  # starts 12.12.2026
    now = datetime(2026, 11, 28, 23, 30, tzinfo=BERLIN)

    registration_services.tournament_open_registration(tournament=t, now=now)

    t.refresh_from_db()
    assert t.status == TournamentStatus.REGISTRATION
    assert t.registration_opened_at == now


def test_open_registration_special_13_days_ahead_is_refused(director):
    t = create_tournament(director, **special())
    now = datetime(2026, 11, 29, 0, 30, tzinfo=BERLIN)

    with pytest.raises(ValidationError) as info:
        registration_services.tournament_open_registration(tournament=t, now=now)

    assert info.value.messages == [
        "Sonderturniere müssen mindestens 14 Tage vor Beginn bekannt gegeben werden "
        "(Klub 6.2.1). Letzter möglicher Tag für dieses Turnier war der 28.11.2026."
    ]
    t.refresh_from_db()
    assert (t.status, t.registration_opened_at) == (TournamentStatus.DRAFT, None)


def test_open_registration_deadline_uses_local_date(director):
    """23:30 UTC on the 28th is already the 29th in Berlin: too late."""
    t = create_tournament(director, **special())
    now = datetime(2026, 11, 28, 23, 30, tzinfo=ZoneInfo("UTC"))

    with pytest.raises(ValidationError):
        registration_services.tournament_open_registration(tournament=t, now=now)


def test_open_registration_city_has_no_deadline(director):
    t = create_tournament(director)
    assert registration_services.registration_deadline(t) is None

    registration_services.tournament_open_registration(
        tournament=t, now=datetime(2026, 12, 12, 9, 0, tzinfo=BERLIN)
    )
    assert Tournament.objects.get(pk=t.pk).status == TournamentStatus.REGISTRATION


def test_open_registration_twice_refused(tournament):
    registration_services.tournament_open_registration(tournament=tournament)

    with pytest.raises(ValidationError) as info:
        registration_services.tournament_open_registration(tournament=tournament)

    assert info.value.messages == ["Die Anmeldung kann nur aus dem Entwurf heraus geöffnet werden."]


def test_open_registration_view_shows_deadline_message(client, director):
    start = timezone.localdate() + timedelta(days=13)
    t = create_tournament(
        director, **special(start_date=start, end_date=start, ranking_year=start.year)
    )
    client.force_login(director)

    response = client.post(reverse("director:tournament_open_registration", args=[t.pk]))

    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == [
        "Sonderturniere müssen mindestens 14 Tage vor Beginn bekannt gegeben werden "
        "(Klub 6.2.1). Letzter möglicher Tag für dieses Turnier war der "
        f"{start - timedelta(days=14):%d.%m.%Y}."
    ]
    assert Tournament.objects.get(pk=t.pk).status == TournamentStatus.DRAFT


# --- Updates -------------------------------------------------------------------------------


def test_tournament_update_before_round_one_may_change_format(tournament):
    t = setup_services.tournament_update(
        tournament=tournament, category=Category.NATIONAL, rounds_planned=4, venue="Halle 2"
    )
    assert (t.category, t.rounds_planned, t.venue) == (Category.NATIONAL, 4, "Halle 2")


def test_tournament_update_checks_presets(tournament):
    with pytest.raises(ValidationError) as info:
        setup_services.tournament_update(tournament=tournament, category=Category.NATIONAL)

    assert info.value.message_dict == {
        "rounds_planned": ["Eine Deutsche Meisterschaft hat 4 Vorrunden (Klub 6.3)."]
    }
    assert Tournament.objects.get(pk=tournament.pk).category == Category.CITY


def test_tournament_update_format_after_round_one_refused(tournament, players, director):
    registration_services.tournament_open_registration(tournament=tournament)
    register(tournament, players, count=8)
    round_services.round_pair_next(tournament=tournament, user=director, seed=1)

    with pytest.raises(ValidationError) as info:
        setup_services.tournament_update(
            tournament=tournament, category=Category.NATIONAL, rounds_planned=4
        )

    assert info.value.messages == [
        "Das Format kann nach der Auslosung der ersten Runde nicht mehr geändert werden."
    ]
    assert Tournament.objects.get(pk=tournament.pk).rounds_planned == 3
    # Non-format fields stay editable.
    t = setup_services.tournament_update(tournament=tournament, venue="Rathaus")
    assert t.venue == "Rathaus"


# --- Views ---------------------------------------------------------------------------------


def form_data(**overrides) -> dict:
    data = {
        "name": "Stadtmeisterschaft Köln",
        "category": Category.CITY,
        "rounds_planned": "3",
        "games_per_round": "4",
        "finalists_count": "4",
        "table_policy": TablePolicy.RESERVES,
        "max_players": "",
        "start_date": "2026-12-12",
        "end_date": "2026-12-12",
        "venue": "Gürzenich",
        "ranking_year": "2026",
        "rule_set": RuleSetCode.RULES_2014,
        "counts_for_ranking": "on",
    }
    data.update(overrides)
    return data


def test_tournament_create_view(client, director):
    client.force_login(director)
    assert client.get(reverse("director:tournament_create")).status_code == 200

    response = client.post(reverse("director:tournament_create"), form_data())

    t = Tournament.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("director:tournament_detail", args=[t.pk])
    assert (t.name, t.created_by, t.status) == (
        "Stadtmeisterschaft Köln",
        director,
        TournamentStatus.DRAFT,
    )
    assert TournamentStaff.objects.filter(tournament=t, user=director, role="director").exists()


def test_tournament_create_view_shows_preset_error(client, director):
    client.force_login(director)

    response = client.post(
        reverse("director:tournament_create"), form_data(rounds_planned="2", has_final="on")
    )

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "rounds_planned": ["Eine Stadtmeisterschaft hat 3 Vorrunden (Klub 6.3)."],
        "has_final": [
            "Eine Finalrunde ist nur beim Einsteiger-Turnier oder bei Sonderturnieren "
            "vorgesehen (Klub 6.3)."
        ],
    }
    assert Tournament.objects.count() == 0


def test_tournament_edit_view_format_change_after_round_one(client, tournament, players, director):
    registration_services.tournament_open_registration(tournament=tournament)
    register(tournament, players, count=8)
    round_services.round_pair_next(tournament=tournament, user=director, seed=1)
    client.force_login(director)

    response = client.post(
        reverse("director:tournament_edit", args=[tournament.pk]),
        form_data(category=Category.NATIONAL, rounds_planned="4"),
    )

    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "Das Format kann nach der Auslosung der ersten Runde nicht mehr geändert werden."
    ]
    tournament.refresh_from_db()
    assert (tournament.category, tournament.rounds_planned) == (Category.CITY, 3)


def test_tournament_form_shows_every_format_problem_in_german(client, director):
    client.force_login(director)
    response = client.post(
        reverse("director:tournament_create"),
        {
            "name": "Falsch",
            "category": "national",
            "rounds_planned": "3",
            "games_per_round": "4",
            "finalists_count": "4",
            "table_policy": "reserves",
            "start_date": "2026-12-12",
            "end_date": "2026-12-11",
            "ranking_year": "2026",
            "rule_set": "2014",
        },
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors["rounds_planned"] == ["Eine Deutsche Meisterschaft hat 4 Vorrunden (Klub 6.3)."]
    assert errors["end_date"] == ["Das Ende liegt vor dem Beginn."]
    assert "tournament_end_after_start" not in response.content.decode()


def test_ranking_fields_are_fixed_once_round_one_is_drawn(director, players):
    from django.core.exceptions import ValidationError

    from tests.conftest import released_round_one

    tournament, _rnd = released_round_one(director, players, count=8, seed=3)
    for fields in ({"ranking_year": tournament.ranking_year + 1}, {"counts_for_ranking": False}):
        with pytest.raises(ValidationError, match="Regelkommission"):
            setup_services.tournament_update(tournament=tournament, **fields)
    tournament.refresh_from_db()
    assert tournament.counts_for_ranking is True
