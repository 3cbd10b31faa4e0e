"""The laptop dies between numbering an upload and sending it (issue 18, review): the number
is kept with its content, so the next look sends the same content under the same number (a
no-op on the server if the first copy did arrive) and the next change takes the next one."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.builders import play_next_round
from tests.tournaments.venue.laptop.test_uploader import Line, _fresh, _sequence
from tournaments.models import VenueSyncState
from tournaments.venue.document import document_digest
from tournaments.venue.laptop import services, uploader
from tournaments.venue.signing import verify_document


def _digest(state, envelope: str) -> str:
    c = state.checkout
    return document_digest(verify_document(raw=envelope, checkout_uuid=c.uuid, key=c.key))


def test_a_crash_after_numbering_resends_the_same_number_and_content(laptop):
    now = timezone.now()
    services.content_refresh(state=laptop, now=now)
    sequence, _digest_kept, lost = services.envelope_sign(state=laptop, now=now)  # then: crash
    assert sequence == 1
    assert _fresh(laptop).sequence == 1
    line = Line(("unchanged", ""))
    later = now + timedelta(minutes=5)
    assert uploader.sync_once(now=later, post=line) == "unchanged"
    [(_url, resent)] = line.sent
    assert _sequence(laptop, resent) == 1
    assert _digest(laptop, resent) == _digest(laptop, lost)  # the server's digest: same content
    assert resent != lost  # signed anew (another time made), same number and content
    play_next_round(laptop.checkout.tournament, director=laptop.director, desk=laptop.desk)
    line = Line(("applied", ""))
    assert uploader.sync_once(now=later + timedelta(minutes=5), post=line) == "applied"
    assert _sequence(laptop, line.sent[0][1]) == 2


@pytest.mark.parametrize("crash_at", ["sign", "post"])
def test_a_failing_look_keeps_the_state_consistent(laptop, monkeypatch, crash_at):
    """An error in the look (the database busy while signing, the line dropping mid-post):
    nothing half-written, the next look carries on under one number."""
    if crash_at == "sign":
        monkeypatch.setattr(
            "tournaments.venue.laptop.backup.backup_write",
            lambda **kw: (_ for _ in ()).throw(OSError("disk full")),
        )
        with pytest.raises(OSError):
            uploader.sync_once(post=Line())
        assert VenueSyncState.objects.get(pk=laptop.pk).sequence == 0  # rolled back
        monkeypatch.undo()
    else:

        def post(url, envelope):
            raise RuntimeError("line dropped")

        with pytest.raises(RuntimeError):
            uploader.sync_once(post=post)
        assert VenueSyncState.objects.get(pk=laptop.pk).sequence == 1
    line = Line(("applied", ""))
    assert uploader.sync_once(now=timezone.now() + timedelta(minutes=5), post=line) == "applied"
    assert _sequence(laptop, line.sent[0][1]) == 1
