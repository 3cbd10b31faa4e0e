"""The venue document (issue 18): what it carries and what never (acceptance 8), and that the
laptop's load of a package gives back the same document."""

import json
import re
import uuid

from django.test import override_settings

from tests.ranking.conftest import IN_TIME
from tests.support.builders import make_appeal, make_player_account, play_tournament
from tests.tournaments.venue.conftest import (
    MADE_AT,
    doc_diff,
    document_of,
    eventful_round,
)
from tournaments.models import Player, Registration, VenueCheckout
from tournaments.venue.apply import venue_document_load
from tournaments.venue.document import FORMAT_VERSION, document_digest


def test_the_document_carries_no_personal_extras_and_no_other_tournament(running, staff, players):
    """Acceptance 8: no e-mail, no password hash, no appeal, nothing of another tournament."""
    Player.objects.filter(pk__in=[p.pk for p in players]).update(email="geheim@example.org")
    other = play_tournament(
        director=staff["director"], desk=staff["desk"], players=players[4:], name="Vorjahr"
    )
    account = make_player_account("spieler-konto", players[4])
    make_appeal(user=account, tournament=other, player=players[4], now=IN_TIME,
                what_is_wrong="Einspruch-Text-4711")  # fmt: skip
    doc = document_of(running, 1)
    text = json.dumps(doc, ensure_ascii=False)
    for secret in ("geheim@example.org", "email", "password", "Einspruch-Text-4711", "Vorjahr"):
        assert secret not in text
    for user in (staff["director"], account):
        assert user.password not in text
    assert str(other.uuid) not in text
    registered = Registration.objects.filter(tournament=running.tournament)
    assert sorted(p["uuid"] for p in doc["players"]) == sorted(
        str(u) for u in registered.values_list("player__uuid", flat=True)
    )
    assert set(doc["players"][0]) == {
        "uuid", "erased", "federation_number", "is_guest", "first_name", "last_name", "club",
        "city", "birth_year", "publish_name",
    }  # fmt: skip
    assert [t["uuid"] for t in doc["tournaments"]] == [str(running.tournament.uuid)]
    assert [r["number"] for r in doc["tournaments"][0]["rounds"]] == [1]


def test_the_digest_ignores_the_time_it_was_made(running):
    first = document_of(running, 1)
    later = document_of(running, 1, made_at=MADE_AT.replace(hour=13))
    assert first["made_at"] != later["made_at"]
    assert document_digest(first) == document_digest(later)
    assert document_digest(first) != document_digest({**first, "sequence": 2})


UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _as_new(doc: dict) -> dict:
    """The same event under new identities (uuids, member numbers): a tournament this database
    has never seen, as a laptop's empty database sees the package."""
    fresh: dict[str, str] = {}
    text = UUID.sub(lambda m: fresh.setdefault(m.group(), str(uuid.uuid4())), json.dumps(doc))
    new = json.loads(text.replace('"DRV-', '"VEN-'))
    for t in new["tournaments"]:  # rows of a player in the document's order: by identity
        t["registrations"].sort(key=lambda r: r["player"])
        t["pins"].sort(key=lambda r: r["player"])
    return new


def test_a_loaded_package_gives_back_the_same_document(running, crew):
    """The laptop's load (`venue_document_load`) writes every row the document carries."""
    t = running.tournament
    with override_settings(VENUE_MODE=True):
        eventful_round(t, crew, publish=False)()
    source = _as_new(document_of(running, 5))
    package = {
        "format": FORMAT_VERSION,
        "checkout": source["checkout"],
        "key": "schluessel-" * 5,
        "central_url": "https://example.org",
        "document": source,
    }
    loaded = venue_document_load(package=package)
    assert loaded.pk != t.pk
    checkout = VenueCheckout.objects.get(uuid=source["checkout"])
    assert (checkout.tournament, checkout.key, checkout.last_sequence) == (
        loaded,
        package["key"],
        5,
    )
    assert checkout.last_digest == document_digest(source)
    assert set(checkout.players_base) == {p["uuid"] for p in source["players"]}
    again = document_of(checkout, 5)
    assert doc_diff(again, source) == []


def test_a_package_is_loaded_once_and_never_over_a_copy(running):
    import pytest
    from django.core.exceptions import ValidationError

    source = document_of(running, 1)
    package = {"format": FORMAT_VERSION, "checkout": str(uuid.uuid4()), "key": "k" * 40,
               "document": source}  # fmt: skip
    newer = (
        f"Dieser Upload stammt von einer neueren Version der Spielort-Software (Format "
        f"{FORMAT_VERSION + 1}; dieser Server liest {FORMAT_VERSION - 1} und {FORMAT_VERSION}). "
        "Bitte zuerst den zentralen Server aktualisieren."
    )
    count = VenueCheckout.objects.count()
    for bad, message in (
        ({"document": source}, "Das ist kein Paket des zentralen Servers für den Spielort."),
        ({**package, "format": FORMAT_VERSION + 1}, newer),
        (package, "Dieses Turnier ist schon auf diesem Rechner; bitte erst seine Kopie löschen."),
        ({**package, "checkout": str(running.uuid)}, "Dieses Paket ist hier schon geladen."),
    ):
        with pytest.raises(ValidationError) as error:
            venue_document_load(package=bad)
        assert error.value.messages == [message]
        assert VenueCheckout.objects.count() == count


def test_an_appeal_in_the_checked_out_tournament_stays_central(running, staff, players):
    """Acceptance 8: an appeal of this very tournament (the player's text, the account) is not
    in its document either (filed centrally once the venue's final upload finished the
    tournament, then a package downloaded again)."""
    from tournaments.enums import TournamentStatus
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=running.tournament_id).update(status=TournamentStatus.FINISHED)
    registered = Registration.objects.filter(tournament=running.tournament).first().player
    account = make_player_account("einspruch-konto", registered)
    make_appeal(user=account, tournament=running.tournament, player=registered, now=IN_TIME,
                what_is_wrong="Einspruch-im-Turnier-0815")  # fmt: skip
    text = json.dumps(document_of(running, 1), ensure_ascii=False)
    for secret in ("Einspruch-im-Turnier-0815", "einspruch-konto", account.password):
        assert secret not in text
