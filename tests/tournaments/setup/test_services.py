"""Tournament set-up: category presets (Klub 6.2, 6.3), format changes, ranking fields."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError

from tests.support.builders import (
    HOUSE_FORMAT,
    make_released_round,
    make_tournament,
    register_players,
)
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
        make_tournament(director=user, **fields)
    assert Tournament.objects.count() == 0
    return info.value.message_dict


def special(**overrides) -> dict:
    """The house format with its final (000 §1B)."""
    return {**HOUSE_FORMAT, "has_final": True, **overrides}


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
    t = make_tournament(
        director=director, category=category, rounds_planned=rounds, has_final=has_final
    )

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


def test_tournament_create_city_final_needs_tables_of_four(director):
    """Our reading of Klub 6.2/12.1: any category may announce a final; club finals are seated
    at tables of four (6.1), so a count that can never be seated is refused at set-up."""
    assert errors_of(director, has_final=True, finalists_count=6) == {
        "finalists_count": [
            "Klub-Turniere spielen das Finale an Vierertischen: die Zahl der Finalisten muss "
            "ein Vielfaches von 4 sein (Klub 6.1)."
        ]
    }


@pytest.mark.parametrize("games", [1, 2, 3])
def test_tournament_create_fewer_games_only_for_special(director, games):
    assert errors_of(director, games_per_round=games) == {
        "games_per_round": [
            "Jede Runde hat vier Spiele; 1 bis 3 Spiele nur bei Sonderturnieren (Klub 6.2.1)."
        ]
    }
    t = make_tournament(director=director, **special(games_per_round=games))
    assert t.games_per_round == games


def test_tournament_create_three_player_tables_only_for_special(director):
    assert errors_of(director, table_policy=TablePolicy.THREE_PLAYER) == {
        "table_policy": ["Dreiertische gibt es nur bei Sonderturnieren (Klub 6.2.1)."]
    }
    t = make_tournament(director=director, **special())
    assert (t.table_policy, t.rounds_planned, t.has_final) == (TablePolicy.THREE_PLAYER, 1, True)


def test_tournament_create_ranking_year_is_start_year(director):
    assert errors_of(director, ranking_year=2027) == {
        "ranking_year": ["Das Ranking-Jahr ist das Kalenderjahr des Turnierbeginns (Klub 2.4)."]
    }


def test_tournament_create_rule_set_must_match_year_unless_special(director):
    message = (
        "Ein Turnier wird nach dem Regelwerk seines Ranking-Jahres gewertet (Klub 2.4), 2026: "
        "Klub-Regeln 2014 (vier Wertungskriterien); nur Sonderturniere dürfen das Hausformat "
        "wählen (Klub 6.2.1)."
    )
    message_2012 = (
        "Ein Turnier wird nach dem Regelwerk seines Ranking-Jahres gewertet (Klub 2.4), 2012: "
        "Regeln vor 2014 (gewonnene Spiele, dann Spielpunkte); nur Sonderturniere dürfen das "
        "Hausformat wählen (Klub 6.2.1)."
    )
    assert errors_of(director, rule_set=RuleSetCode.PRE_2014) == {"rule_set": [message]}
    assert errors_of(director, rule_set=RuleSetCode.HOUSE) == {"rule_set": [message]}
    assert errors_of(director, **special(rule_set=RuleSetCode.PRE_2014)) == {"rule_set": [message]}
    assert errors_of(
        director,
        start_date=date(2012, 5, 5),
        end_date=date(2012, 5, 5),
        ranking_year=2012,
        rule_set=RuleSetCode.RULES_2014,
    ) == {"rule_set": [message_2012]}

    old = make_tournament(
        director=director,
        start_date=date(2012, 5, 5),
        end_date=date(2012, 5, 5),
        ranking_year=2012,
        rule_set=RuleSetCode.PRE_2014,
    )
    house = make_tournament(director=director, **special())
    assert (old.rule_set, house.rule_set) == (RuleSetCode.PRE_2014, RuleSetCode.HOUSE)


def test_tournament_create_collects_every_error(director):
    errors = errors_of(
        director,
        rounds_planned=2,
        games_per_round=3,
        has_final=True,
        finalists_count=3,
        table_policy=TablePolicy.THREE_PLAYER,
        end_date=date(2026, 12, 11),
        ranking_year=2025,
    )
    assert sorted(errors) == [
        "end_date",
        "finalists_count",
        "games_per_round",
        "ranking_year",
        "rounds_planned",
        "table_policy",
    ]


def test_tournament_create_makes_creator_its_director(director, other_director):
    t = make_tournament(director=director)

    assert t.created_by == director
    assert list(TournamentStaff.objects.filter(tournament=t).values_list("user", "role")) == [
        (director.pk, StaffRole.DIRECTOR)
    ]
    assert permissions.can_direct(director, t)
    assert not permissions.can_direct(other_director, t)


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
    register_players(tournament, players, count=8)
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


def test_ranking_fields_are_fixed_once_round_one_is_drawn(director, players):
    tournament, _rnd = make_released_round(director=director, players=players, count=8, seed=3)
    for fields in ({"ranking_year": tournament.ranking_year + 1}, {"counts_for_ranking": False}):
        with pytest.raises(ValidationError, match="Regelkommission"):
            setup_services.tournament_update(tournament=tournament, **fields)
    tournament.refresh_from_db()
    assert tournament.counts_for_ranking is True
