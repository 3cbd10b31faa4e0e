"""Validly signed uploads whose sequence number the log cannot store (issue 30.4): below 1,
beyond a database integer, or not a whole number. Each is a 400 with a clear message and its
log row (without the number); nothing else is written, on SQLite and PostgreSQL alike."""

import pytest
from django.urls import reverse

from tests.support.builders import make_user
from tests.tournaments.venue.conftest import at_venue, envelope, row_counts
from tournaments.enums import GlobalRole
from tournaments.models import UploadOutcome, VenueUpload
from tournaments.venue import checkout as venue
from tournaments.venue.apply import SEQUENCE_MAX

CSRF_FREE = {"content_type": "text/plain"}
MESSAGE = (
    "Der Upload hat keine gültige laufende Nummer (eine ganze Zahl von 1 bis 2147483647): "
    "nichts wurde übernommen."
)
BAD = [-1, 0, 2**63, SEQUENCE_MAX + 1, True, "3", 2.0, None]


def _post_refused(client, running, sequence):
    document = at_venue(running, lambda: None, sequence=1)
    document["sequence"] = sequence
    before = row_counts()
    response = client.post(reverse("venue:upload"), envelope(running, document), **CSRF_FREE)
    assert (response.status_code, response.json()) == (
        400,
        {"outcome": UploadOutcome.INVALID, "message": MESSAGE, "sequence": None},
    )
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 1
    assert after == before
    logged = VenueUpload.objects.get()
    assert (logged.outcome, logged.sequence) == (UploadOutcome.INVALID, None)
    running.refresh_from_db()
    assert running.last_sequence == 0


@pytest.mark.parametrize("sequence", BAD, ids=repr)
def test_an_open_checkouts_upload_with_a_bad_sequence_is_refused(client, running, sequence):
    _post_refused(client, running, sequence)


@pytest.mark.parametrize("sequence", [-1, 2**63], ids=repr)
def test_a_revoked_checkouts_upload_with_a_bad_sequence_is_refused_not_held(
    client, running, sequence
):
    """A checkout no longer open holds uploads for review: not one without a usable number."""
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    venue.venue_checkout_revoke(checkout=running, by=admin, reason="Laptop verloren")
    _post_refused(client, running, sequence)


def test_the_largest_storable_sequence_is_applied(client, running):
    document = at_venue(running, lambda: None, sequence=SEQUENCE_MAX)
    response = client.post(reverse("venue:upload"), envelope(running, document), **CSRF_FREE)
    assert (response.status_code, response.json()["sequence"]) == (200, SEQUENCE_MAX)
    running.refresh_from_db()
    assert running.last_sequence == SEQUENCE_MAX
