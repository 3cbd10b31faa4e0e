"""Uploads applied centrally (issue 18, acceptance 2–5): applied once, repeats change nothing,
several uploads equal one, old copies and forks are refused, a failure leaves nothing."""

import pytest

from tests.tournaments.venue.conftest import (
    at_venue,
    document_of,
    envelope,
    play,
    row_counts,
)
from tests.tournaments.venue.test_stale_and_replay import WAY
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import (
    CheckoutState,
    PublicChange,
    Round,
    ScoredRound,
    SheetVersion,
    UploadOutcome,
    VenueUpload,
)
from tournaments.venue import sheet_rows
from tournaments.venue.apply import venue_upload_receive


def test_round_played_at_the_venue_is_applied(running, staff, results_signals):
    t = running.tournament
    doc = at_venue(running, play(t, staff), sequence=1)
    results_signals.clear()  # those of the venue's own work
    assert Round.objects.filter(tournament=t).count() == 1
    changes = PublicChange.objects.filter(tournament_id=t.pk).count()
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message, upload.sequence) == (UploadOutcome.APPLIED, "", 1)
    assert upload.counts == {
        "rounds": 1,
        "tables": 2,
        "seats": 8,
        "sheet versions": 4,
        "pairing changes": 1,
    }
    assert list(Round.objects.filter(tournament=t).values_list("number", "status")) == [
        (1, RoundStatus.PUBLISHED),
        (2, RoundStatus.PUBLISHED),
    ]
    assert ScoredRound.objects.filter(tournament=t, round_number=2).count() == 8
    assert SheetVersion.objects.filter(sheet__round__tournament=t).count() == 8
    assert results_signals == [t.pk]  # one recompute for the import
    assert PublicChange.objects.filter(tournament_id=t.pk).count() == changes + 1
    running.refresh_from_db()
    assert (running.last_sequence, running.last_digest) == (1, upload.digest)
    assert document_of(running, 1) == doc  # the central copy is now the venue's


def test_the_same_upload_twice_changes_nothing(running, staff, results_signals):
    """Acceptance 2: no rows (but the log row), no cache bump, no recompute."""
    doc = at_venue(running, play(running.tournament, staff), sequence=1)
    raw = envelope(running, doc)
    venue_upload_receive(raw=raw)
    before, sent = row_counts(), list(results_signals)
    again = venue_upload_receive(raw=raw)
    assert (again.outcome, again.sequence) == (UploadOutcome.UNCHANGED, 1)
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 1
    assert after == before
    assert results_signals == sent


def test_a_later_upload_without_changes_writes_nothing(running, staff, results_signals):
    doc = at_venue(running, play(running.tournament, staff), sequence=1)
    venue_upload_receive(raw=envelope(running, doc))
    before, sent = row_counts(), list(results_signals)
    upload = venue_upload_receive(raw=envelope(running, {**doc, "sequence": 2}))
    assert (upload.outcome, upload.counts) == (UploadOutcome.APPLIED, {})
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 1
    assert after == before
    assert results_signals == sent


def _venue_day(running, staff) -> list[dict]:
    """The venue's uploads after round 2, round 3 and at the end (the tournament finished)."""
    t = running.tournament
    docs = []

    def work():
        for sequence in (1, 2):
            play(t, staff)()
            t.refresh_from_db()
            docs.append(document_of(running, sequence))

    final = at_venue(running, work, sequence=3)
    return [*docs, final]


def _result(running) -> tuple:
    t = running.tournament
    doc = {k: v for k, v in document_of(running, 0).items() if k != "sequence"}
    scored = sorted(
        ScoredRound.objects.filter(tournament=t).values_list(
            "player__uuid", "round_number", "placement_points", "game_points", "minus_points"
        )
    )
    return doc, scored


def test_uploads_after_every_round_equal_one_final_upload(running, staff, results_signals):
    """Acceptance 3: and each import with new results triggers exactly one recompute."""
    from django.db import transaction

    t = running.tournament
    docs = _venue_day(running, staff)
    results_signals.clear()
    sid = transaction.savepoint()
    outcomes = [venue_upload_receive(raw=envelope(running, d)).outcome for d in docs]
    assert outcomes == [UploadOutcome.APPLIED] * 3
    assert results_signals == [t.pk, t.pk]  # rounds 2 and 3; the third upload changed nothing
    stepwise = _result(running)
    transaction.savepoint_rollback(sid)
    running.refresh_from_db()
    results_signals.clear()
    assert Round.objects.filter(tournament=t).count() == 1
    once = venue_upload_receive(raw=envelope(running, docs[-1]))
    assert once.outcome == UploadOutcome.APPLIED
    assert results_signals == [t.pk]
    assert _result(running) == stepwise
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    assert len(stepwise[1]) == 24  # 8 players × 3 rounds


def test_an_older_backup_and_a_fork_are_refused(running, staff):
    """Acceptance 4: nothing changes but the log."""
    docs = _venue_day(running, staff)
    venue_upload_receive(raw=envelope(running, docs[1]))
    before = row_counts()
    stale = venue_upload_receive(raw=envelope(running, docs[0]))
    assert (stale.outcome, stale.message) == (
        UploadOutcome.STALE,
        "Älter als der letzte Upload (2): eine alte Sicherung? " + WAY,
    )
    fork = venue_upload_receive(raw=envelope(running, {**docs[0], "sequence": 2}))
    assert fork.outcome == UploadOutcome.FORK
    assert fork.message == (
        "Upload 2 kam bereits mit anderem Inhalt an: haben zwei Laptops dieselbe Kopie "
        "weitergeführt? " + WAY
    )
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 2
    assert after == before
    running.refresh_from_db()
    assert running.last_sequence == 2


def test_a_failure_halfway_leaves_nothing_and_a_retry_succeeds(running, staff, monkeypatch):
    """Acceptance 5: the second sheet's scoring fails; the first sheet's rows are gone too."""
    doc = at_venue(running, play(running.tournament, staff), sequence=1)
    before = row_counts()
    real, calls = sheet_rows.scored_lines_store, []

    def failing(**kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("disk full")
        return real(**kwargs)

    monkeypatch.setattr(sheet_rows, "scored_lines_store", failing)
    with pytest.raises(RuntimeError):
        venue_upload_receive(raw=envelope(running, doc))
    assert len(calls) == 2
    assert row_counts() == before
    running.refresh_from_db()
    assert running.last_sequence == 0
    monkeypatch.setattr(sheet_rows, "scored_lines_store", real)
    retry = venue_upload_receive(raw=envelope(running, doc))
    assert retry.outcome == UploadOutcome.APPLIED
    assert Round.objects.filter(tournament=running.tournament).count() == 2


def test_an_upload_of_a_revoked_checkout_waits_for_review(running, staff):
    doc = at_venue(running, play(running.tournament, staff), sequence=1)
    running.state = CheckoutState.REVOKED
    running.save()
    before = row_counts()
    raw = envelope(running, doc)
    upload = venue_upload_receive(raw=raw)
    assert (upload.outcome, upload.payload) == (UploadOutcome.REVIEW, raw)
    after = row_counts()
    assert after.pop("tournaments.VenueUpload") == before.pop("tournaments.VenueUpload") + 1
    assert after == before
    assert VenueUpload.objects.filter(outcome=UploadOutcome.APPLIED).count() == 0


def test_people_known_only_at_the_venue_are_named_in_the_log(running, staff):
    """A helper with an account only on the laptop: the rows arrive without a person (no
    account is created centrally), the upload's log names them."""
    from tests.support.builders import make_user
    from tournaments.enums import StaffRole

    t = running.tournament

    def day():
        helper = make_user("helferin-vor-ort")
        t.staff.create(user=helper, role=StaffRole.DESK)
        play(t, {**staff, "desk": helper})()

    doc = at_venue(running, day, sequence=1)
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (
        UploadOutcome.APPLIED,
        "Am Spielort eingetragen von Personen ohne Konto hier: helferin-vor-ort.",
    )
    entered = SheetVersion.objects.filter(sheet__round__number=2, action="entered")
    assert list(entered.values_list("created_by", flat=True)) == [None, None]
