"""The pairing of a round that was drawn when the tournament went to the venue may still
change there (a swap before release); once released it never changes (issue 18)."""

import copy

from tests.support.builders import play_round, play_tournament
from tests.tournaments.venue.conftest import (
    at_venue,
    checkout_make,
    doc_diff,
    document_of,
    envelope,
)
from tournaments.models import PairingChange, Seat, UploadOutcome
from tournaments.rounds import services as round_services
from tournaments.venue.apply import venue_upload_receive


def _seating(rnd) -> set:
    return set(Seat.objects.filter(round=rnd).values_list("table__number", "letter", "player"))


def test_a_swap_at_the_venue_in_a_round_drawn_before_the_checkout_arrives(staff, players):
    t = play_tournament(director=staff["director"], desk=staff["desk"], players=players, rounds=1)
    rnd = round_services.round_pair_next(tournament=t, user=staff["director"], seed=3)
    running = checkout_make(t, user=staff["director"])
    drawn = _seating(rnd)

    def day():
        heads = Seat.objects.filter(round=rnd, table__number__in=[1, 2], letter="A")
        a, b = (s.player for s in heads.order_by("table__number"))
        round_services.round_swap_players(rnd=rnd, player_a=a, player_b=b, user=staff["director"])
        play_round(rnd, director=staff["director"], desk=staff["desk"])

    doc = at_venue(running, day, sequence=1)
    assert _seating(rnd) == drawn
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    swapped = _seating(rnd)
    assert swapped != drawn and len(swapped) == 8
    assert PairingChange.objects.filter(round=rnd, action="swap").count() == 1
    assert doc_diff(document_of(running, 1), doc) == []


def test_a_released_pairing_never_changes(running, staff):
    doc = document_of(running, 1)
    moved = copy.deepcopy(doc)
    tables = moved["tournaments"][0]["rounds"][0]["tables"]
    first, second = tables[0]["seats"][0], tables[1]["seats"][0]
    first["player"], second["player"] = second["player"], first["player"]
    upload = venue_upload_receive(raw=envelope(running, moved))
    assert (upload.outcome, upload.message) == (
        UploadOutcome.INVALID,
        "Runde 1: die Paarung ist freigegeben und kann sich nicht mehr ändern.",
    )
