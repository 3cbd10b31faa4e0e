"""Bad input to the director URLs: 404 for bad ids, a German message for garbage, never 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.builders import make_tournament
from tests.support.reading import director_snapshot as snapshot
from tests.support.reading import flashed
from tournaments.registration import services as registration_services

# --- Bad URL input: 404, never 500 ----------------------------------------------------------

HUGE = 99999999999999999999


@pytest.mark.parametrize("role", ["director", "admin"])
def test_bad_url_input_is_404(client, director_world, role):
    client.force_login(director_world["users"][role])
    t, foreign_reg = director_world["t"], None
    other = make_tournament(director=director_world["users"]["admin"], name="Drittes Turnier")
    foreign_reg = registration_services.registration_add(
        tournament=other, player=director_world["free_player"], reserve=False, user=None
    )
    before = snapshot()

    gets = [
        reverse("director:tournament_detail", args=[999999]),
        reverse("director:tournament_detail", args=[HUGE]),
        reverse("director:tournament_edit", args=[999999]),
        reverse("director:registration", args=[999999]),
        reverse("director:registration_search", args=[HUGE]),
        reverse("director:round_detail", args=[t.pk, 2]),
        reverse("director:round_detail", args=[t.pk, 0]),
        reverse("director:round_detail", args=[t.pk, HUGE]),
        reverse("director:round_detail", args=[999999, 1]),
        reverse("pairing_by_table", args=[t.pk, 7]),
        reverse("pairing_by_name", args=[HUGE, 1]),
        reverse("table_cards", args=[999999, 1]),
        reverse("tournament_public", args=[HUGE]),
        "/leitung/turniere/abc/",
        "/leitung/turniere/-1/",
    ]
    if role == "admin":
        gets.append(reverse("director:player_edit", args=[999999]))
        gets.append(reverse("director:player_edit", args=[HUGE]))
    for url in gets:
        response = client.get(url)
        assert response.status_code == 404, url
        assert "Seite nicht gefunden" in response.content.decode(), url

    posts = [
        reverse("director:registration_change", args=[t.pk, foreign_reg.pk]),
        reverse("director:registration_change", args=[t.pk, HUGE]),
        reverse("director:registration_add", args=[999999]),
        reverse("director:round_swap", args=[t.pk, 2]),
        reverse("director:round_move", args=[t.pk, HUGE]),
        reverse("director:round_pin", args=[999999, 1]),
        reverse("director:round_release", args=[t.pk, 3]),
        reverse("director:round_pair", args=[HUGE]),
        reverse("director:tournament_open_registration", args=[999999]),
    ]
    for url in posts:
        response = client.post(url, {"action": "withdraw", "player": director_world["a"]})
        assert response.status_code == 404, url
    assert snapshot() == before


# --- Garbage POSTs: a German message, no change, no 500 --------------------------------------


def garbage_cases(w):
    t, a = w["t"], w["a"]
    swap = reverse("director:round_swap", args=[t.pk, 1])
    move = reverse("director:round_move", args=[t.pk, 1])
    pin = reverse("director:round_pin", args=[t.pk, 1])
    add = reverse("director:registration_add", args=[t.pk])
    change = reverse("director:registration_change", args=[t.pk, w["reg"].pk])
    pick = "Bitte einen Spieler aus der Suche auswählen."
    two = "Bitte zwei Spieler dieser Runde auswählen."
    where = "Bitte Spieler, Tisch und Position angeben."
    pin_msg = "Bitte einen Spieler und eine gültige Tischnummer angeben."
    outsider = w["free_player"]
    return [
        (add, {"player": "abc"}, pick),
        (add, {"player": ""}, pick),
        (add, {}, pick),
        (add, {"player": "-5"}, pick),
        (add, {"player": "²"}, pick),
        (add, {"player": str(HUGE)}, pick),
        (add, {"player": "999999"}, pick),
        (change, {"action": "explode"}, "Unbekannte Aktion."),
        (change, {}, "Unbekannte Aktion."),
        (swap, {"player_a": "abc", "player_b": a}, two),
        (swap, {"player_a": a}, two),
        (swap, {"player_a": "999999", "player_b": a}, two),
        (swap, {"player_a": str(HUGE), "player_b": a}, two),
        (
            swap,
            {"player_a": a, "player_b": outsider.pk},
            "Beide Spieler müssen in dieser Runde sitzen und verschieden sein.",
        ),
        (
            swap,
            {"player_a": a, "player_b": a},
            "Beide Spieler müssen in dieser Runde sitzen und verschieden sein.",
        ),
        (move, {"player": "abc", "table": 1, "letter": "A"}, where),
        (move, {"player": a, "table": -1, "letter": "A"}, where),
        (move, {"player": a, "table": 0, "letter": "A"}, where),
        (move, {"player": a, "table": "x", "letter": "A"}, where),
        (move, {"player": a, "table": 1, "letter": "Z"}, where),
        (move, {"player": a, "table": 1, "letter": "AB"}, where),
        (
            move,
            {"player": a, "table": 99, "letter": "A"},
            "Tisch 99 gibt es in dieser Runde nicht.",
        ),
        (
            move,
            {"player": a, "table": str(HUGE), "letter": "A"},
            f"Tisch {HUGE} gibt es in dieser Runde nicht.",
        ),
        (
            move,
            {"player": outsider.pk, "table": 1, "letter": "A"},
            f"{outsider.full_name} sitzt in dieser Runde nicht.",
        ),
        (pin, {"player": "abc", "table": 1}, pin_msg),
        (pin, {"player": a, "table": -1}, pin_msg),
        (pin, {"player": a, "table": "eins"}, pin_msg),
        (pin, {"player": a, "table": str(HUGE)}, pin_msg),
        (pin, {"player": a, "table": 1, "reason": "x" * 201}, pin_msg),
    ]


def test_garbage_posts_give_german_message_and_change_nothing(client, director_world, director):
    client.force_login(director)
    before = snapshot()

    for url, data, message in garbage_cases(director_world):
        response = client.post(url, data)
        assert response.status_code == 302, (url, data)
        assert flashed(response) == [message], (url, data)
        assert snapshot() == before, (url, data)
        assert client.get(response.url).status_code == 200  # shows and clears the message


def test_garbage_post_htmx_renders_message_in_fragment(client, director_world, director):
    client.force_login(director)
    t = director_world["t"]

    response = client.post(
        reverse("director:round_move", args=[t.pk, 1]),
        {"player": director_world["a"], "table": -1, "letter": "Z"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Bitte Spieler, Tisch und Position angeben." in response.content.decode()

    response = client.post(
        reverse("director:registration_change", args=[t.pk, director_world["reg"].pk]),
        {"action": "nonsense"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Unbekannte Aktion." in response.content.decode()
