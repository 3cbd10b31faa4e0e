"""Issue 18: while checked out, the tournament's public pages say "Live vom Spielort – Stand
hh:mm" (the venue's time of the last applied upload), or that nothing came yet; translated."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.venue.conftest import document_of, envelope
from tournaments.venue import checkout as venue
from tournaments.venue.apply import venue_upload_receive

NOTHING_YET = "Live vom Spielort – noch kein Stand vom Spielort"


def _pages(t, rnd_number: int) -> list[str]:
    return [
        reverse("tournament_public", args=[t.pk]),
        reverse("standings", args=[t.pk]),
        reverse("pairing_by_name", args=[t.pk, rnd_number]),
        reverse("round_results", args=[t.pk, rnd_number]),
    ]


@pytest.fixture
def out(running, django_capture_on_commit_callbacks):
    """`running` (round 1 published) checked out through the service (its own checkout)."""
    t = running.tournament
    running.delete()
    director = t.staff.get(role="director").user
    with django_capture_on_commit_callbacks(execute=True):
        return venue.venue_checkout_open(tournament=t, by=director)


def test_no_banner_without_a_checkout(client, w):
    for url in _pages(w.t, 1)[:3]:
        assert 'data-testid="venue-banner"' not in client.get(url).content.decode(), url


def test_nothing_from_the_venue_yet(client, out):
    for url in _pages(out.tournament, 1):
        page = client.get(url).content.decode()
        assert NOTHING_YET in page, url


def test_the_time_of_the_last_applied_upload(client, out, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        upload = venue_upload_receive(raw=envelope(out, document_of(out, 1)))
    assert upload.outcome == "applied"
    for url in _pages(out.tournament, 1):
        page = client.get(url).content.decode()
        assert "Live vom Spielort – Stand 14:00" in page, url  # 12:00 UTC in June, Berlin
        assert NOTHING_YET not in page


def test_in_english(client, out):
    client.cookies["django_language"] = "en"
    page = client.get(reverse("tournament_public", args=[out.tournament.pk])).content.decode()
    assert "Live from the venue – nothing from the venue yet" in page


def test_the_banner_goes_at_check_in(client, out, django_capture_on_commit_callbacks):
    url = reverse("tournament_public", args=[out.tournament.pk])
    assert NOTHING_YET in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        venue.venue_checkout_checkin(checkout=out, by=out.checked_out_by, reason="Ausfall")
    assert 'data-testid="venue-banner"' not in client.get(url).content.decode()


def test_the_api_says_checked_out_and_as_of_when(client, out, django_capture_on_commit_callbacks):
    """Issue 29.6: the JSON API's tournament says what the banner says."""

    def checked_out(t):
        return client.get(f"/api/v1/tournaments/{t.pk}/").json()["checked_out"]

    assert checked_out(out.tournament) == {"as_of": None}
    with django_capture_on_commit_callbacks(execute=True):
        venue_upload_receive(raw=envelope(out, document_of(out, 1)))
    assert checked_out(out.tournament) == {"as_of": "2026-06-07T12:00:00Z"}
    with django_capture_on_commit_callbacks(execute=True):
        venue.venue_checkout_checkin(checkout=out, by=out.checked_out_by, reason="Ausfall")
    assert checked_out(out.tournament) is None
