"""Issue 29.2 and 29.4, the central side: an accepted upload's answer carries the registry's
changes of the checked-out players (signed), until an upload shows the laptop holds them; the
resume endpoint POST /venue/resume/ gives the central copy to a request signed with the
checkout's key, and to nothing else."""

from __future__ import annotations

import time

import pytest
from django.core import signing
from django.test import Client
from django.utils import timezone

from tests.tournaments.venue.conftest import at_venue, document_of, envelope, play
from tournaments.models import Player, Registration, UploadOutcome, VenueRegistryConflict
from tournaments.privacy.services import player_publish_name_set
from tournaments.registry.services import player_save
from tournaments.venue import answers
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.checkout import venue_checkout_checkin
from tournaments.venue.document import tournament_document
from tournaments.venue.signing import sign_message, verify_message

UPLOAD, RESUME = "/venue/upload/", "/venue/resume/"


@pytest.fixture
def laptop_client():
    return Client(enforce_csrf_checks=True, raise_request_exception=False)


def _post(client, url: str, body: str):
    return client.post(url, data=body, content_type="text/plain")


def _registry(checkout, answer: dict) -> dict | None:
    signed = answer["registry"]
    if signed is None:
        return None
    content = verify_message(
        kind=answers.REGISTRY, raw=signed, checkout_uuid=checkout.uuid, key=checkout.key
    )
    return content["players"]


def _first_player(checkout) -> Player:
    """A registered player who publishes the name (the demo rows hold some who do not)."""
    return (
        Registration.objects.filter(tournament=checkout.tournament, player__publish_name=True)
        .order_by("player__uuid")
        .first()
        .player
    )


def _edit(player: Player, **fields) -> None:
    player.refresh_from_db()
    for name, value in fields.items():
        setattr(player, name, value)
    player_save(player=player)


def test_a_consent_withdrawn_centrally_comes_with_the_applied_and_the_unchanged_answer(
    running, staff, laptop_client
):
    player = _first_player(running)
    assert player.publish_name is True
    old_club = player.club
    player_publish_name_set(player=player, publish_name=False)
    _edit(player, club="Neuer Verein")

    def venue_day():  # the laptop knows the player as checked out
        Player.objects.filter(pk=player.pk).update(publish_name=True, club=old_club)
        play(running.tournament, staff)()

    sent = envelope(running, at_venue(running, venue_day, sequence=1))

    applied = _post(laptop_client, UPLOAD, sent)
    assert (applied.status_code, applied.json()["outcome"]) == (200, UploadOutcome.APPLIED)
    changes = {str(player.uuid): {"club": "Neuer Verein", "publish_name": False}}
    assert _registry(running, applied.json()) == changes

    again = _post(laptop_client, UPLOAD, sent)  # the same envelope: already applied
    assert (again.status_code, again.json()["outcome"]) == (200, UploadOutcome.UNCHANGED)
    assert _registry(running, again.json()) == changes
    player.refresh_from_db()  # the venue's copy (with the old values) changed nothing here
    assert (player.publish_name, player.club) == (False, "Neuer Verein")


def test_a_refused_upload_carries_no_registry(running, staff, laptop_client):
    player_publish_name_set(player=_first_player(running), publish_name=False)
    first = at_venue(running, play(running.tournament, staff), sequence=1)
    _post(laptop_client, UPLOAD, envelope(running, {**first, "sequence": 2}))
    stale = _post(laptop_client, UPLOAD, envelope(running, first))
    assert (stale.status_code, stale.json()["outcome"]) == (409, UploadOutcome.STALE)
    assert "registry" not in stale.json()


def test_nothing_changed_centrally_is_no_registry(running, staff, laptop_client):
    sent = envelope(running, at_venue(running, play(running.tournament, staff), sequence=1))
    answer = _post(laptop_client, UPLOAD, sent).json()
    assert (answer["outcome"], answer["registry"]) == (UploadOutcome.APPLIED, None)


def test_once_the_laptop_holds_a_change_it_is_not_sent_again_and_later_edits_are_taken(
    running, staff
):
    """The checkout's base moves on to what an upload shows the laptop holds: the next
    central change is sent by itself, and an edit at the venue after it is taken (no
    conflict against a base the laptop left long ago)."""
    player = _first_player(running)
    _edit(player, club="Zentral 1")
    assert answers.registry_changes(checkout=running) == {str(player.uuid): {"club": "Zentral 1"}}

    def took_it():  # the laptop took the answer: its copy holds the central club
        Player.objects.filter(pk=player.pk).update(club="Zentral 1")

    upload = venue_upload_receive(raw=envelope(running, at_venue(running, took_it, sequence=1)))
    assert upload.outcome == UploadOutcome.APPLIED
    running.refresh_from_db()
    assert running.players_base[str(player.uuid)]["club"] == "Zentral 1"
    assert answers.registry_changes(checkout=running) == {}

    _edit(player, first_name="Zentralname")  # a later central change: sent by itself
    assert answers.registry_changes(checkout=running) == {
        str(player.uuid): {"first_name": "Zentralname"}
    }

    def venue_edit():  # the laptop took the name, then the desk corrected the club
        Player.objects.filter(pk=player.pk).update(first_name="Zentralname", club="Spielort")

    upload = venue_upload_receive(raw=envelope(running, at_venue(running, venue_edit, sequence=2)))
    assert upload.outcome == UploadOutcome.APPLIED
    player.refresh_from_db()
    assert (player.first_name, player.club) == ("Zentralname", "Spielort")
    assert not VenueRegistryConflict.objects.exists()
    running.refresh_from_db()
    assert answers.registry_changes(checkout=running) == {}


def test_an_erased_entry_stays_as_it_is(running):
    player = _first_player(running)
    erased = {"last_name": "Gelöschte Person", "erased_at": timezone.now()}
    Player.objects.filter(pk=player.pk).update(**erased)
    assert answers.registry_changes(checkout=running) == {}


# --- POST /venue/resume/ --------------------------------------------------------------------


def _request(checkout, *, key: str | None = None, kind: str = answers.RESUME_REQUEST) -> str:
    return sign_message(
        kind=kind, checkout_uuid=checkout.uuid, key=key or checkout.key, content={"asked_at": "x"}
    )


def test_resume_gives_the_central_copy_as_of_the_last_applied_upload(running, staff, laptop_client):
    sent = envelope(running, at_venue(running, play(running.tournament, staff), sequence=4))
    assert _post(laptop_client, UPLOAD, sent).json()["outcome"] == UploadOutcome.APPLIED
    response = _post(laptop_client, RESUME, _request(running))
    assert response.status_code == 200
    state = verify_message(
        kind=answers.RESUME_STATE,
        raw=response.json()["state"],
        checkout_uuid=running.uuid,
        key=running.key,
    )
    assert state["format"] == 2
    document = state["document"]
    assert document["sequence"] == 4
    expected = tournament_document(
        tournament=running.tournament, checkout=running, sequence=4, made_at=timezone.now()
    )
    assert {**document, "made_at": None} == {**expected, "made_at": None}
    assert len(document["tournaments"][0]["rounds"]) == 2  # round 1 central, round 2 the venue's


@pytest.mark.parametrize(
    ("how", "status", "message"),
    [
        ("other key", 403, "Die Signatur passt nicht zu diesem Checkout"),
        ("an upload", 403, "Die Signatur passt nicht zu diesem Checkout"),
        ("an answer", 403, "Die Signatur passt nicht zu diesem Checkout"),
        ("no envelope", 400, "Das ist keine Anfrage der Spielort-Software."),
        ("unknown", 404, "Zu dieser Anfrage ist hier kein Checkout bekannt."),
    ],
)
def test_resume_refuses_what_the_checkout_did_not_sign(
    running, laptop_client, how, status, message
):
    body = {
        "other key": lambda: _request(running, key="ein-anderer-schluessel"),
        "an upload": lambda: envelope(running, document_of(running, 1)),
        "an answer": lambda: _request(running, kind=answers.RESUME_STATE),
        "no envelope": lambda: "venue1:kaputt",
        "unknown": lambda: _request(running).replace(
            str(running.uuid), "00000000-0000-4000-8000-000000000000", 1
        ),
    }[how]()
    response = _post(laptop_client, RESUME, body)
    assert response.status_code == status
    answer = response.json()
    assert answer["outcome"] == "refused"
    assert answer["message"].startswith(message)
    assert "state" not in answer


def test_an_old_resume_request_is_refused(running, laptop_client, monkeypatch):
    request = _request(running)
    later = time.time() + answers.RESUME_MAX_AGE + 5
    monkeypatch.setattr(signing.time, "time", lambda: later)
    response = _post(laptop_client, RESUME, request)
    assert (response.status_code, response.json()["message"]) == (
        403,
        "Die Anfrage ist älter als eine Stunde: geht die Uhr des Laptops richtig?",
    )


def test_an_ended_checkout_is_not_resumed(running, staff, laptop_client):
    venue_checkout_checkin(checkout=running, by=staff["director"], reason="Leitung stand nie")
    response = _post(laptop_client, RESUME, _request(running))
    assert (response.status_code, response.json()["message"]) == (
        409,
        "Dieser Checkout ist bereits beendet (eingecheckt): Es gibt nichts fortzusetzen.",
    )


def test_resume_is_post_only_and_not_on_the_laptop(running, laptop_client, settings):
    assert laptop_client.get(RESUME).status_code == 405
    settings.VENUE_MODE = True
    assert _post(laptop_client, RESUME, _request(running)).status_code == 404
