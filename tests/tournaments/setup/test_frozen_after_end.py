"""Everything is frozen after the end (issue 27.4; SPEC §6, Klub 4.2.3, 10.4): the tournament's
own settings refuse like its sheets, with the same message and no change. In particular the end
date no longer moves, so the 14-day appeal window after it cannot be reopened (Klub 10.4)."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tests.support.builders import make_tournament, make_user
from tournaments.enums import Category, GlobalRole, RuleSetCode, StaffRole, TournamentStatus
from tournaments.models import TablePin, Tournament, TournamentStaff
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db

FROZEN_DE = (
    "Das Turnier ist beendet: seine Ergebnisse sind eingefroren. Änderungen sind nur noch über "
    "die Regelkommission möglich und wirken nur auf das Ranking (Klub 4.2.3, 10.2, 10.4)."
)
FROZEN_EN = (
    "The tournament is finished: its results are frozen. Changes are only possible through the "
    "rules commission (Regelkommission) and affect only the ranking (Klub 4.2.3, 10.2, 10.4)."
)


@pytest.fixture
def ended(director, players) -> Tournament:
    """A city championship of 12.12.2026, finished (its last round published)."""
    t = make_tournament(director=director, open=True)
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.FINISHED)
    t.refresh_from_db()
    return t


UPDATES = [
    (
        "Klub 10.4: the end date, later (would reopen the appeal window)",
        {"end_date": date(2026, 12, 13)},
    ),
    (
        "Klub 10.4: the end date, earlier",
        {"start_date": date(2026, 12, 5), "end_date": date(2026, 12, 5)},
    ),
    ("Klub 4.2.3: the final, added", {"has_final": True, "finalists_count": 4}),
    ("Klub 4.2.3: the rule set", {"rule_set": RuleSetCode.HOUSE}),
    ("Klub 4.2.3: the rounds", {"rounds_planned": 4}),
    ("SPEC §6: anything, the venue", {"venue": "Rathaus"}),
    ("SPEC §6: anything, the name", {"name": "Umbenannt"}),
    ("SPEC §6: anything, the places", {"max_players": 40}),
]


@pytest.mark.parametrize(("rule", "changes"), UPDATES)
def test_a_finished_tournament_refuses_every_update(ended, rule, changes):
    before = Tournament.objects.values().get(pk=ended.pk)

    with pytest.raises(ValidationError) as refused:
        setup_services.tournament_update(tournament=ended, **changes)

    assert (refused.value.code, refused.value.messages) == ("frozen", [FROZEN_DE]), rule
    assert Tournament.objects.values().get(pk=ended.pk) == before, rule


OTHER_WRITES = [
    (
        "Klub 7.1, 10.4: a table pin",
        lambda t, director, players: round_services.pin_set(
            tournament=t, player=players[0], table_number=1, reason="Rollstuhl", user=director
        ),
    ),
    (
        "Klub 10.4: the table entry switch",
        lambda t, director, players: setup_services.tournament_table_entry_set(
            tournament=t, enabled=True, user=director
        ),
    ),
    (
        "Klub 10.4: staff",
        lambda t, director, players: setup_services.staff_assign(
            tournament=t,
            username=make_user("spaet", role=GlobalRole.REFEREE).username,
            role=StaffRole.REFEREE,
            user=director,
        ),
    ),
    (
        "Klub 10.4: a juniors' field",
        lambda t, director, players: setup_services.junior_field_create(
            tournament=t, rounds_planned=2, user=director
        ),
    ),
]


@pytest.mark.parametrize(("rule", "write"), OTHER_WRITES)
def test_a_finished_tournament_refuses_every_other_write(ended, director, players, rule, write):
    before = (
        Tournament.objects.values().get(pk=ended.pk),
        TablePin.objects.count(),
        TournamentStaff.objects.count(),
        Tournament.objects.count(),
    )

    with pytest.raises(ValidationError) as refused:
        write(ended, director, players)

    assert refused.value.messages == [FROZEN_DE], rule
    after = (
        Tournament.objects.values().get(pk=ended.pk),
        TablePin.objects.count(),
        TournamentStaff.objects.count(),
        Tournament.objects.count(),
    )
    assert after == before, rule


def test_the_refusal_in_english(ended):
    with translation.override("en"):
        with pytest.raises(ValidationError) as refused:
            setup_services.tournament_update(tournament=ended, end_date=date(2026, 12, 13))
        assert refused.value.messages == [FROZEN_EN]


def test_the_edit_form_shows_the_refusal(client, director, ended):
    client.force_login(director)
    data = {
        "name": ended.name,
        "category": Category.CITY,
        "rounds_planned": "3",
        "games_per_round": "4",
        "finalists_count": "4",
        "table_policy": ended.table_policy,
        "max_players": "16",
        "start_date": "2026-12-12",
        "end_date": "2026-12-13",
        "venue": ended.venue,
        "ranking_year": "2026",
        "rule_set": ended.rule_set,
        "counts_for_ranking": "on",
        "final_mode": ended.final_mode,
    }
    before = Tournament.objects.values().get(pk=ended.pk)

    response = client.post(reverse("director:tournament_edit", args=[ended.pk]), data)

    assert response.status_code == 422
    assert response.context["form"].errors == {"__all__": [FROZEN_DE]}
    assert FROZEN_DE in response.content.decode()
    assert Tournament.objects.values().get(pk=ended.pk) == before
