"""Uploads refused whole (issue 18, acceptance 6 and 12): tampered, signed with another
checkout's key, breaking the rules of a sheet or a publication, or of an unsupported format.
A refusal leaves only its log row, with the message."""

import copy

import pytest

from tests.support.builders import make_tournament
from tests.tournaments.venue.conftest import (
    at_venue,
    checkout_make,
    envelope,
    play,
    row_counts,
)
from tournaments.models import Round, SheetVersion, UploadOutcome
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.document import FORMAT_VERSION


@pytest.fixture
def doc(running, staff):
    """The venue's copy after round 2 (sequence 1)."""
    return at_venue(running, play(running.tournament, staff), sequence=1)


def refused(running, raw: str, outcome: str):
    """Send ``raw``; assert the outcome and that nothing but its log row was written."""
    before = row_counts()
    upload = venue_upload_receive(raw=raw)
    assert upload.outcome == outcome, upload.message
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 1
    assert after == before
    running.refresh_from_db()
    assert running.last_sequence == 0
    return upload


SIGNATURE_MESSAGE = (
    "Die Signatur passt nicht zu diesem ausgecheckten Turnier: der Upload wurde verändert "
    "oder mit einem anderen Schlüssel signiert."
)


def test_a_tampered_upload_is_refused(running, doc):
    raw = envelope(running, doc)
    middle = len(raw) // 2
    tampered = raw[:middle] + ("A" if raw[middle] != "A" else "B") + raw[middle + 1 :]
    upload = refused(running, tampered, UploadOutcome.TAMPERED)
    assert upload.message == SIGNATURE_MESSAGE


def test_an_upload_signed_with_another_checkouts_key_is_refused(running, doc, staff):
    other = checkout_make(make_tournament(director=staff["director"], name="Anderes"))
    upload = refused(running, envelope(running, doc, key=other.key), UploadOutcome.TAMPERED)
    assert upload.message == SIGNATURE_MESSAGE
    # the other checkout's own envelope around this document: its key, but not its document
    raw = envelope(other, doc)
    before = row_counts()
    assert venue_upload_receive(raw=raw).outcome == UploadOutcome.TAMPERED
    assert row_counts()["tournaments.Round"] == before["tournaments.Round"]


def _round2_sheet(doc: dict, table: int) -> dict:
    rnd = next(r for r in doc["tournaments"][0]["rounds"] if r["number"] == 2)
    return next(t for t in rnd["tables"] if t["number"] == table)["sheet"]


def test_an_invalid_game_refuses_the_whole_upload(running, doc):
    bad = copy.deepcopy(doc)
    for version in _round2_sheet(bad, 2)["versions"]:
        version["games"][0]["scores"] = {"A": 60, "B": 50, "C": -20, "D": -30}
    upload = refused(running, envelope(running, bad), UploadOutcome.INVALID)
    assert upload.message.startswith("Runde 2, Tisch 2, Version 1: Spiel 1")
    assert Round.objects.filter(tournament=running.tournament).count() == 1


def test_an_unconfirmed_sheet_in_a_published_round_refuses_the_whole_upload(running, doc):
    bad = copy.deepcopy(doc)
    sheet = _round2_sheet(bad, 2)
    sheet["versions"] = sheet["versions"][:1]
    sheet.update(status="entered", version=1, current=1, confirmed=None)
    upload = refused(running, envelope(running, bad), UploadOutcome.INVALID)
    assert upload.message == (
        "Runde 2 ist veröffentlicht, aber der Bogen von Tisch 2 ist nicht bestätigt."
    )
    assert SheetVersion.objects.filter(sheet__round__number=2).count() == 0


def test_a_changed_recorded_version_is_refused(running, doc):
    """Append-only: a version already recorded centrally never changes."""
    venue_upload_receive(raw=envelope(running, doc))
    changed = copy.deepcopy(doc)
    changed["sequence"] = 2
    _round2_sheet(changed, 1)["versions"][0]["reason"] = "nachträglich geändert"
    before = row_counts()
    upload = venue_upload_receive(raw=envelope(running, changed))
    assert (upload.outcome, upload.message) == (
        UploadOutcome.INVALID,
        "Runde 2, Tisch 1: Bogen-Version 1 weicht vom bereits gespeicherten Eintrag ab; "
        "gespeicherte Einträge werden nie geändert.",
    )
    assert row_counts()["tournaments.SheetVersion"] == before["tournaments.SheetVersion"]


def test_a_round_never_moves_back(running, doc):
    venue_upload_receive(raw=envelope(running, doc))
    back = copy.deepcopy(doc)
    back["sequence"] = 2
    back["tournaments"][0]["rounds"][1]["status"] = "released"
    upload = venue_upload_receive(raw=envelope(running, back))
    assert (upload.outcome, upload.message) == (
        UploadOutcome.INVALID,
        "Runde 2 würde von „Ergebnisse veröffentlicht“ auf „Paarung freigegeben“ zurückgehen.",
    )


def test_a_newer_format_is_refused_with_a_clear_message(running, doc):
    """Acceptance 12."""
    newer = {**doc, "format": FORMAT_VERSION + 1}
    upload = refused(running, envelope(running, newer), UploadOutcome.VERSION)
    assert upload.message == (
        f"Dieser Upload stammt von einer neueren Version der Spielort-Software (Format "
        f"{FORMAT_VERSION + 1}; dieser Server liest {FORMAT_VERSION - 1} und {FORMAT_VERSION}). "
        "Bitte zuerst den zentralen Server aktualisieren."
    )
    older = {**doc, "format": FORMAT_VERSION - 2}
    upload = refused(running, envelope(running, older), UploadOutcome.VERSION)
    assert upload.message.startswith("Dieser Upload stammt von einer alten Version")


def test_one_format_back_is_applied(running, doc):
    """Acceptance 12: format 1 carried no submission keys; it is read as the current one."""
    old = copy.deepcopy(doc)
    old["format"] = FORMAT_VERSION - 1
    for rnd in old["tournaments"][0]["rounds"]:
        for table in rnd["tables"]:
            for version in table["sheet"]["versions"]:
                del version["submission_key"]
    upload = venue_upload_receive(raw=envelope(running, old))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    assert Round.objects.filter(tournament=running.tournament).count() == 2


def test_not_an_envelope_and_an_unknown_checkout_are_refused_without_a_log(running, doc):
    from uuid import uuid4

    from django.core.exceptions import ValidationError

    from tournaments.venue.signing import sign_document

    with pytest.raises(ValidationError) as error:
        venue_upload_receive(raw="hello")
    assert error.value.messages == ["Das ist kein Upload der Spielort-Software."]
    stranger = sign_document(checkout_uuid=uuid4(), key="x" * 40, document=doc)
    with pytest.raises(ValidationError) as error:
        venue_upload_receive(raw=stranger)
    assert error.value.messages == ["Dieser Upload gehört zu keinem hier bekannten Auschecken."]
