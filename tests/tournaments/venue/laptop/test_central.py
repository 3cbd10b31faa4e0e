"""Issue 29.2 and 29.4 on the laptop: the registry's changes of an accepted upload's answer are
taken at once (the public pages follow); resuming from the central copy replaces the laptop's
copy and the numbering goes on after the central server's last applied upload; erasing says
what is true."""

from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments.common import events
from tournaments.models import (
    Player,
    PublicChange,
    Registration,
    Round,
    StaffChange,
    Tournament,
    TournamentStaff,
    VenueCheckout,
    VenuePerson,
    VenueSyncState,
)
from tournaments.venue import answers
from tournaments.venue.laptop import central, selectors, uploader
from tournaments.venue.signing import sign_message, verify_document


class Line:
    """The central server's answers in turn; every envelope kept."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.sent: list[str] = []

    def __call__(self, url, envelope):
        self.sent.append(envelope)
        return self.answers.pop(0)


def _registry(state, players: dict, *, key: str | None = None) -> str:
    checkout = state.checkout
    return sign_message(
        kind=answers.REGISTRY,
        checkout_uuid=checkout.uuid,
        key=key or checkout.key,
        content={"players": players},
    )


def _player(state) -> Player:
    tournament = state.checkout.tournament
    return Registration.objects.filter(tournament=tournament).order_by("pk").first().player


def _standings(client, state) -> str:
    url = reverse("standings", args=[state.checkout.tournament_id])
    return client.get(url).content.decode()


def test_a_consent_withdrawn_centrally_shows_on_the_public_pages_after_the_upload(
    client, laptop, django_capture_on_commit_callbacks
):
    player = _player(laptop)
    full, short = (
        f"{player.last_name}, {player.first_name}",
        player.public_name_of(player.first_name, player.last_name, False),
    )
    assert full in _standings(client, laptop)  # and now in the cache
    generation = events.public_generation(laptop.checkout.tournament_id)

    changes = {str(player.uuid): {"publish_name": False, "club": "Neuer Verein"}}
    line = Line(("applied", "", _registry(laptop, changes)))
    with django_capture_on_commit_callbacks(execute=True):  # as on commit
        assert uploader.sync_once(post=line) == "applied"

    player.refresh_from_db()
    assert (player.publish_name, player.club) == (False, "Neuer Verein")
    assert events.public_generation(laptop.checkout.tournament_id) > generation
    page = _standings(client, laptop)
    assert full not in page
    assert short in page
    api = client.get(f"/api/v1/tournaments/{laptop.checkout.tournament_id}/standings/")
    assert api.status_code == 200
    assert full not in api.content.decode()
    assert short in api.content.decode()


def test_the_already_applied_answer_is_taken_too_and_twice_is_no_change(laptop):
    player = _player(laptop)
    changes = {str(player.uuid): {"last_name": "Neuname"}}
    line = Line(("unchanged", "", _registry(laptop, changes)))
    assert uploader.sync_once(post=line) == "unchanged"
    player.refresh_from_db()
    assert player.last_name == "Neuname"
    before = PublicChange.objects.count()
    assert central.registry_answer_take(state=laptop, signed=_registry(laptop, changes)) == 0
    assert PublicChange.objects.count() == before


def test_an_answer_not_signed_with_the_checkouts_key_is_not_taken(laptop):
    player = _player(laptop)
    forged = _registry(laptop, {str(player.uuid): {"publish_name": False}}, key="fremd")
    assert uploader.sync_once(post=Line(("applied", "", forged))) == "applied"
    player.refresh_from_db()
    assert player.publish_name is True
    with pytest.raises(ValidationError) as refused:
        central.registry_answer_take(state=laptop, signed=forged)
    assert refused.value.messages == [
        "Die Antwort des zentralen Servers passt nicht zum Schlüssel dieses Checkouts: nichts "
        "übernommen."
    ]


def test_a_refused_upload_takes_nothing_and_only_followed_valid_fields_are_taken(laptop):
    player = _player(laptop)
    number = player.federation_number
    changes = {str(player.uuid): {"publish_name": False}}
    assert uploader.sync_once(post=Line(("stale", "alt", _registry(laptop, changes)))) == "stale"
    player.refresh_from_db()
    assert player.publish_name is True

    other = Registration.objects.exclude(player=player).order_by("pk").first().player
    odd = {
        str(player.uuid): {"federation_number": "DRV-99999", "city": "Neustadt"},
        str(other.uuid): {"birth_year": 1800, "club": "Nie"},  # breaks the registry's rules
        "kein-uuid": {"club": "x"},
    }
    assert central.registry_answer_take(state=laptop, signed=_registry(laptop, odd)) == 1
    player.refresh_from_db()
    other.refresh_from_db()
    assert (player.federation_number, player.city) == (number, "Neustadt")
    assert other.club != "Nie"


# --- resuming from the central copy ----------------------------------------------------------


def _central(central_sequence: int):
    """The central server's resume endpoint, in this process (the checkout row is shared)."""

    def post(url, request):
        VenueCheckout.objects.update(last_sequence=central_sequence)
        return 200, {"outcome": "resume", "state": answers.venue_resume_answer(raw=request)}

    return post


def _stale(laptop):
    uploader.sync_once(post=Line(("stale", "Älter als der letzte Upload (7)")))
    state = VenueSyncState.objects.get(pk=laptop.pk)
    assert selectors.central_is_newer(state)
    return state


def test_resume_after_a_stale_upload_carries_on_after_the_central_number(client, laptop):
    _stale(laptop)
    client.force_login(laptop.director)
    director_roles = set(
        TournamentStaff.objects.filter(user=laptop.director).values_list("tournament__uuid", "role")
    )
    staff_log = StaffChange.objects.count()
    changes_before = PublicChange.objects.count()
    backups = sorted(selectors.backup_dir().glob("*.json"))
    rounds = Round.objects.filter(tournament=laptop.checkout.tournament).count()

    resumed = central.resume(post=_central(7))

    assert (resumed.sequence, resumed.outcome, resumed.central_url) == (
        7,
        "",
        "https://zentral.example",
    )
    assert VenueSyncState.objects.count() == 1
    checkout = VenueCheckout.objects.get()
    assert (checkout.uuid, checkout.key, checkout.last_sequence) == (
        laptop.checkout.uuid,
        laptop.checkout.key,
        7,
    )
    assert Round.objects.filter(tournament=checkout.tournament).count() == rounds
    # the logins, their roles and their log, the sessions, the backups stay
    assert (
        set(
            TournamentStaff.objects.filter(user=laptop.director).values_list(
                "tournament__uuid", "role"
            )
        )
        == director_roles
    )
    assert StaffChange.objects.count() == staff_log
    page = client.get(reverse("director:tournament_detail", args=[checkout.tournament_id]))
    assert page.status_code == 200
    assert sorted(selectors.backup_dir().glob("*.json")) == backups
    # the public pages' versions only grow: no page cached before is served again
    assert PublicChange.objects.count() > changes_before

    line = Line(("applied", ""))
    assert uploader.sync_once(post=line) == "applied"
    [envelope] = line.sent
    document = verify_document(raw=envelope, checkout_uuid=checkout.uuid, key=checkout.key)
    assert document["sequence"] == 8


def test_resume_keeps_the_helpers_added_on_the_laptop(laptop):
    """A helper's uploads must keep naming them as a helper after a resume (issue 29.1/29.4):
    without the row the next upload would name the log-in alone, as if a central account."""
    from tournaments.venue.laptop.staff_services import venue_helper_add

    helper = venue_helper_add(
        tournament=laptop.checkout.tournament,
        name="Hanna Helfer",
        role="desk",
        password="482913",
        by=laptop.director,
    )
    _stale(laptop)
    central.resume(post=_central(7))
    kept = VenuePerson.objects.get()
    assert (kept.uuid, kept.name, kept.role, kept.username, kept.user_id) == (
        helper.uuid,
        "Hanna Helfer",
        "desk",
        helper.username,
        helper.user_id,
    )
    assert kept.checkout.uuid == laptop.checkout.uuid
    line = Line(("applied", ""))
    uploader.sync_once(post=line)
    checkout = VenueCheckout.objects.get()
    [envelope] = line.sent
    document = verify_document(raw=envelope, checkout_uuid=checkout.uuid, key=checkout.key)
    assert [p["username"] for p in document["venue_persons"]] == [helper.username]


def test_resume_is_refused_while_the_laptop_holds_changes_not_received(laptop):
    uploader.sync_once(post=Line(("unreachable", "keine Leitung")))
    with pytest.raises(ValidationError) as refused:
        central.resume(post=_central(7))
    [message] = refused.value.messages
    assert message.startswith(
        "Dieser Laptop hat Änderungen, die der zentrale Server noch nicht erhalten hat "
        "(Keine Verbindung seit "
    )
    assert Tournament.objects.filter(pk=laptop.checkout.tournament_id).exists()
    assert VenueCheckout.objects.get().last_sequence == 0


def test_a_central_refusal_or_a_forged_copy_changes_nothing(laptop):
    _stale(laptop)
    tournament_id = laptop.checkout.tournament_id
    with pytest.raises(ValidationError) as refused:
        central.resume(post=lambda url, request: (409, {"message": "beendet"}))
    assert refused.value.messages == ["Der zentrale Server lehnte ab (HTTP 409): beendet"]

    def forged(url, request):
        state = answers.venue_resume_answer(raw=request)
        other = laptop.checkout
        text = sign_message(
            kind=answers.RESUME_STATE, checkout_uuid=other.uuid, key="fremd", content={}
        )
        assert state != text
        return 200, {"state": text}

    with pytest.raises(ValidationError) as refused:
        central.resume(post=forged)
    assert refused.value.messages == [str(central.ANSWER_ALTERED)]
    assert Tournament.objects.filter(pk=tournament_id).exists()
    assert VenueSyncState.objects.get().outcome == "stale"


def test_the_button_shows_when_the_central_copy_is_newer_and_resumes(client, laptop, monkeypatch):
    client.force_login(laptop.director)
    url = reverse("director:venue_laptop_resume", args=[laptop.checkout.tournament_id])
    status = reverse("director:venue_laptop_status", args=[laptop.checkout.tournament_id])
    assert url not in client.get(status).content.decode()
    _stale(laptop)
    assert f'action="{url}"' in client.get(status).content.decode()

    monkeypatch.setattr(central, "post_resume", _central(3))
    answer = client.post(url, follow=True)
    assert [str(m) for m in answer.context["messages"]] == [
        "Vom zentralen Server fortgesetzt bei Upload Nummer 3: der Tag geht weiter."
    ]
    assert VenueSyncState.objects.get().sequence == 3


# --- erasing says what is true -----------------------------------------------------------------


def _erase() -> str:
    with pytest.raises(CommandError) as refused:
        call_command("venue_erase", "--yes", stdout=StringIO())
    return str(refused.value)


def test_erase_says_the_central_server_is_newer_after_a_stale_refusal(laptop, monkeypatch):
    monkeypatch.setattr(
        uploader, "post_envelope", lambda url, envelope: ("stale", "Älter als der letzte Upload")
    )
    assert _erase() == (
        "Der zentrale Server hat eine neuere Kopie als dieser Laptop (abgelehnt: älter als der "
        "letzte Upload); dort fehlt nur, was hier seit der Sicherung dieses Laptops eingegeben "
        "wurde. Um am Spielort weiterzumachen, vom zentralen Server fortsetzen statt zu löschen. "
        "Not erased (to carry on from the central copy: venue_resume; to erase anyway: --force)."
    )
    assert Tournament.objects.filter(pk=laptop.checkout.tournament_id).exists()


def test_erase_says_the_central_server_lacks_changes_without_a_line(laptop, monkeypatch):
    monkeypatch.setattr(uploader, "post_envelope", lambda url, envelope: ("unreachable", "x"))
    message = _erase()
    assert message.startswith(
        "Dem zentralen Server fehlen Änderungen dieses Laptops (Keine Verbindung seit "
    )
    assert message.endswith("): bitte erst hochladen. Not erased (to erase anyway: --force).")
    assert Tournament.objects.filter(pk=laptop.checkout.tournament_id).exists()


def test_the_erase_page_says_the_central_server_is_newer(client, laptop):
    _stale(laptop)
    client.force_login(laptop.director)
    url = reverse("director:venue_laptop_erase", args=[laptop.checkout.tournament_id])
    page = client.post(url, {"confirm": "yes"})
    assert page.context["error"].startswith(
        "Der zentrale Server hat eine neuere Kopie als dieser Laptop (abgelehnt: älter als "
    )
    assert Tournament.objects.filter(pk=laptop.checkout.tournament_id).exists()
