"""Online registration (issue 16.2): deadline, capacity and waiting list, automatic move-up with
an e-mail, the director's approval, one field per event (Klub 6.3); bad input changes nothing."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.core.exceptions import ValidationError

from ranking.domain.appeals import BERLIN
from tests.support import builders
from tests.support.celery import celery_conf
from tournaments.enums import RegistrationSource, SignupStatus
from tournaments.models import Registration, SignupRequest
from tournaments.registration import services as registration_services
from tournaments.registration.online import services as online
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=BERLIN)
"""Eleven days before the test tournament (12 December 2026) starts."""


@pytest.fixture
def eager():
    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        yield


@pytest.fixture
def small(director):
    """Open for registration, four places."""
    return builders.make_tournament(director=director, open=True, max_players=4)


def register(t, player, now=NOW):
    return online.signup_register(tournament=t, player=player, user=None, now=now)


def state(t):
    regs = sorted(
        (r.player.last_name, r.source, r.withdrawn_at is None)
        for r in Registration.objects.filter(tournament=t).select_related("player")
    )
    requests = [(r.player.last_name, r.status) for r in SignupRequest.objects.filter(tournament=t)]
    return regs, requests


def test_places_then_waiting_list_in_order(small, players):
    assert all(isinstance(register(small, p), Registration) for p in players[:4])
    third, fourth = register(small, players[4]), register(small, players[5])
    assert (third.status, fourth.status) == (SignupStatus.WAITING, SignupStatus.WAITING)
    assert [online.waiting_position(third), online.waiting_position(fourth)] == [1, 2]
    assert Registration.objects.get(player=players[0]).source == RegistrationSource.ONLINE


def test_withdrawal_moves_the_first_up_and_mails_once(
    small, players, mailoutbox, eager, django_capture_on_commit_callbacks
):
    for p in players[:6]:
        register(small, p)
    with django_capture_on_commit_callbacks(execute=True):
        online.signup_withdraw(tournament=small, player=players[0], user=None, now=NOW)
    moved = SignupRequest.objects.get(player=players[4])
    assert (moved.status, moved.moved_up_at is not None) == (SignupStatus.ACCEPTED, True)
    assert moved.registration.withdrawn_at is None
    assert online.waiting_position(SignupRequest.objects.get(player=players[5])) == 1
    assert [m.to for m in mailoutbox] == [[players[4].email]]
    assert mailoutbox[0].subject == f"Sie sind im Teilnehmerfeld: {small.name}"
    assert "von der Warteliste nachgerückt" in mailoutbox[0].body
    # The task again (a redelivery): nothing more is sent.
    assert online.signup_mail_send(request_id=moved.pk) is False
    assert len(mailoutbox) == 1


def test_director_withdrawal_and_more_places_move_up_too(small, players, director):
    for p in players[:6]:
        register(small, p)
    registration_services.registration_update(
        registration=Registration.objects.get(player=players[1]), withdrawn=True, user=director
    )
    assert SignupRequest.objects.get(player=players[4]).status == SignupStatus.ACCEPTED
    setup_services.tournament_update(tournament=small, max_players=5)
    assert SignupRequest.objects.get(player=players[5]).status == SignupStatus.ACCEPTED
    assert small.registrations.active().count() == 5


def test_withdraw_from_the_waiting_list(small, players):
    for p in players[:5]:
        register(small, p)
    online.signup_withdraw(tournament=small, player=players[4], user=None, now=NOW)
    assert SignupRequest.objects.get(player=players[4]).status == SignupStatus.WITHDRAWN
    assert small.registrations.active().count() == 4


@pytest.mark.parametrize(
    "setup, message",
    [
        ("twice", "Sie sind für dieses Turnier bereits angemeldet."),
        ("waiting", "Sie stehen bereits auf der Warteliste."),
        ("late", "Der Anmeldeschluss war am 05.12.2026 um 18:00 Uhr; Anmeldungen nur noch"),
        ("draft", "Für dieses Turnier ist die Anmeldung nicht geöffnet."),
        ("running", "Das Turnier läuft bereits; Anmeldungen nur noch bei der Turnierleitung."),
    ],
)
def test_refusals_change_nothing(director, players, setup, message):
    t = builders.make_tournament(
        director=director,
        open=setup != "draft",
        max_players=4,
        signup_deadline=datetime(2026, 12, 5, 18, 0, tzinfo=BERLIN),
    )
    if setup in ("twice", "waiting"):
        for p in players[: 1 if setup == "twice" else 5]:
            register(t, p)
    if setup == "running":
        builders.register_players(t, players[10:], count=4, user=director)
        from tournaments.rounds import services as round_services

        round_services.round_pair_next(tournament=t, user=director, seed=1)
    player = players[4] if setup == "waiting" else players[0]
    before = state(t)
    now = datetime(2026, 12, 5, 18, 0, tzinfo=BERLIN) if setup == "late" else NOW
    with pytest.raises(ValidationError) as exc:
        register(t, player, now=now)
    assert exc.value.messages[0].startswith(message)
    assert state(t) == before


def test_default_deadline_is_the_start_of_the_first_day(small, players):
    with pytest.raises(ValidationError, match="12.12.2026 um 00:00 Uhr"):
        register(small, players[0], now=datetime(2026, 12, 12, 0, 0, tzinfo=BERLIN))
    with pytest.raises(ValidationError, match="Abmeldungen nur noch bei der Turnierleitung"):
        online.signup_withdraw(
            tournament=small,
            player=players[0],
            user=None,
            now=datetime(2026, 12, 12, 9, 0, tzinfo=BERLIN),
        )


def test_withdraw_without_registration(small, players):
    with pytest.raises(ValidationError, match="nicht angemeldet"):
        online.signup_withdraw(tournament=small, player=players[0], user=None, now=NOW)


def test_one_field_per_event(director, players):
    main = builders.make_tournament(director=director, open=True)
    juniors = setup_services.junior_field_create(tournament=main, rounds_planned=2, user=director)
    register(juniors, players[0])
    before = state(main)
    with pytest.raises(ValidationError, match="bereits im Juniorenfeld angemeldet"):
        register(main, players[0])
    assert state(main) == before


def test_approval_places_or_queues_and_mails(
    director, players, mailoutbox, eager, django_capture_on_commit_callbacks
):
    t = builders.make_tournament(director=director, open=True, max_players=4, signup_approval=True)
    builders.register_players(t, players[10:], count=3, user=director, check_in=False)
    first, second, third = (register(t, p) for p in players[:3])
    assert {r.status for r in (first, second, third)} == {SignupStatus.PENDING}
    assert t.registrations.count() == 3
    with django_capture_on_commit_callbacks(execute=True):
        online.signup_decide(request=second, approve=True, user=director)
        online.signup_decide(request=first, approve=True, user=director)
        online.signup_decide(request=third, approve=False, user=director)
    statuses = [SignupRequest.objects.get(pk=r.pk).status for r in (first, second, third)]
    assert statuses == [SignupStatus.WAITING, SignupStatus.ACCEPTED, SignupStatus.DECLINED]
    assert [m.subject.split(":")[0] for m in mailoutbox] == [
        "Sie sind im Teilnehmerfeld",
        "Sie stehen auf der Warteliste",
        "Ihre Anmeldung wurde nicht angenommen",
    ]
    assert "Die Turnierleitung hat Ihre Anmeldung bestätigt" in mailoutbox[0].body
    with pytest.raises(ValidationError, match="bereits entschieden"):
        online.signup_decide(request=third, approve=True, user=director)


def test_only_the_tournaments_director_decides(director, other_director, players):
    t = builders.make_tournament(director=director, open=True, signup_approval=True)
    request = register(t, players[0])
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        online.signup_decide(request=request, approve=True, user=other_director)
    assert SignupRequest.objects.get(pk=request.pk).status == SignupStatus.PENDING


def test_staff_registration_settles_a_waiting_request(small, players, director):
    for p in players[:5]:
        register(small, p)
    registration_services.registration_add(
        tournament=small, player=players[4], reserve=True, user=director
    )
    assert SignupRequest.objects.get(player=players[4]).status == SignupStatus.ACCEPTED


def test_mail_task_for_a_request_that_is_gone_sends_nothing(mailoutbox):
    assert online.signup_mail_send(request_id=987654) is False
    assert mailoutbox == []
