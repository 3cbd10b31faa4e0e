"""Acceptance 5, the refusal's half: a check that fails halfway through the import (the
second sheet's rows refused) is logged as refused, with nothing of the first sheet left; a
retry succeeds. (A crash halfway: test_apply.)"""

from django.core.exceptions import ValidationError

from tests.tournaments.venue.conftest import at_venue, envelope, play, row_counts
from tournaments.models import Round, UploadOutcome
from tournaments.venue import sheet_rows
from tournaments.venue.apply import venue_upload_receive


def test_a_refusal_halfway_leaves_only_its_log_row(running, staff, monkeypatch):
    doc = at_venue(running, play(running.tournament, staff), sequence=1)
    before = row_counts()
    real, calls = sheet_rows.scored_lines_store, []

    def refusing(**kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise ValidationError("Tisch 2 passt nicht")
        return real(**kwargs)

    monkeypatch.setattr(sheet_rows, "scored_lines_store", refusing)
    refused = venue_upload_receive(raw=envelope(running, doc))
    assert (refused.outcome, refused.message) == (UploadOutcome.INVALID, "Tisch 2 passt nicht")
    assert len(calls) == 2
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 1
    assert after == before
    running.refresh_from_db()
    assert running.last_sequence == 0
    monkeypatch.setattr(sheet_rows, "scored_lines_store", real)
    retry = venue_upload_receive(raw=envelope(running, doc))
    assert retry.outcome == UploadOutcome.APPLIED
    assert Round.objects.filter(tournament=running.tournament).count() == 2
