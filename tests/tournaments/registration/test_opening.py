"""Opening the registration; special tournaments are announced 14 days ahead (Klub 6.2.1)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError

from tests.support.builders import (
    HOUSE_FORMAT,
    make_tournament,
)
from tournaments.enums import (
    TournamentStatus,
)
from tournaments.models import Tournament
from tournaments.registration import services as registration_services

BERLIN = ZoneInfo("Europe/Berlin")


# --- Klub 6.2.1: special tournaments are announced 14 days ahead -----------------------------


def test_open_registration_special_14_days_ahead_is_allowed(director):
    t = make_tournament(director=director, **HOUSE_FORMAT)  # starts 12.12.2026
    now = datetime(2026, 11, 28, 23, 30, tzinfo=BERLIN)

    registration_services.tournament_open_registration(tournament=t, now=now)

    t.refresh_from_db()
    assert t.status == TournamentStatus.REGISTRATION
    assert t.registration_opened_at == now


def test_open_registration_special_13_days_ahead_is_refused(director):
    t = make_tournament(director=director, **HOUSE_FORMAT)
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
    t = make_tournament(director=director, **HOUSE_FORMAT)
    now = datetime(2026, 11, 28, 23, 30, tzinfo=ZoneInfo("UTC"))

    with pytest.raises(ValidationError):
        registration_services.tournament_open_registration(tournament=t, now=now)


def test_open_registration_city_has_no_deadline(director):
    t = make_tournament(director=director)
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
