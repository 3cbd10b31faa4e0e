"""Rulings at the table (Klub 4.2.2): by referees, escalated to the head referee, final."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tournaments.enums import (
    RulingStatus,
    StaffRole,
)
from tournaments.models import Ruling
from tournaments.referees import services as referees_services


@pytest.mark.parametrize(
    ("objections", "status"),
    [(0, RulingStatus.DECIDED), (2, RulingStatus.DECIDED), (3, RulingStatus.ESCALATED)],
)
def test_ruling_goes_to_head_referee_only_when_more_than_two_object(w, objections, status):
    ruling = w.record(objections, rnd=w.rnd, table_number=2, game_number=1)

    assert ruling.status == status
    assert (ruling.table_number, ruling.game_number, ruling.round_id) == (2, 1, w.rnd.pk)
    assert ruling.decided_by == w.users["referee"]


def test_ruling_without_head_referee_stays_binding(w):
    w.t.staff.filter(role=StaffRole.HEAD_REFEREE).delete()

    ruling = w.record(4)

    assert ruling.status == RulingStatus.DECIDED
    assert ruling.objections == 4


def test_ruling_table_must_exist_in_the_round(w):
    with pytest.raises(ValidationError) as exc:
        w.record(rnd=w.rnd, table_number=9)

    assert exc.value.message_dict == {"table_number": ["Tisch 9 gibt es in Runde 1 nicht."]}


def test_ruling_needs_question_and_decision(w):
    with pytest.raises(ValidationError) as exc:
        referees_services.ruling_record(
            tournament=w.t, question=" ", decision="", user=w.users["referee"]
        )

    assert exc.value.message_dict == {
        "question": ["Bitte die Frage oder den Sachverhalt angeben."],
        "decision": ["Bitte die Entscheidung angeben."],
    }


@pytest.mark.parametrize("role", ["director", "desk", "admin", "foreign_referee"])
def test_ruling_only_by_referees_of_this_tournament(w, role):
    with pytest.raises(PermissionDenied):
        w.record(user=w.users[role])


def test_final_ruling_by_head_referee_is_a_new_row_and_cannot_change(w):
    call = w.record(3, rnd=w.rnd, table_number=1)

    final = referees_services.ruling_decide_finally(
        ruling=call, decision="Bestätigt", rule_cited="Klub 14.4", user=w.users["head"]
    )

    assert final.status == RulingStatus.FINAL
    assert final.escalated_from_id == call.pk
    assert (final.table_number, final.round_id, final.question) == (1, w.rnd.pk, call.question)
    call.refresh_from_db()
    assert (call.status, call.decision) == (RulingStatus.ESCALATED, "Nein")
    with pytest.raises(ValidationError, match="kann nicht geändert werden"):
        referees_services.ruling_decide_finally(
            ruling=call, decision="Doch anders", user=w.users["head"]
        )
    assert Ruling.objects.filter(status=RulingStatus.FINAL).count() == 1


@pytest.mark.parametrize("role", ["referee", "director", "admin"])
def test_final_ruling_only_by_the_head_referee(w, role):
    call = w.record(3)

    with pytest.raises(PermissionDenied, match="Hauptschiedsrichter"):
        referees_services.ruling_decide_finally(ruling=call, decision="x", user=w.users[role])


def test_final_ruling_on_a_call_that_was_not_escalated_is_refused(w):
    call = w.record(1)

    with pytest.raises(ValidationError, match="Nur an den Hauptschiedsrichter übergebene"):
        referees_services.ruling_decide_finally(ruling=call, decision="x", user=w.users["head"])
