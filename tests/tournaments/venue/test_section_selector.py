"""The director's venue section (issue 18, review): a forged upload (anybody may post one
naming the checkout) stays in the log but never passes for the venue's last upload."""

from django.urls import reverse

from tests.tournaments.venue.conftest import at_venue, envelope
from tournaments.models import UploadOutcome
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.selectors import venue_section


def test_a_forged_upload_is_not_the_last_upload(running):
    raw = envelope(running, at_venue(running, lambda: None, sequence=1))
    applied = venue_upload_receive(raw=raw)
    forged = venue_upload_receive(raw=raw[:-6] + ("AAAAAA" if raw[-6:] != "AAAAAA" else "BBBBBB"))
    assert (applied.outcome, forged.outcome) == (UploadOutcome.APPLIED, UploadOutcome.TAMPERED)
    section = venue_section(running.tournament)
    assert section.last_upload == applied
    assert section.uploads == [forged, applied]


def test_only_forged_uploads_mean_nothing_uploaded_yet(running):
    raw = envelope(running, at_venue(running, lambda: None, sequence=1))
    venue_upload_receive(raw=raw[:-6] + ("AAAAAA" if raw[-6:] != "AAAAAA" else "BBBBBB"))
    section = venue_section(running.tournament)
    assert (section.last_upload, len(section.uploads)) == (None, 1)


def test_the_log_shows_each_message_under_its_outcome(client, running, staff):
    raw = envelope(running, at_venue(running, lambda: None, sequence=2))
    venue_upload_receive(raw=raw)
    venue_upload_receive(raw=envelope(running, at_venue(running, lambda: None, sequence=1)))
    client.force_login(staff["director"])
    page = client.get(reverse("venue:section", args=[running.tournament_id])).content.decode()
    assert (
        '<td>abgelehnt: älter als der letzte Upload<br><span class="muted" '
        'data-testid="venue-upload-message">Älter als der letzte Upload (2): eine alte '
        "Sicherung? Der zentrale Server hat eine neuere Kopie."
    ) in page
