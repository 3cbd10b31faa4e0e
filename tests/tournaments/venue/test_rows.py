"""Every kind of row a venue day writes comes back (issue 18): pins, clock, warnings (one
withdrawn), rulings (escalated and final), a referee call, table entries with sign-offs, sheet
versions; a form sent twice at the table is one version centrally too (acceptance 11)."""

import copy

from tests.tournaments.venue.conftest import (
    SUBMISSION,
    at_venue,
    doc_diff,
    envelope,
    eventful_round,
)
from tournaments.models import (
    PlayerWarning,
    RefereeCall,
    RoundClockAction,
    Ruling,
    SheetSignoff,
    SheetVersion,
    TablePin,
    UploadOutcome,
)
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.document import tournament_document


def test_every_row_of_a_venue_day_arrives(running, crew):
    t = running.tournament
    doc = at_venue(running, eventful_round(t, crew), sequence=1)
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    assert upload.counts == {
        "rounds": 1, "tables": 2, "seats": 8, "pins": 1, "sheet versions": 4, "sign-offs": 3,
        "warnings": 2, "rulings": 2, "referee calls": 1, "clock actions": 1,
        "pairing changes": 1,
    }  # fmt: skip
    assert TablePin.objects.filter(tournament=t).count() == 1
    assert RoundClockAction.objects.filter(round__tournament=t).count() == 1
    assert PlayerWarning.objects.filter(tournament=t, withdrawn_at__isnull=False).count() == 1
    assert Ruling.objects.get(tournament=t, status="final").escalated_from.status == "escalated"
    call = RefereeCall.objects.get(tournament=t)
    assert (call.outcome, call.warning.game_number, call.taken_by.username) == ("Gelb", 2, "schiri")
    assert SheetSignoff.objects.filter(version__sheet__round__tournament=t).count() == 3
    after = tournament_document(tournament=t, checkout=running, sequence=1, made_at=doc["made_at"])
    assert doc_diff(after, doc) == []


def test_a_form_sent_twice_at_the_venue_is_one_version_centrally(running, crew):
    """Acceptance 11: the document carries the submission key; one version with it arrives."""
    t = running.tournament
    doc = at_venue(running, eventful_round(t, crew), sequence=1)
    venue_upload_receive(raw=envelope(running, doc))
    versions = SheetVersion.objects.filter(submission_key=SUBMISSION)
    assert list(versions.values_list("number", "action")) == [(1, "table_entered")]
    again = copy.deepcopy(doc)
    again["sequence"] = 2
    rnd = again["tournaments"][0]["rounds"][1]
    table = next(x for x in rnd["tables"] if x["sheet"]["versions"][0]["submission_key"])
    sheet = table["sheet"]
    twice = copy.deepcopy(sheet["versions"][0])
    twice["number"] = 3
    sheet["versions"].append(twice)
    upload = venue_upload_receive(raw=envelope(running, again))
    assert (upload.outcome, upload.message) == (
        UploadOutcome.INVALID,
        f"Runde 2, Tisch {table['number']}: ein Formular wurde doppelt gespeichert.",
    )
    assert versions.count() == 1
