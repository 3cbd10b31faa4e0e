"""Finals that can always be seated, known at set-up (issue 27.2; SPEC §1, 000 §1A, §1B), through
the services: a top-N count that never seats is refused at set-up, a final of the table winners
caps the field at 16 (registration, check-in, the draw), and the house format defaults to it."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import (
    HOUSE_FORMAT,
    make_house_tournament,
    make_tournament,
    register_players,
)
from tournaments.enums import FinalMode, RuleSetCode
from tournaments.models import Registration, Round, Tournament
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db

NEVER_SEATED_5 = (
    "Ein Finale mit 5 Spielern lässt sich nie setzen: das Finale spielt an Vierer- und "
    "Dreiertischen (000 §1A), und 5 Spieler füllen keine solche Tischaufteilung. Bitte eine "
    "andere Zahl von Finalisten wählen."
)
FULL_16 = (
    "Das Feld ist mit 16 Spielern voll: das Finale der Tischsieger ist ein Tisch, also hat die "
    "Vorrunde höchstens 4 Tische (000 §1A, §1B). Für mehr Spieler zuerst das Finale ändern."
)
TOP_N = {"has_final": True, "final_mode": FinalMode.TOP_N}
WINNERS = {"has_final": True, "final_mode": FinalMode.TABLE_WINNERS}


def test_special_top_5_is_refused_when_created(director):
    """SPEC §1: a finalist count that can never be seated is refused at set-up."""
    with pytest.raises(ValidationError) as refused:
        make_tournament(director=director, **{**HOUSE_FORMAT, **TOP_N, "finalists_count": 5})

    assert refused.value.message_dict == {"finalists_count": [NEVER_SEATED_5]}
    assert not Tournament.objects.exists()


def test_special_top_n_changed_to_5_is_refused_and_nothing_changes(director):
    t = make_house_tournament(director=director, **TOP_N, finalists_count=4)
    before = Tournament.objects.values().get(pk=t.pk)

    with pytest.raises(ValidationError) as refused:
        setup_services.tournament_update(tournament=t, finalists_count=5)

    assert refused.value.message_dict == {"finalists_count": [NEVER_SEATED_5]}
    assert Tournament.objects.values().get(pk=t.pk) == before


def test_the_edit_form_refuses_5_finalists_with_422(client, director):
    t = make_house_tournament(director=director, **TOP_N, finalists_count=4)
    client.force_login(director)
    data = {
        **{k: v for k, v in HOUSE_FORMAT.items() if k != "max_players"},
        **TOP_N,
        "finalists_count": 5,
        "max_players": 16,
        "start_date": t.start_date.isoformat(),
        "ranking_year": t.ranking_year,
        "seconds_per_move": 60,
        "counts_for_ranking": "on",
    }

    response = client.post(reverse("director:tournament_edit", args=[t.pk]), data)

    assert response.status_code == 422
    assert NEVER_SEATED_5 in response.content.decode()
    t.refresh_from_db()
    assert t.finalists_count == 4


@pytest.mark.parametrize(
    ("rule", "fields", "mode"),
    [
        (
            "SPEC §1: house format with a final",
            {**HOUSE_FORMAT, "has_final": True},
            "table_winners",
        ),
        ("Klub 6.2: top N by default", {"has_final": True}, "top_n"),
        (
            "Klub 6.2.1: a special tournament by the 2014 rules",
            {**HOUSE_FORMAT, "has_final": True, "rule_set": RuleSetCode.RULES_2014},
            "top_n",
        ),
    ],
)
def test_a_house_format_final_defaults_to_the_table_winners(director, rule, fields, mode):
    t = make_tournament(director=director, **fields)
    assert t.final_mode == mode, rule


def test_the_create_form_leaves_the_final_mode_to_the_rule_set(client, director):
    client.force_login(director)
    data = {
        **HOUSE_FORMAT,
        "has_final": "on",
        "final_mode": "",
        "finalists_count": 4,
        "start_date": "2026-12-12",
        "ranking_year": 2026,
        "seconds_per_move": 60,
    }

    response = client.post(reverse("director:tournament_create"), data)

    assert response.status_code == 302
    assert Tournament.objects.get().final_mode == FinalMode.TABLE_WINNERS


def test_table_winners_refuse_the_17th_registration(director, players):
    """000 §1A: at most 16 players; the 17th is refused until the director changes the final."""
    t = make_house_tournament(director=director, **WINNERS, max_players=None)
    for player in players[:16]:
        registration_services.registration_add(
            tournament=t, player=player, reserve=False, user=director
        )

    with pytest.raises(ValidationError) as refused:
        registration_services.registration_add(
            tournament=t, player=players[16], reserve=False, user=director
        )

    assert refused.value.messages == [FULL_16]
    assert t.registrations.count() == 16
    setup_services.tournament_update(tournament=t, final_mode=FinalMode.TOP_N, finalists_count=4)
    registration_services.registration_add(
        tournament=t, player=players[16], reserve=False, user=director
    )
    assert t.registrations.count() == 17


def test_a_final_of_the_table_winners_is_refused_for_17_registered(director, players):
    t = make_house_tournament(director=director, has_final=False, max_players=None)
    for player in players[:17]:
        registration_services.registration_add(
            tournament=t, player=player, reserve=False, user=director
        )
    before = Tournament.objects.values().get(pk=t.pk)

    with pytest.raises(ValidationError) as refused:
        setup_services.tournament_update(tournament=t, **WINNERS)

    assert refused.value.message_dict == {
        "final_mode": [
            "17 Spieler sind angemeldet, aber das Finale der Tischsieger ist ein Tisch: "
            "höchstens 4 Tische, also höchstens 16 Spieler (000 §1A, §1B). Bitte zuerst Spieler "
            "abmelden oder das Finale lassen, wie es ist."
        ]
    }
    assert Tournament.objects.values().get(pk=t.pk) == before


def seventeen_registered(director, players) -> Tournament:
    """17 registrations that predate the cap (written directly, as older data may be)."""
    t = make_house_tournament(director=director, **WINNERS, max_players=None)
    Registration.objects.bulk_create(
        [Registration(tournament=t, player=p, registered_by=director) for p in players[:17]]
    )
    return t


def test_check_in_refuses_the_17th_player(director, players):
    t = seventeen_registered(director, players)
    regs = list(t.registrations.order_by("pk"))
    for reg in regs[:16]:
        registration_services.registration_update(registration=reg, checked_in=True)

    with pytest.raises(ValidationError) as refused:
        registration_services.registration_update(registration=regs[16], checked_in=True)
    assert refused.value.messages == [FULL_16]
    regs[16].refresh_from_db()
    assert regs[16].checked_in_at is None

    with pytest.raises(ValidationError) as refused_all:
        registration_services.registrations_check_in_all(tournament=t)
    assert refused_all.value.messages == [FULL_16]


@pytest.mark.parametrize(
    ("rule", "count", "message"),
    [
        (
            "000 §1A: more than four tables",
            17,
            "5 Tische ergäben 5 Tischsieger, ihr Finale ist aber ein Tisch: höchstens 4 Tische, "
            "also höchstens 16 Spieler (000 §1A, §1B). Bitte Spieler auschecken oder zuerst das "
            "Finale ändern.",
        ),
        (
            "000 §1B: one table has one winner",
            4,
            "Ein Tisch ergibt nur einen Tischsieger und damit kein Finale: ein Finale der "
            "Tischsieger braucht mindestens zwei Tische (000 §1B). Bitte mehr Spieler einchecken "
            "oder zuerst das Finale ändern.",
        ),
    ],
)
def test_the_round_1_draw_refuses_a_field_whose_final_cannot_be_drawn(
    director, players, rule, count, message
):
    t = seventeen_registered(director, players)
    t.registrations.exclude(player__in=players[:count]).delete()
    t.registrations.update(checked_in_at="2026-12-12T09:00:00+01:00")

    with pytest.raises(ValidationError) as refused:
        round_services.round_pair_next(tournament=t, user=director, seed=1)

    assert refused.value.messages == [message], rule
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("rule", "count", "reserves", "refused"),
    [
        ("Klub 6.2, SPEC §1: 6 players, 2 reserves give no final of the top 8", 6, 2, True),
        ("Klub 6.1: reserves are never finalists, 7 players are still too few", 7, 1, True),
        ("Klub 6.2: 8 players give the final of the top 8", 8, 0, False),
    ],
)  # fmt: skip
def test_the_round_1_draw_refuses_a_field_smaller_than_the_top_n_final(
    director, players, rule, count, reserves, refused
):
    t = make_tournament(director=director, open=True, has_final=True, finalists_count=8)
    register_players(t, players, count=count, reserves=reserves)

    if not refused:
        assert round_services.round_pair_next(tournament=t, user=director, seed=1).number == 1
        return
    with pytest.raises(ValidationError) as refusal:
        round_services.round_pair_next(tournament=t, user=director, seed=1)
    assert refusal.value.messages == [
        f"Das Finale setzt die besten 8, es spielen aber nur {count} Spieler ohne "
        "Ersatzspieler: keine Runde wird ausgelost, deren Finale nicht ausgelost werden kann "
        "(Klub 6.2). Bitte mehr Spieler einchecken oder zuerst das Finale ändern."
    ], rule
    assert not Round.objects.exists()
