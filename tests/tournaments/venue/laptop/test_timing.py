"""When the laptop's uploader uploads and backs up, and what the director's light says."""

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from tournaments.models import VenueSyncState
from tournaments.venue.laptop import selectors
from tournaments.venue.laptop.uploader import backoff_seconds, backup_due, upload_due

T0 = datetime(2026, 11, 28, 10, 0, tzinfo=timezone.get_fixed_timezone(60))


def state(**fields) -> VenueSyncState:
    base = {
        "central_url": "https://zentral.example",
        "content_digest": "new",
        "uploaded_digest": "old",
        "signed_digest": "old",
        "attempted_at": T0,
        "outcome": "applied",
    }
    return VenueSyncState(**{**base, **fields})


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.mark.parametrize(
    ("fields", "seconds", "due"),
    [
        ({}, 119, False),  # changes wait for the interval …
        ({}, 120, True),
        ({"published_at": at(30)}, 31, True),  # … unless a round was published since
        ({"published_at": at(-1)}, 60, False),  # a publication before the last attempt
        ({"uploaded_digest": "new"}, 500, False),  # the server has it all
        ({"attempted_at": None}, 0, True),  # never tried
        ({"failures": 1, "outcome": "unreachable"}, 9, False),  # no line: 10 s, 20 s, …
        ({"failures": 1, "outcome": "unreachable"}, 10, True),
        ({"failures": 3, "outcome": "unreachable", "published_at": at(1)}, 39, False),
        ({"failures": 3, "outcome": "unreachable"}, 40, True),
        ({"failures": 9, "outcome": "unreachable"}, 120, True),  # never longer than 2 min
        # refused: the same content is not sent again; changed content is
        ({"outcome": "invalid", "signed_digest": "new"}, 500, False),
        ({"outcome": "invalid", "signed_digest": "older"}, 120, True),
    ],
)
def test_upload_due(fields, seconds, due):
    assert upload_due(state(**fields), at(seconds)) is due


def test_backoff_doubles_up_to_the_interval(settings):
    settings.VENUE_UPLOAD_SECONDS = 120
    assert [backoff_seconds(n) for n in range(1, 7)] == [10, 20, 40, 80, 120, 120]


@pytest.mark.parametrize(
    ("fields", "seconds", "due"),
    [
        ({"backup_at": None}, 0, True),
        ({"backup_at": T0}, 299, False),
        ({"backup_at": T0}, 300, True),  # the timer
        ({"backup_at": T0, "published_at": at(5)}, 6, True),  # after a publication
        ({"backup_at": T0, "backup_digest": "new"}, 3000, False),  # nothing new to keep
    ],
)
def test_backup_due(fields, seconds, due):
    assert backup_due(state(**fields), at(seconds)) is due


@pytest.mark.parametrize(
    ("fields", "colour", "text"),
    [
        ({"uploaded_digest": "new", "uploaded_at": T0}, "green", "Hochgeladen 10:00"),
        ({}, "amber", "Änderungen noch nicht hochgeladen"),
        (
            {"line_down_since": at(65), "outcome": "unreachable", "failures": 2},
            "amber",
            "Keine Verbindung seit 10:01",
        ),
        (
            {
                "outcome": "fork",
                "message": "Gleiche Nummer, anderer Inhalt.",
                "signed_digest": "new",
            },
            "red",
            "Abgelehnt: Gleiche Nummer, anderer Inhalt.",
        ),
    ],
)
def test_status_light(fields, colour, text):
    light = selectors.status_light(state(**fields))
    assert (light.colour, light.text) == (colour, text)
