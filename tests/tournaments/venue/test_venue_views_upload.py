"""Issue 18: the laptop's upload endpoint POST /venue/upload/ — JSON answers with the status
codes of the interface; bad input is a 4xx, never a 500; limited per address."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.builders import play_next_round
from tests.tournaments.venue.conftest import at_venue, document_of, envelope
from tournaments.models import UploadOutcome, VenueUpload
from tournaments.venue import checkout as venue
from tournaments.venue.views import upload as upload_view

URL = "/venue/upload/"


@pytest.fixture
def csrf_client():
    """Like the laptop: no session, no CSRF token, and the checks on."""
    return Client(enforce_csrf_checks=True, raise_request_exception=False)


def _post(client, body: str | bytes, **extra):
    return client.post(URL, data=body, content_type="text/plain", **extra)


def test_the_url_is_named():
    assert reverse("venue:upload") == URL


def test_get_is_not_allowed(csrf_client):
    assert csrf_client.get(URL).status_code == 405


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ("", 400),
        ("nonsense", 400),
        ("eyJhIjoxfQ:abc:def", 400),
        (b"\xff\xfe\x00", 400),
    ],
)
@pytest.mark.django_db
def test_bad_input_is_a_4xx_with_a_message(csrf_client, body, status):
    response = _post(csrf_client, body)
    assert response.status_code == status
    answer = response.json()
    assert answer["outcome"] == "refused"
    assert answer["sequence"] is None
    assert answer["message"]
    assert not VenueUpload.objects.exists()


@pytest.mark.django_db
def test_too_large_is_refused_unread(csrf_client, monkeypatch):
    monkeypatch.setattr(upload_view, "MAX_BYTES", 10)
    response = _post(csrf_client, "x" * 11)
    assert response.status_code == 413
    assert response.json()["message"] == "Der Upload ist zu groß."


def test_applied_unchanged_stale_fork_tampered_review(csrf_client, running, staff):
    t = running.tournament
    work = lambda: play_next_round(t, director=staff["director"], desk=staff["desk"])  # noqa: E731
    doc1 = at_venue(running, work, sequence=1)
    first = _post(csrf_client, envelope(running, doc1))
    assert (first.status_code, first.json()["outcome"], first.json()["sequence"]) == (
        200,
        "applied",
        1,
    )
    again = _post(csrf_client, envelope(running, doc1))
    assert (again.status_code, again.json()["outcome"]) == (200, "unchanged")

    running.refresh_from_db()
    doc2 = document_of(running, 2)
    assert _post(csrf_client, envelope(running, doc2)).status_code == 200
    stale = _post(csrf_client, envelope(running, doc1))
    assert (stale.status_code, stale.json()["outcome"]) == (409, "stale")
    other = json.loads(json.dumps(doc2))
    other["tournaments"][0]["venue"] = "Anderswo"
    fork = _post(csrf_client, envelope(running, other))
    assert (fork.status_code, fork.json()["outcome"]) == (409, "fork")
    tampered = _post(csrf_client, envelope(running, doc2, key="another-key"))
    assert (tampered.status_code, tampered.json()["outcome"]) == (400, "tampered")

    admin = staff["director"]
    admin.is_superuser = True
    admin.save()
    venue.venue_checkout_revoke(checkout=running, by=admin, reason="Laptop verloren")
    held = _post(csrf_client, envelope(running, document_of(running, 3)))
    assert (held.status_code, held.json()["outcome"]) == (202, "review")
    assert list(
        VenueUpload.objects.filter(checkout=running)
        .order_by("pk")
        .values_list("outcome", flat=True)
    ) == [
        UploadOutcome.APPLIED,
        UploadOutcome.UNCHANGED,
        UploadOutcome.APPLIED,
        UploadOutcome.STALE,
        UploadOutcome.FORK,
        UploadOutcome.TAMPERED,
        UploadOutcome.REVIEW,
    ]


def test_an_upload_in_the_body_as_json_text(csrf_client, running):
    """The envelope is text; a JSON content type changes nothing."""
    body = envelope(running, document_of(running, 1))
    response = csrf_client.post(URL, data=body, content_type="application/json")
    assert response.status_code == 200
    assert json.loads(response.content)["outcome"] == "applied"


@pytest.mark.django_db
def test_uploads_are_limited_per_address(csrf_client, monkeypatch):
    monkeypatch.setattr(upload_view, "LIMIT_PER_MINUTE", 2)
    assert [_post(csrf_client, "x").status_code for _ in range(3)] == [400, 400, 429]
    assert _post(csrf_client, "x").json()["message"] == (
        "Zu viele Uploads von dieser Adresse: bitte eine Minute warten."
    )


@pytest.mark.django_db
def test_the_venue_laptop_takes_no_uploads(csrf_client, settings):
    settings.VENUE_MODE = True
    assert _post(csrf_client, "x").status_code == 404


def test_a_signed_document_of_an_unexpected_shape_is_a_400(csrf_client, running, monkeypatch):
    """Say a document signed with the checkout's key lacks a part the apply path reads."""
    body = envelope(running, document_of(running, 1))

    def broken(*, raw):
        raise KeyError("tournaments")

    monkeypatch.setattr(upload_view, "venue_upload_receive", broken)
    response = _post(csrf_client, body)
    assert response.status_code == 400
    assert response.json()["message"] == ("Der Upload ist nicht lesbar; nichts wurde übernommen.")
