"""The commission's own hand (Klub 3.1.1, SPEC §8): strike a tournament from the ranking without
an appeal, at any time, and let it count again by a new decision; final; ranking only."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.urls import reverse

from ranking.commission import services as commission_services
from ranking.compute import services as compute
from ranking.domain.appeals import BERLIN
from ranking.enums import DecisionOutcome
from ranking.models import RankingEntry, RankingStrike
from tests.ranking.conftest import END
from tests.support.builders import make_user, play_tournament
from tournaments.enums import GlobalRole
from tournaments.models import SheetVersion, Tournament

pytestmark = pytest.mark.django_db

MAY = datetime(2026, 9, 1, 10, 0, tzinfo=BERLIN)  # long after the appeal window


@pytest.fixture
def two(director, desk_user, field):
    first = play_tournament(director=director, desk=desk_user, players=field, end=END)
    second = play_tournament(
        director=director, desk=desk_user, players=field, name="Zweites", end=END, rounds=1
    )
    compute.ranking_recompute_year(year=2026)
    return first, second


def strike(t, user, struck=True, reasoning="Verstoß gegen Klub 6.2 festgestellt.", now=MAY):
    return commission_services.tournament_strike_set(
        tournament=t, struck=struck, reasoning=reasoning, user=user, now=now
    )


def test_strike_without_appeal_leaves_the_ranking_and_undo_brings_it_back(
    two, commission_member, client
):
    first, second = two
    versions = SheetVersion.objects.count()
    assert {e.tournaments for e in RankingEntry.objects.all()} == {2}

    strike(first, commission_member)
    compute.ranking_recompute_year(year=2026)
    assert {e.tournaments for e in RankingEntry.objects.all()} == {1}
    first.refresh_from_db()
    assert first.ranking_note == (
        "Von der Regelkommission aus dem Ranking gestrichen am 01.09.2026 (Klub 3.1.1): "
        "Verstoß gegen Klub 6.2 festgestellt."
    )
    assert (
        first.ranking_note
        in client.get(reverse("tournament_public", args=[first.pk])).content.decode()
    )
    year_page = client.get(reverse("ranking:year", args=[2026])).content.decode()
    assert "01.09.2026: Verstoß gegen Klub 6.2 festgestellt." in year_page

    strike(first, commission_member, struck=False, reasoning="Neue Beweislage.")
    compute.ranking_recompute_year(year=2026)
    assert {e.tournaments for e in RankingEntry.objects.all()} == {2}
    assert Tournament.objects.get(pk=first.pk).ranking_note == ""
    assert list(RankingStrike.objects.values_list("struck", flat=True)) == [True, False]
    assert SheetVersion.objects.count() == versions  # the published results never change


def test_an_appeal_strike_undone_by_the_commission_s_own_decision(
    appeal, commission_member, finished
):
    commission_services.appeal_decide(
        appeal=appeal, user=commission_member, outcome=DecisionOutcome.STRUCK, reasoning="Verstoß."
    )
    strike(finished, commission_member, struck=False, reasoning="Wiederaufnahme.", now=None)
    compute.ranking_recompute_year(year=2026)
    assert {e.tournaments for e in RankingEntry.objects.all()} == {1}


@pytest.mark.parametrize(
    ("struck", "reasoning", "message"),
    [
        (True, "  ", {"reasoning": ["Eine Entscheidung braucht eine Begründung."]}),
        (False, "Warum nicht", ["Dieses Turnier zählt bereits für das Ranking."]),
    ],
)
def test_refusals_change_nothing(two, commission_member, struck, reasoning, message):
    with pytest.raises(ValidationError) as info:
        strike(two[0], commission_member, struck=struck, reasoning=reasoning)
    assert (
        info.value.message_dict if hasattr(info.value, "error_dict") else info.value.messages
    ) == message
    assert RankingStrike.objects.count() == 0


def test_a_second_strike_is_refused(two, commission_member):
    strike(two[0], commission_member)
    with pytest.raises(ValidationError) as info:
        strike(two[0], commission_member)
    assert info.value.messages == ["Dieses Turnier ist bereits aus dem Ranking gestrichen."]
    assert RankingStrike.objects.count() == 1


@pytest.mark.parametrize("role", [GlobalRole.DIRECTOR, GlobalRole.FEDERATION_ADMIN, None])
def test_only_the_commission_strikes(two, role):
    with pytest.raises(PermissionDenied):
        strike(two[0], make_user("fremd", role=role))
    assert RankingStrike.objects.count() == 0


def test_the_decision_is_final_in_the_database(two, commission_member):
    row = strike(two[0], commission_member)
    with pytest.raises(Exception, match="endgültig"), transaction.atomic():
        RankingStrike.objects.filter(pk=row.pk).update(reasoning="geändert")
    row.refresh_from_db()
    assert row.reasoning == "Verstoß gegen Klub 6.2 festgestellt."


def test_the_commission_page_and_form(client, two, commission_member, director):
    first, _ = two
    client.force_login(director)
    assert client.get(reverse("ranking:commission_tournaments")).status_code == 403
    assert (
        client.post(
            reverse("ranking:commission_strike", args=[first.pk]), {"struck": "1", "reasoning": "x"}
        ).status_code
        == 403
    )
    client.force_login(commission_member)
    page = client.get(reverse("ranking:commission_tournaments")).content.decode()
    assert first.name in page and "Endgültig streichen" in page
    response = client.post(
        reverse("ranking:commission_strike", args=[first.pk]),
        {"struck": "1", "reasoning": "Regelverstoß"},
    )
    assert response.status_code == 302
    assert RankingStrike.objects.get().struck is True
    response = client.post(
        reverse("ranking:commission_strike", args=[first.pk]),
        {"struck": "1", "reasoning": ""},
        follow=True,
    )
    assert "Begründung" in response.content.decode()
    assert RankingStrike.objects.count() == 1
    assert client.post(reverse("ranking:commission_strike", args=[999999])).status_code == 404
