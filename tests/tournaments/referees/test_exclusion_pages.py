"""A red card as the director, the desk and the round pages show it (Klub 4, SPEC §7)."""

from __future__ import annotations

from django.urls import reverse

from tests.support.builders import play_round
from tournaments.enums import WarningKind
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services


def test_director_sees_exclusion_forfeit_and_what_the_next_round_needs(client, w):
    play_round(w.rnd, director=w.users["director"], desk=w.users["desk"])
    carded = w.seated(1, "A")
    w.give(carded, WarningKind.RED, rnd=w.rnd)
    client.force_login(w.users["director"])

    html = client.get(reverse("director:tournament_detail", args=[w.t.pk])).content.decode()

    assert carded.full_name in html
    assert "Preisgeld verfällt" in html
    assert (
        "1 Spieler ist ausgeschlossen (Rote Karte) und wird nicht gesetzt. 7 Spieler: es werden "
        "genau 1 Ersatzspieler gebraucht (Klub 6.1), eingecheckt sind 0."
    ) in html
    assert reverse("director:staff", args=[w.t.pk]) in html
    registration = client.get(reverse("director:registration", args=[w.t.pk])).content.decode()
    assert "ausgeschlossen (Rote Karte)" in registration


def test_desk_board_marks_the_excluded_player(client, w):
    carded = w.seated(2, "B")
    w.give(carded, WarningKind.RED)
    client.force_login(w.users["desk"])

    response = client.get(reverse("director:desk_board", args=[w.t.pk, 1]))

    html = response.content.decode()
    assert "Ausgeschlossen (Rote Karte):" in html and carded.full_name in html
    assert f'B {carded.last_name} <span class="badge badge-bad">ausgeschlossen</span>' in html


def test_next_round_page_names_the_excluded_player_left_out(client, w, players):
    director = w.users["director"]
    play_round(w.rnd, director=director, desk=w.users["desk"])
    carded = w.seated(1, "A")
    w.give(carded, WarningKind.RED)
    reserve = registration_services.registration_add(
        tournament=w.t, player=players[30], reserve=True, user=director
    )
    registration_services.registration_update(registration=reserve, checked_in=True)
    round_services.round_pair_next(tournament=w.t, user=director, seed=5)
    client.force_login(director)

    round2 = client.get(reverse("director:round_detail", args=[w.t.pk, 2])).content.decode()
    round1 = client.get(reverse("director:round_detail", args=[w.t.pk, 1])).content.decode()

    assert "Ausgeschlossen (Rote Karte), nicht gesetzt:</strong> " + carded.full_name in round2
    assert "Rote Karte nach der Auslosung dieser Runde" in round1
