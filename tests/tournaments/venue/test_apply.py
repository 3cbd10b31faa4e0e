"""Uploads applied centrally (issue 18): applied, repeated, old, forked."""

from tests.support.builders import play_next_round
from tests.tournaments.venue.conftest import at_venue, envelope
from tournaments.enums import RoundStatus
from tournaments.models import Round, ScoredRound, SheetVersion, UploadOutcome
from tournaments.venue.apply import venue_upload_receive


def test_round_played_at_the_venue_is_applied(running, staff):
    t = running.tournament
    doc = at_venue(
        running,
        lambda: play_next_round(t, director=staff["director"], desk=staff["desk"]),
        sequence=1,
    )
    assert Round.objects.filter(tournament=t).count() == 1
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    assert list(Round.objects.filter(tournament=t).values_list("number", "status")) == [
        (1, RoundStatus.PUBLISHED),
        (2, RoundStatus.PUBLISHED),
    ]
    assert ScoredRound.objects.filter(tournament=t, round_number=2).count() == 8
    assert SheetVersion.objects.filter(sheet__round__tournament=t).count() == 8
