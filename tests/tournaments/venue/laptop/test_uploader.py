"""The laptop's uploader against a fake line: sequence numbers, backups, outcomes, the light."""

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.builders import play_next_round, play_round
from tournaments.models import VenueSyncState
from tournaments.rounds import services as round_services
from tournaments.venue.laptop import selectors, uploader
from tournaments.venue.signing import verify_document


class Line:
    """The central server as the uploader sees it: answers in turn, every envelope kept."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.sent: list[tuple[str, str]] = []

    def __call__(self, url, envelope):
        self.sent.append((url, envelope))
        return self.answers.pop(0)


def _sequence(state, envelope: str) -> int:
    checkout = state.checkout
    return verify_document(raw=envelope, checkout_uuid=checkout.uuid, key=checkout.key)["sequence"]


def _fresh(state) -> VenueSyncState:
    return VenueSyncState.objects.get(pk=state.pk)


def test_first_look_uploads_and_backs_up_the_signed_copy(laptop):
    line = Line(("applied", ""))
    assert uploader.sync_once(post=line) == "applied"
    [(url, envelope)] = line.sent
    assert url == "https://zentral.example"  # the endpoint path is added by post_envelope
    assert _sequence(laptop, envelope) == 1
    state = _fresh(laptop)
    assert (state.sequence, state.outcome, state.failures) == (1, "applied", 0)
    assert selectors.status_light(state).colour == "green"
    [backup] = selectors.backup_dir().glob("*.json")
    content = json.loads(backup.read_text())
    assert content["envelope"] == envelope
    assert (content["sequence"], content["key"]) == (1, laptop.checkout.key)
    assert backup.stat().st_mode & 0o777 == 0o600


def test_nothing_is_sent_while_nothing_changed_within_the_interval(laptop, settings):
    line = Line(("applied", ""))
    start = timezone.now()
    uploader.sync_once(now=start, post=line)
    soon = start + timedelta(seconds=settings.VENUE_UPLOAD_SECONDS - 1)
    assert uploader.sync_once(now=soon, post=line) == "current"
    assert len(line.sent) == 1


def test_a_quiet_laptop_sends_its_unchanged_copy_again_for_the_registrys_changes(laptop, settings):
    """Issue 29.2: a consent withdrawn centrally comes with an upload's answer; with nothing
    new to upload the same copy (the same number) goes again every interval."""
    line = Line(("applied", ""), ("unchanged", ""), ("unchanged", ""))
    start = timezone.now()
    uploader.sync_once(now=start, post=line)
    later = start + timedelta(seconds=settings.VENUE_UPLOAD_SECONDS)
    assert uploader.sync_once(now=later, post=line) == "unchanged"
    assert uploader.sync_once(now=later + timedelta(seconds=5), post=line) == "current"
    assert uploader.sync_once(now=later + timedelta(minutes=30), post=line) == "unchanged"
    assert [_sequence(laptop, e) for _, e in line.sent] == [1, 1, 1]
    assert selectors.status_light(_fresh(laptop)).colour == "green"


def test_a_publication_is_uploaded_at_once_under_the_next_number(laptop):
    line = Line(("applied", ""), ("applied", ""))
    start = timezone.now()
    uploader.sync_once(now=start, post=line)
    play_next_round(laptop.checkout.tournament, director=laptop.director, desk=laptop.desk)
    assert _fresh(laptop).published_at >= start  # heard from the round's publication
    assert uploader.sync_once(now=start + timedelta(seconds=25), post=line) == "applied"
    assert [_sequence(laptop, e) for _, e in line.sent] == [1, 2]


def test_changes_without_a_publication_wait_for_the_interval(laptop, settings):
    settings.VENUE_UPLOAD_SECONDS = 120
    line = Line(("applied", ""), ("applied", ""), ("applied", ""))
    tournament = laptop.checkout.tournament
    rnd = round_services.round_pair_next(tournament=tournament, user=laptop.director, seed=3)
    round_services.round_release(rnd=rnd, user=laptop.director)  # a publication: at once
    start = timezone.now()
    assert uploader.sync_once(now=start, post=line) == "applied"
    play_round(rnd, director=laptop.director, desk=laptop.desk, publish=False)  # sheets only
    assert uploader.sync_once(now=start + timedelta(seconds=60), post=line) == "current"
    assert selectors.status_light(_fresh(laptop)).text == "Änderungen noch nicht hochgeladen"
    assert uploader.sync_once(now=start + timedelta(seconds=120), post=line) == "applied"
    assert [_sequence(laptop, e) for _, e in line.sent] == [1, 2]


def test_a_backup_is_written_on_the_timer_while_changes_wait(laptop, settings):
    settings.VENUE_UPLOAD_SECONDS = 600
    settings.VENUE_BACKUP_SECONDS = 300
    line = Line(("applied", ""))
    start = timezone.now()
    uploader.sync_once(now=start, post=line)
    rnd = round_services.round_pair_next(
        tournament=laptop.checkout.tournament, user=laptop.director, seed=3
    )  # drawn, not released: no publication
    assert rnd.status == "drawn"
    assert uploader.sync_once(now=start + timedelta(seconds=299), post=line) == "current"
    assert uploader.sync_once(now=start + timedelta(seconds=300), post=line) == "backup"
    assert [p.name.split("-")[1] for p in sorted(selectors.backup_dir().glob("*.json"))] == [
        "000001",
        "000002",
    ]
    assert len(line.sent) == 1


def test_no_line_retries_the_same_number_and_the_light_says_since_when(laptop):
    line = Line(("unreachable", "Connection refused"), ("unreachable", "timeout"), ("applied", ""))
    start = timezone.now().replace(hour=9, minute=41)
    assert uploader.sync_once(now=start, post=line) == "unreachable"
    state = _fresh(laptop)
    since = timezone.localtime(start).strftime("%H:%M")
    assert selectors.status_light(state).text == f"Keine Verbindung seit {since}"
    assert uploader.sync_once(now=start + timedelta(seconds=9), post=line) == "current"
    assert uploader.sync_once(now=start + timedelta(seconds=10), post=line) == "unreachable"
    assert uploader.sync_once(now=start + timedelta(seconds=29), post=line) == "current"
    assert uploader.sync_once(now=start + timedelta(seconds=30), post=line) == "applied"
    # the same content kept its number: a resend the server got already is a no-op there
    assert [_sequence(laptop, e) for _, e in line.sent] == [1, 1, 1]
    state = _fresh(laptop)
    assert (state.failures, state.line_down_since) == (0, None)
    assert len(list(selectors.backup_dir().glob("*.json"))) == 1


def test_a_refusal_is_red_with_the_servers_message_and_not_resent(laptop):
    line = Line(("invalid", "Runde 1, Tisch 2: Spiel 3 ungültig."))
    start = timezone.now()
    assert uploader.sync_once(now=start, post=line) == "invalid"
    light = selectors.status_light(_fresh(laptop))
    assert (light.colour, light.text) == ("red", "Abgelehnt: Runde 1, Tisch 2: Spiel 3 ungültig.")
    assert uploader.sync_once(now=start + timedelta(hours=1), post=line) == "current"
    assert len(line.sent) == 1


@pytest.mark.parametrize("status", [404, 502])
def test_an_answer_that_is_not_the_endpoints_counts_as_no_line(laptop, monkeypatch, status):
    class Response:
        status_code = status

        def json(self):
            raise ValueError("no JSON")

    monkeypatch.setattr(uploader.requests, "post", lambda *a, **k: Response())
    assert uploader.post_envelope("https://zentral.example", "venue1:x:y") == (
        "unreachable",
        "no JSON",
    )


def test_the_endpoints_answer_is_read(laptop, monkeypatch):
    seen = {}

    class Response:
        status_code = 409

        def json(self):
            return {"outcome": "stale", "message": "Älter als Upload 4.", "sequence": 3}

    def post(url, **kwargs):
        seen.update(url=url, **kwargs)
        return Response()

    monkeypatch.setattr(uploader.requests, "post", post)
    assert uploader.post_envelope("https://zentral.example", "venue1:x:y") == (
        "stale",
        "Älter als Upload 4.",
        None,  # a refusal carries no registry changes
    )
    assert seen["url"] == "https://zentral.example/venue/upload/"
    assert seen["data"] == b"venue1:x:y"


def test_only_the_newest_backups_are_kept(laptop, monkeypatch):
    from tournaments.venue.laptop import backup

    monkeypatch.setattr(backup, "KEEP", 2)
    start = timezone.now()
    for second in range(4):
        laptop.sequence = second  # as if the content had changed each time
        backup.backup_write(state=laptop, envelope="e", now=start + timedelta(seconds=second))
    kept = sorted(p.name.split("-")[1] for p in selectors.backup_dir().glob("*.json"))
    assert kept == ["000002", "000003"]


def test_an_accepted_answer_brings_its_registry_changes(laptop, monkeypatch):
    class Response:
        status_code = 200

        def json(self):
            return {"outcome": "applied", "message": "", "sequence": 1, "registry": "venue1:r"}

    monkeypatch.setattr(uploader.requests, "post", lambda *a, **k: Response())
    assert uploader.post_envelope("https://zentral.example", "venue1:x:y") == (
        "applied",
        "",
        "venue1:r",
    )
