"""An old backup restored at the venue, and old envelopes sent again after the day (issue 18,
review): the central server refuses them and says how to carry on; a package downloaded in
the middle of the day continues the numbering, so a laptop loaded with it is not stale."""

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.venue.conftest import at_venue, envelope, play, row_counts
from tournaments.models import CheckoutState, Registration, UploadOutcome, VenueUpload
from tournaments.registry.services import player_save
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.checkout import checkout_package, venue_checkout_checkin

WAY = (
    "Der zentrale Server hat eine neuere Kopie. Zum Weitermachen setzt die Turnierleitung auf "
    "dem Laptop vom zentralen Server fort (venue_resume): Der Laptop lädt die zentrale Kopie "
    "und zählt von ihr aus weiter; was auf diesem Laptop seit seiner Sicherung eingegeben "
    "wurde, wird erneut eingegeben."
)


def _two_uploads(running, staff) -> tuple[str, str]:
    t = running.tournament
    first = envelope(running, at_venue(running, play(t, staff), sequence=1))
    assert venue_upload_receive(raw=first).outcome == UploadOutcome.APPLIED
    second = envelope(running, at_venue(running, play(t, staff), sequence=2))
    assert venue_upload_receive(raw=second).outcome == UploadOutcome.APPLIED
    return first, second


def test_an_old_backup_is_refused_with_the_way_forward(running, staff):
    _first, _second = _two_uploads(running, staff)
    # the laptop restored from the backup of upload 1 plays on: its next number is 2
    t = running.tournament
    old_copy = at_venue(running, lambda: None, sequence=1)
    restored = venue_upload_receive(raw=envelope(running, old_copy))
    assert (restored.outcome, restored.message) == (
        UploadOutcome.STALE,
        "Älter als der letzte Upload (2): eine alte Sicherung? " + WAY,
    )
    running.refresh_from_db()
    assert (running.last_sequence, t.pk) == (2, running.tournament_id)


def test_a_package_downloaded_mid_day_continues_the_numbering(running, staff):
    _two_uploads(running, staff)
    running.refresh_from_db()
    package = checkout_package(checkout=running)
    assert package["document"]["sequence"] == 2
    # the laptop loaded with it uploads its next change under 3: applied, not stale
    player = Registration.objects.filter(tournament=running.tournament).first().player

    def edit():
        player.city = "Spielort"
        player_save(player=player)

    doc = at_venue(running, edit, sequence=package["document"]["sequence"] + 1)
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.sequence) == (UploadOutcome.APPLIED, 3)
    player.refresh_from_db()
    assert player.city == "Spielort"


def test_old_envelopes_sent_again_after_check_in_are_stale_and_not_kept(running, staff):
    first, second = _two_uploads(running, staff)
    running.refresh_from_db()
    running.state = CheckoutState.CHECKED_IN
    running.save()
    before = row_counts()
    replay = venue_upload_receive(raw=first)
    assert (replay.outcome, replay.payload, replay.message) == (
        UploadOutcome.STALE,
        "",
        "Nicht neuer als der letzte Upload (2) und der Checkout ist beendet: es wurde nichts "
        "übernommen.",
    )
    again = venue_upload_receive(raw=second)
    assert (again.outcome, again.payload) == (UploadOutcome.UNCHANGED, "")
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 2
    assert after == before
    assert not VenueUpload.objects.filter(outcome=UploadOutcome.REVIEW).exists()


def test_a_newer_upload_after_check_in_waits_for_review(running, staff):
    _two_uploads(running, staff)
    running.refresh_from_db()
    running.state = CheckoutState.CHECKED_IN
    running.save()
    doc = at_venue(running, lambda: None, sequence=3)
    raw = envelope(running, doc)
    held = venue_upload_receive(raw=raw)
    assert (held.outcome, held.payload) == (UploadOutcome.REVIEW, raw)


def test_check_in_waits_while_the_newest_upload_is_stale(running, staff):
    """The restored laptop's results were refused: checking in now would lose them."""
    _two_uploads(running, staff)
    venue_upload_receive(raw=envelope(running, at_venue(running, lambda: None, sequence=1)))
    with pytest.raises(ValidationError) as refused:
        venue_checkout_checkin(checkout=running, by=staff["director"])
    assert refused.value.messages[0].startswith(
        "Der letzte Upload vom Spielort (Nummer 1) wurde abgelehnt: abgelehnt: älter als der "
        "letzte Upload."
    )
    running.refresh_from_db()
    assert running.is_out
