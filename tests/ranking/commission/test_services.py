"""The rules commission's final decisions (Klub 3, 4.2.3): rejected, upheld, struck."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from ranking.commission import services as commission_services
from ranking.compute import services as compute
from ranking.domain.appeals import BERLIN
from ranking.enums import AppealStatus, DecisionOutcome
from ranking.models import (
    Decision,
    RankingEntry,
    RankingYear,
    ResultCorrection,
)
from tests.ranking.conftest import END, IN_TIME
from tests.support.builders import make_appeal, make_user, play_tournament
from tournaments.enums import GlobalRole
from tournaments.models import Round, SheetVersion
from tournaments.results.selectors import game_lines

pytestmark = pytest.mark.django_db

DAY_15 = datetime(2026, 6, 22, 0, 0, 0, tzinfo=BERLIN)
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 200


def corrected_games(tournament):
    sheet = Round.objects.get(tournament=tournament, number=1).sheets.get(table__number=1)
    games = [dict(g) for g in sheet.confirmed.games]
    games[0] = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -30}}
    return games


def uphold(appeal, member, tournament):
    """Uphold the appeal: B won game 1 at table 1 of round 1."""
    return commission_services.appeal_decide(
        appeal=appeal,
        user=member,
        outcome=DecisionOutcome.UPHELD,
        reasoning="B hat Spiel 1 gewonnen.",
        round_number=1,
        table_number=1,
        games=corrected_games(tournament),
    )


def test_review_then_decide_rejected(
    appeal, commission_member, mailoutbox, eager_celery, django_capture_on_commit_callbacks
):
    reviewed = commission_services.appeal_start_review(appeal=appeal, user=commission_member)
    assert (
        reviewed.status == AppealStatus.UNDER_REVIEW
        and reviewed.review_started_by == commission_member
    )
    with django_capture_on_commit_callbacks(execute=True):
        decision = commission_services.appeal_decide(
            appeal=appeal,
            user=commission_member,
            outcome=DecisionOutcome.REJECTED,
            reasoning="Bogen ist unterschrieben (Klub 10.2).",
        )
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.DECIDED and decision.outcome == "rejected"
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == [appeal.player.email]
    assert mail.subject == f"Entscheidung über Ihren Einspruch Nr. {appeal.pk}"
    assert "Abgelehnt" in mail.body and "Bogen ist unterschrieben" in mail.body


@pytest.mark.parametrize(
    "roles",
    [(GlobalRole.DIRECTOR,), (GlobalRole.FEDERATION_ADMIN,), (GlobalRole.REFEREE,), ()],
    ids=["director", "federation-admin", "referee", "plain"],
)
def test_only_commission_members_decide(appeal, roles):
    user = make_user("nicht-kommission", role=roles)
    with pytest.raises(PermissionDenied):
        commission_services.appeal_decide(
            appeal=appeal, user=user, outcome=DecisionOutcome.REJECTED, reasoning="x"
        )
    with pytest.raises(PermissionDenied):
        commission_services.appeal_start_review(appeal=appeal, user=user)
    assert Decision.objects.count() == 0


def test_decision_is_recorded_once(appeal, commission_member):
    commission_services.appeal_decide(
        appeal=appeal, user=commission_member, outcome=DecisionOutcome.REJECTED, reasoning="Nein."
    )
    with pytest.raises(ValidationError, match="bereits entschieden"):
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome=DecisionOutcome.STRUCK, reasoning="Doch."
        )
    with pytest.raises(ValidationError, match="bereits entschieden"):
        commission_services.appeal_start_review(appeal=appeal, user=commission_member)
    assert Decision.objects.get().outcome == "rejected"


def test_database_refuses_second_decision_and_any_edit(appeal, commission_member):
    decision = commission_services.appeal_decide(
        appeal=appeal, user=commission_member, outcome=DecisionOutcome.REJECTED, reasoning="Nein."
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Decision.objects.create(
            appeal=appeal, outcome="upheld", reasoning="x", decided_at=decision.decided_at
        )
    with pytest.raises(Exception, match="endgültig"), transaction.atomic():
        Decision.objects.filter(pk=decision.pk).update(outcome=DecisionOutcome.UPHELD)
    with pytest.raises(Exception, match="endgültig"), transaction.atomic():
        decision.reasoning = "geändert"
        decision.save()
    decision.refresh_from_db()
    assert decision.outcome == "rejected" and decision.reasoning == "Nein."


def test_decision_needs_reasoning_and_outcome(appeal, commission_member):
    with pytest.raises(ValidationError) as exc:
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome="upheld", reasoning=" "
        )
    assert exc.value.message_dict == {"reasoning": ["Eine Entscheidung braucht eine Begründung."]}
    with pytest.raises(ValidationError) as exc:
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome="maybe", reasoning="x"
        )
    assert exc.value.message_dict == {"outcome": ["Bitte eine Entscheidung wählen."]}


def test_upheld_changes_ranking_only_not_published_standings(appeal, commission_member, finished):
    compute.ranking_recompute_year(year=2026)
    table = Round.objects.get(tournament=finished, number=1).tables.get(number=1)
    a_player = table.seats.get(letter="A").player_id
    b_player = table.seats.get(letter="B").player_id
    published_before = sorted(
        game_lines(finished), key=lambda g: (g.round_number, g.player_id, g.game_number)
    )
    versions_before = SheetVersion.objects.count()
    ranking_before = {e.player_id: e for e in RankingEntry.objects.all()}

    uphold(appeal, commission_member, finished)
    assert RankingYear.objects.get(year=2026).pending is True
    compute.ranking_recompute_year(year=2026)
    after = {e.player_id: e for e in RankingEntry.objects.all()}
    assert after[a_player].placement_points == ranking_before[a_player].placement_points - 1
    assert after[b_player].placement_points == ranking_before[b_player].placement_points + 1
    assert after[b_player].first == ranking_before[b_player].first + 1
    # the tournament's published results are untouched
    assert (
        sorted(game_lines(finished), key=lambda g: (g.round_number, g.player_id, g.game_number))
        == published_before
    )
    assert SheetVersion.objects.count() == versions_before
    correction = ResultCorrection.objects.get()
    assert correction.table_number == 1 and correction.games[0]["scores"]["B"] == 60


def test_upheld_correction_is_validated_by_scoring(appeal, commission_member, finished):
    games = corrected_games(finished)
    games[0] = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -20}}
    with pytest.raises(ValidationError) as exc:
        commission_services.appeal_decide(
            appeal=appeal,
            user=commission_member,
            outcome=DecisionOutcome.UPHELD,
            reasoning="x",
            round_number=1,
            table_number=1,
            games=games,
        )
    assert exc.value.messages == ["Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."]
    assert Decision.objects.count() == 0
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.RECEIVED


def test_upheld_without_change_is_refused(appeal, commission_member, finished):
    sheet = Round.objects.get(tournament=finished, number=1).sheets.get(table__number=1)
    with pytest.raises(ValidationError, match="gleich den veröffentlichten"):
        commission_services.appeal_decide(
            appeal=appeal,
            user=commission_member,
            outcome=DecisionOutcome.UPHELD,
            reasoning="x",
            round_number=1,
            table_number=1,
            games=sheet.confirmed.games,
        )


def test_struck_tournament_leaves_the_ranking(
    appeal, commission_member, finished, director, desk_user, field
):
    other = play_tournament(
        director=director, desk=desk_user, players=field, name="Zweites", end=END, rounds=1
    )
    compute.ranking_recompute_year(year=2026)
    assert {e.tournaments for e in RankingEntry.objects.all()} == {2}
    commission_services.appeal_decide(
        appeal=appeal,
        user=commission_member,
        outcome=DecisionOutcome.STRUCK,
        reasoning="Turnier verstieß gegen Klub 6.2.",
    )
    assert RankingYear.objects.get(year=2026).pending is True
    compute.ranking_recompute_year(year=2026)
    assert {e.tournaments for e in RankingEntry.objects.all()} == {1}
    assert {e.rounds for e in RankingEntry.objects.all()} == {1}
    assert other.pk  # the other tournament still counts
    second = make_appeal(
        user=make_user("vb2", role=GlobalRole.FEDERATION_ADMIN),
        tournament=finished,
        player=field[3],
        now=IN_TIME,
    )
    with pytest.raises(ValidationError, match="bereits aus dem Ranking gestrichen"):
        commission_services.appeal_decide(
            appeal=second, user=commission_member, outcome=DecisionOutcome.STRUCK, reasoning="x"
        )


def test_decision_enqueues_recompute_after_commit(
    appeal, commission_member, finished, eager_celery, django_capture_on_commit_callbacks
):
    compute.ranking_recompute_year(year=2026)
    with django_capture_on_commit_callbacks(execute=True):
        uphold(appeal, commission_member, finished)
    assert RankingYear.objects.get(year=2026).pending is False
    b = Round.objects.get(tournament=finished, number=1).tables.get(number=1).seats.get(letter="B")
    assert RankingEntry.objects.get(player_id=b.player_id).first == 1
