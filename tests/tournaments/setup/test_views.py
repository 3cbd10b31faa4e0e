"""The tournament set-up pages: create, edit, open the registration."""

from __future__ import annotations

import json
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from tests.support.builders import (
    HOUSE_FORMAT,
    make_tournament,
    register_players,
)
from tests.support.reading import director_snapshot as snapshot
from tournaments.enums import (
    Category,
    RuleSetCode,
    TablePolicy,
    TournamentStatus,
)
from tournaments.models import Tournament, TournamentStaff
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services

BERLIN = ZoneInfo("Europe/Berlin")


def test_open_registration_view_shows_deadline_message(client, director):
    start = timezone.localdate() + timedelta(days=13)
    t = make_tournament(
        director=director,
        **HOUSE_FORMAT,
        start_date=start,
        end_date=start,
        ranking_year=start.year,
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


# --- Views ---------------------------------------------------------------------------------


def form_data(**overrides) -> dict:
    data = {
        "name": "Stadtmeisterschaft Köln",
        "category": Category.CITY,
        "rounds_planned": "3",
        "games_per_round": "4",
        "finalists_count": "4",
        "final_mode": "top_n",
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
        reverse("director:tournament_create"),
        form_data(rounds_planned="2", has_final="on", finalists_count="6"),
    )

    assert response.status_code == 422  # a refused form
    assert response.context["form"].errors == {
        "rounds_planned": ["Eine Stadtmeisterschaft hat 3 Vorrunden (Klub 6.3)."],
        "finalists_count": [
            "Klub-Turniere spielen das Finale an Vierertischen: die Zahl der Finalisten muss "
            "ein Vielfaches von 4 sein (Klub 6.1)."
        ],
    }
    assert Tournament.objects.count() == 0


def test_tournament_edit_view_format_change_after_round_one(client, tournament, players, director):
    registration_services.tournament_open_registration(tournament=tournament)
    register_players(tournament, players, count=8)
    round_services.round_pair_next(tournament=tournament, user=director, seed=1)
    client.force_login(director)

    response = client.post(
        reverse("director:tournament_edit", args=[tournament.pk]),
        form_data(category=Category.NATIONAL, rounds_planned="4"),
    )

    assert response.status_code == 422
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
            "final_mode": "top_n",
            "table_policy": "reserves",
            "start_date": "2026-12-12",
            "end_date": "2026-12-11",
            "ranking_year": "2026",
            "rule_set": "2014",
        },
    )
    assert response.status_code == 422  # a refused form
    errors = response.context["form"].errors
    assert errors["rounds_planned"] == ["Eine Deutsche Meisterschaft hat 4 Vorrunden (Klub 6.3)."]
    assert errors["end_date"] == ["Das Ende liegt vor dem Beginn."]
    assert "tournament_end_after_start" not in response.content.decode()


def test_tournament_edit_garbage_is_a_form_error(client, director_world, director):
    client.force_login(director)
    before = snapshot()

    response = client.post(
        reverse("director:tournament_edit", args=[director_world["t"].pk]),
        form_data(rounds_planned="drei", start_date="32.13.2026"),
    )

    assert response.status_code == 422
    assert sorted(response.context["form"].errors) == ["rounds_planned", "start_date"]
    assert snapshot() == before


def test_tournament_form_explains_the_rule_sets(client, director):
    # SPEC §5: the conflict of 001 §22.7 with Klub 10.1 is explained where the rule set is chosen.
    client.force_login(director)
    html = client.get(reverse("director:tournament_create")).content.decode()
    assert (
        "Vor 2014: gewonnene Spiele, dann Spielpunkte (001 §22.7); Klub 10.1 gilt ab 2014." in html
    )
    assert "Sonderturniere dürfen in jedem Jahr das Hausformat wählen" in html
    assert '<option value="house">Hausformat 000 (Platzierungspunkte, dann Spielpunkte)' in html


# --- Issue #17 item 3: presets, one-day events, the error summary ---------------------------


def test_tournament_create_without_javascript_takes_rounds_and_games_from_the_category(
    client, director
):
    """Klub 6.3: a national championship has 4 rounds; empty fields take the category's preset."""
    client.force_login(director)

    response = client.post(
        reverse("director:tournament_create"),
        form_data(category=Category.NATIONAL, rounds_planned="", games_per_round=""),
    )

    assert response.status_code == 302
    t = Tournament.objects.get()
    assert (t.category, t.rounds_planned, t.games_per_round) == (Category.NATIONAL, 4, 4)


def test_tournament_create_special_needs_its_rounds(client, director):
    """Klub 6.2.1: a special tournament announces its rounds; there is no preset to take."""
    client.force_login(director)

    response = client.post(
        reverse("director:tournament_create"),
        form_data(category=Category.SPECIAL, rounds_planned=""),
    )

    assert response.status_code == 422  # a refused form
    assert response.context["form"].errors["rounds_planned"] == [
        "Bitte angeben: ein Sonderturnier kündigt das an (Klub 6.2.1)."
    ]
    assert Tournament.objects.count() == 0


def test_tournament_create_one_day_event_needs_one_date(client, director):
    client.force_login(director)

    response = client.post(reverse("director:tournament_create"), form_data(end_date=""))

    assert response.status_code == 302
    t = Tournament.objects.get()
    assert (t.start_date.isoformat(), t.end_date.isoformat()) == ("2026-12-12", "2026-12-12")


def test_tournament_form_offers_the_category_presets_to_its_script(client, director):
    client.force_login(director)

    response = client.get(reverse("director:tournament_create"))

    form = response.context["form"]
    assert json.loads(form.fields["category"].widget.attrs["data-presets"]) == {
        "beginners": {"rounds_planned": 2, "games_per_round": 4},
        "city": {"rounds_planned": 3, "games_per_round": 4},
        "national": {"rounds_planned": 4, "games_per_round": 4},
        "special": {"rounds_planned": None, "games_per_round": 4},
    }
    assert form["rounds_planned"].value() is None


def test_tournament_form_error_summary_links_to_the_fields(client, director):
    client.force_login(director)

    response = client.post(
        reverse("director:tournament_create"), form_data(name="", start_date="32.13.2026")
    )

    html = response.content.decode()
    summary = html[html.index('class="notice notice-bad error-summary"') :]
    summary = summary[: summary.index("</div>")]
    assert '<a href="#id_name">Name: Dieses Feld ist zwingend erforderlich.</a>' in summary
    assert '<a href="#id_start_date">Beginn: Bitte ein gültiges Datum eingeben.</a>' in summary
    assert summary.index("#id_name") < summary.index("#id_start_date")


def test_the_organising_club_is_set_up_with_the_tournament(client, director):
    """Issue 33.2: an optional organising club, labelled in both languages; a juniors' field
    follows its main tournament."""
    from tournaments.setup import services as setup_services

    client.force_login(director)
    form = client.get(reverse("director:tournament_create")).content.decode()
    assert 'name="organising_club"' in form and "Ausrichtender Verein" in form
    english = client.get(reverse("director:tournament_create"), HTTP_ACCEPT_LANGUAGE="en")
    assert "Organising club" in english.content.decode()
    client.post(reverse("director:tournament_create"), form_data(organising_club="RC Köln e.V."))
    t = Tournament.objects.get()
    assert t.organising_club == "RC Köln e.V."
    junior = setup_services.junior_field_create(tournament=t, rounds_planned=2, user=director)
    assert junior.organising_club == "RC Köln e.V."
    client.post(reverse("director:tournament_create"), form_data(name="Ohne Verein"))
    assert Tournament.objects.get(name="Ohne Verein").organising_club == ""
