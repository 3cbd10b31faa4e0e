"""Two uploads of one checkout at the same moment (issue 18): the checkout's row lock makes
them one after the other, so the same upload sent twice is applied once and found unchanged
once. Runs on PostgreSQL only (real concurrent transactions, one connection per thread)."""

import threading

import pytest
from django.db import connection, connections, transaction

from tests.support.builders import make_players, make_user, play_tournament
from tests.tournaments.venue.conftest import at_venue, checkout_make, envelope, play
from tournaments.enums import GlobalRole
from tournaments.models import Round, SheetVersion, UploadOutcome, VenueUpload
from tournaments.venue.apply import venue_upload_receive

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="real concurrency: PostgreSQL"),
]


def test_the_same_upload_sent_twice_at_once_is_applied_once():
    staff = {"director": make_user("leiterin", role=GlobalRole.DIRECTOR), "desk": make_user("orga")}
    t = play_tournament(
        director=staff["director"], desk=staff["desk"], players=make_players(8), rounds=1
    )
    checkout = checkout_make(t)
    with transaction.atomic():
        raw = envelope(checkout, at_venue(checkout, play(t, staff), sequence=1))
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def send():
        try:
            barrier.wait(timeout=10)
            outcomes.append(venue_upload_receive(raw=raw).outcome)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(outcomes) == [UploadOutcome.APPLIED, UploadOutcome.UNCHANGED]
    assert Round.objects.filter(tournament=t).count() == 2
    assert SheetVersion.objects.filter(sheet__round__tournament=t).count() == 8
    assert VenueUpload.objects.filter(checkout=checkout).count() == 2
