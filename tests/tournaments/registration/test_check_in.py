"""Check-in from the player's phone (issue 16.3): only inside the window the director opens on
a tournament day, for either field of the event, once; staff check-in stays as it is."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from ranking.domain.appeals import BERLIN
from tests.support import builders
from tournaments.models import Registration, Tournament
from tournaments.registration.online import services as online
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db

DAY = datetime(2026, 12, 12, 9, 0, tzinfo=BERLIN)
"""The morning of the test tournament's day."""


@pytest.fixture
def event(director, players):
    t = builders.make_tournament(director=director, open=True)
    juniors = setup_services.junior_field_create(tournament=t, rounds_planned=2, user=director)
    builders.register_players(t, players, count=4, user=director, check_in=False)
    builders.register_players(juniors, players[10:], count=4, user=director, check_in=False)
    return t, juniors


def checked_in(t) -> set[int]:
    return set(
        Registration.objects.filter(tournament__in=Tournament.objects.same_event(t))
        .exclude(checked_in_at=None)
        .values_list("player_id", flat=True)
    )


def test_window_opens_on_the_day_and_players_of_both_fields_check_in(event, director, players):
    t, juniors = event
    online.check_in_window_open(tournament=t, minutes=60, user=director, now=DAY)
    assert Tournament.objects.get(pk=juniors.pk).check_in_closes_at == DAY + timedelta(hours=1)
    online.check_in_self(tournament=t, player=players[0], now=DAY + timedelta(minutes=5))
    online.check_in_self(tournament=t, player=players[10], now=DAY + timedelta(minutes=6))
    assert checked_in(t) == {players[0].pk, players[10].pk}


@pytest.mark.parametrize(
    "when, who, message",
    [
        (DAY - timedelta(minutes=1), 0, "Der Check-in ist noch nicht geöffnet"),
        (DAY + timedelta(hours=1), 0, "Der Check-in ist seit 10:00 Uhr geschlossen"),
        (DAY + timedelta(minutes=1), 30, "Sie sind für dieses Turnier nicht angemeldet"),
    ],
)
def test_outside_the_window_or_unregistered_nothing_changes(
    event, director, players, when, who, message
):
    t, _juniors = event
    t.check_in_opens_at, t.check_in_closes_at = DAY, DAY + timedelta(hours=1)
    t.save()
    with pytest.raises(ValidationError, match=message):
        online.check_in_self(tournament=t, player=players[who], now=when)
    assert checked_in(t) == set()


def test_twice_is_refused(event, director, players):
    t, _ = event
    online.check_in_window_open(tournament=t, minutes=30, user=director, now=DAY)
    online.check_in_self(tournament=t, player=players[1], now=DAY)
    with pytest.raises(ValidationError, match="bereits eingecheckt"):
        online.check_in_self(tournament=t, player=players[1], now=DAY)


def test_withdrawn_players_cannot_check_in(event, director, players):
    t, _ = event
    online.check_in_window_open(tournament=t, minutes=30, user=director, now=DAY)
    from tournaments.registration import services as registration_services

    registration_services.registration_update(
        registration=Registration.objects.get(tournament=t, player=players[2]), withdrawn=True
    )
    with pytest.raises(ValidationError, match="nicht angemeldet"):
        online.check_in_self(tournament=t, player=players[2], now=DAY)


@pytest.mark.parametrize(
    "minutes, now, message",
    [
        (45, DAY, "Bitte eine der angebotenen Dauern wählen."),
        (60, DAY - timedelta(days=1), r"am Turniertag \(12\.12\.2026\)"),
    ],
)
def test_window_refusals(event, director, minutes, now, message):
    t, _ = event
    with pytest.raises(ValidationError, match=message):
        online.check_in_window_open(tournament=t, minutes=minutes, user=director, now=now)
    assert Tournament.objects.get(pk=t.pk).check_in_opens_at is None


def test_only_its_director_opens_and_closing_ends_it(event, director, other_director, players):
    t, juniors = event
    with pytest.raises(PermissionDenied):
        online.check_in_window_open(tournament=t, minutes=60, user=other_director, now=DAY)
    online.check_in_window_open(tournament=juniors, minutes=60, user=director, now=DAY)
    online.check_in_window_close(tournament=t, user=director, now=DAY + timedelta(minutes=10))
    with pytest.raises(ValidationError, match="seit 09:10 Uhr geschlossen"):
        online.check_in_self(tournament=t, player=players[0], now=DAY + timedelta(minutes=11))
    with pytest.raises(ValidationError, match="nicht geöffnet"):
        online.check_in_window_close(tournament=t, user=director, now=DAY + timedelta(minutes=12))
