"""The checkout's signing key (issue 18, review) is only in the package download: never on
the director's section, the public pages, the review screen or the upload endpoint's answers."""

from django.urls import reverse

from tests.support.builders import make_user
from tests.tournaments.venue.conftest import at_venue, envelope
from tournaments.enums import GlobalRole
from tournaments.models import UploadOutcome, VenueUpload
from tournaments.venue import checkout as venue

CSRF_FREE = {"content_type": "text/plain"}


def test_the_key_is_shown_nowhere_but_in_the_package(client, running, staff):
    t = running.tournament
    key = running.key
    raw = envelope(running, at_venue(running, lambda: None, sequence=1))
    answers = [
        client.post(reverse("venue:upload"), raw, **CSRF_FREE),
        client.post(reverse("venue:upload"), raw, **CSRF_FREE),
        client.post(reverse("venue:upload"), raw[:-4] + "AAAA", **CSRF_FREE),
    ]
    assert [a.status_code for a in answers] == [200, 200, 400]
    pages = [a.content.decode() for a in answers]
    for url in (reverse("tournament_public", args=[t.pk]), reverse("standings", args=[t.pk])):
        pages.append(client.get(url).content.decode())
    client.force_login(staff["director"])
    section = client.get(reverse("venue:section", args=[t.pk]))
    assert section.status_code == 200
    pages.append(section.content.decode())
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    venue.venue_checkout_revoke(checkout=running, by=admin, reason="Laptop verloren")
    held = envelope(running, at_venue(running, lambda: None, sequence=2))
    assert client.post(reverse("venue:upload"), held, **CSRF_FREE).status_code == 202
    client.force_login(admin)
    listing = client.get(reverse("venue:review_list"))
    pages.append(listing.content.decode())
    upload = VenueUpload.objects.get(outcome=UploadOutcome.REVIEW)
    pages.append(client.get(reverse("venue:review", args=[upload.pk])).content.decode())
    assert [p for p in pages if key in p] == []


def test_a_visitor_gets_no_package(client, running):
    response = client.get(reverse("venue:package", args=[running.tournament_id]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    assert running.key not in response.content.decode()
