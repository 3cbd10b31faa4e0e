"""Check-in while an upload is being applied (issue 18, review): the check-in waits for the
upload's lock on the checkout, so the upload is applied whole and the check-in ends the
checkout after it, with the venue's data in. PostgreSQL only (real concurrent transactions)."""

import threading

import pytest
from django.db import connection, connections, transaction

from tests.support.builders import make_players, make_user, play_tournament
from tests.tournaments.venue.conftest import at_venue, checkout_make, envelope, play
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import CheckoutState, Round, UploadOutcome, VenueCheckout, VenueUpload
from tournaments.venue import sheet_rows
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.checkout import venue_checkout_checkin

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="real concurrency: PostgreSQL"),
]


def test_a_check_in_waits_for_the_upload_in_flight(monkeypatch):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    staff = {"director": director, "desk": make_user("orga")}
    t = play_tournament(director=director, desk=staff["desk"], players=make_players(8), rounds=1)
    checkout = checkout_make(t, user=director)
    t.staff.get_or_create(user=director, role=StaffRole.DIRECTOR)
    with transaction.atomic():
        raw = envelope(checkout, at_venue(checkout, play(t, staff), sequence=1))
    writing, go_on = threading.Event(), threading.Event()
    real = sheet_rows.scored_lines_store

    def slow(**kwargs):
        writing.set()
        go_on.wait(timeout=30)
        return real(**kwargs)

    monkeypatch.setattr(sheet_rows, "scored_lines_store", slow)
    results: dict[str, object] = {}

    def upload():
        try:
            results["upload"] = venue_upload_receive(raw=raw).outcome
        finally:
            connections.close_all()

    def check_in():
        try:
            results["checkin"] = venue_checkout_checkin(checkout=checkout, by=director).state
        except Exception as error:  # the assertion below names it
            results["checkin"] = repr(error)
        finally:
            connections.close_all()

    uploading = threading.Thread(target=upload)
    uploading.start()
    assert writing.wait(timeout=60)
    checking_in = threading.Thread(target=check_in)
    checking_in.start()
    checking_in.join(timeout=2)
    assert checking_in.is_alive()  # waits for the upload's lock
    go_on.set()
    uploading.join(timeout=120)
    checking_in.join(timeout=120)
    assert results == {"upload": UploadOutcome.APPLIED, "checkin": CheckoutState.CHECKED_IN}
    applied = VenueUpload.objects.get(checkout=checkout)
    ended = VenueCheckout.objects.get(pk=checkout.pk)
    assert (ended.last_sequence, ended.ended_at > applied.received_at) == (1, True)
    assert Round.objects.filter(tournament=t).count() == 2
