"""The round pages: pairing, overrides, release and pins through the director's views."""

from __future__ import annotations

from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.builders import (
    make_tournament,
    play_round,
    register_players,
)
from tests.support.reading import flashed, player_at, seat_of
from tournaments.models import (
    PairingChange,
    Round,
    TablePin,
)
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services

RELEASED = "Die Paarung ist freigegeben und kann nicht mehr geändert werden."


def test_swap_view_repeat_is_a_warning_message(round_two, director, client, repeat_swap):
    first, second = round_two
    x, y, _z = repeat_swap(first, second)
    client.force_login(director)

    response = client.post(
        reverse("director:round_swap", args=[second.tournament_id, 2]),
        {"player_a": x, "player_b": y},
    )

    assert response.status_code == 302
    [message] = list(get_messages(response.wsgi_request))
    assert message.level_tag == "warning"
    assert "Achtung, erneute Begegnung mit:" in message.message
    assert PairingChange.objects.get(round=second).created_repeat is True


def test_round_two_page_without_overrides_shows_no_warning(round_two, director, client):
    _first, second = round_two
    client.force_login(director)

    response = client.get(reverse("director:round_detail", args=[second.tournament_id, 2]))

    assert response.context["report"].repeated_pairs == 0
    assert "Diese Spieler treffen erneut aufeinander:" not in response.content.decode()
    assert "Keine Änderungen an der Auslosung." in response.content.decode()


def test_release_view_hides_edit_forms(round_one, director, client):
    client.force_login(director)
    pk = round_one.tournament_id

    response = client.post(reverse("director:round_release", args=[pk, 1]))
    assert flashed(response) == ["Runde 1 ist freigegeben und öffentlich sichtbar."]

    page = client.get(reverse("director:round_detail", args=[pk, 1]))
    html = page.content.decode()
    assert page.context["editable"] is False
    assert "Zwei Spieler tauschen" not in html
    assert "Paarung freigeben" not in html

    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "A")
    response = client.post(
        reverse("director:round_swap", args=[pk, 1]), {"player_a": a.pk, "player_b": b.pk}
    )
    assert flashed(response) == [RELEASED]
    assert seat_of(round_one, a) == (1, "A")


# --- Override views ------------------------------------------------------------------------


def test_swap_view_success(round_one, director, client):
    client.force_login(director)
    a, b = player_at(round_one, 1, "B"), player_at(round_one, 3, "D")

    response = client.post(
        reverse("director:round_swap", args=[round_one.tournament_id, 1]),
        {"player_a": a.pk, "player_b": b.pk},
    )

    assert response.status_code == 302
    assert response.url == reverse("director:round_detail", args=[round_one.tournament_id, 1])
    assert flashed(response) == [
        f"Getauscht: {a.full_name} (jetzt Tisch 3 D) und {b.full_name} (jetzt Tisch 1 B)."
    ]
    assert PairingChange.objects.get().user == director


def test_move_view_htmx_renders_editor_with_message(house_tournament, players, director, client):
    register_players(house_tournament, players, count=13)
    rnd = round_services.round_pair_next(tournament=house_tournament, user=director, seed=8)
    mover = player_at(rnd, 1, "C")
    client.force_login(director)

    response = client.post(
        reverse("director:round_move", args=[house_tournament.pk, 1]),
        {"player": mover.pk, "table": 4, "letter": "D"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="round-editor",
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="round-editor">')
    assert f"Verschoben: {mover.full_name} von Tisch 1 nach Tisch 4 D." in html
    assert seat_of(rnd, mover) == (4, "D")


def test_pin_view_sets_and_removes_pin(round_one, players, director, client):
    client.force_login(director)
    url = reverse("director:round_pin", args=[round_one.tournament_id, 1])
    player = player_at(round_one, 1, "A")

    response = client.post(url, {"player": player.pk, "table": 2, "reason": "Hörgerät"})
    assert flashed(response) == [
        f"{player.full_name} ist ab der nächsten Auslosung an Tisch 2 gebunden."
    ]
    pin = TablePin.objects.get()
    assert (pin.player, pin.table_number, pin.reason, pin.created_by) == (
        player,
        2,
        "Hörgerät",
        director,
    )
    page = client.get(reverse("director:round_detail", args=[round_one.tournament_id, 1]))
    assert "gebunden an Tisch 2" in page.content.decode()

    response = client.post(url, {"player": player.pk, "table": ""})
    assert flashed(response) == [f"Tischbindung von {player.full_name} aufgehoben."]
    assert TablePin.objects.count() == 0


def test_pair_view_redirects_to_round(open_tournament, players, director, client):
    register_players(open_tournament, players, count=8)
    client.force_login(director)

    response = client.post(reverse("director:round_pair", args=[open_tournament.pk]))

    rnd = Round.objects.get()
    assert response.url == reverse("director:round_detail", args=[open_tournament.pk, 1])
    assert flashed(response) == [f"Runde 1 ist ausgelost (Startwert {rnd.seed})."]
    assert rnd.created_by == director


# --- Query counts --------------------------------------------------------------------------


def test_round_page_query_count_does_not_grow(director, players, client):
    client.force_login(director)

    def queries_for(count, reserves):
        t = make_tournament(director=director, name=f"Turnier {count}")
        registration_services.tournament_open_registration(tournament=t)
        register_players(t, players, count=count, reserves=reserves)
        rnd = round_services.round_pair_next(tournament=t, user=director, seed=1)
        a, b = player_at(rnd, 1, "A"), player_at(rnd, 2, "B")
        round_services.round_swap_players(rnd=rnd, player_a=a, player_b=b, user=director)
        round_services.pin_set(tournament=t, player=a, table_number=2, reason="", user=director)
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse("director:round_detail", args=[t.pk, 1]))
        assert response.status_code == 200
        assert len(response.context["seated"]) == count + reserves
        return len(ctx.captured_queries)

    small, large = queries_for(7, 1), queries_for(37, 3)
    assert small == large
    assert large <= 15


def test_round_two_page_query_count_does_not_grow(director, desk_user, players, client):
    client.force_login(director)

    def queries_for(count):
        t = make_tournament(director=director, name=f"Turnier {count}")
        registration_services.tournament_open_registration(tournament=t)
        register_players(t, players, count=count)
        first = round_services.round_pair_next(tournament=t, user=director, seed=1)
        play_round(first, director=director, desk=desk_user)
        round_services.round_pair_next(tournament=t, user=director, seed=2)
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse("director:round_detail", args=[t.pk, 2]))
        assert response.status_code == 200
        assert response.context["ranked"] is True
        return len(ctx.captured_queries)

    small, large = queries_for(8), queries_for(40)
    assert small == large
    assert large <= 18


def test_pin_set_from_round_page_is_audited(round_one, players, director, client):
    client.force_login(director)
    player = player_at(round_one, 2, "B")
    url = reverse("director:round_pin", args=[round_one.tournament_id, round_one.number])
    client.post(url, {"player": player.pk, "table": 5, "reason": "Rollstuhl"})
    client.post(url, {"player": player.pk, "table": ""})
    assert [c.action for c in round_one.changes.order_by("at", "id")] == ["pin", "unpin"]
    pin_change, unpin_change = round_one.changes.order_by("at", "id")
    assert pin_change.user == director
    assert pin_change.description_text == (
        f"{player.full_name} an Tisch 5 gebunden (ab der nächsten Auslosung). Grund: Rollstuhl"
    )
    assert unpin_change.description_text == f"Tischbindung von {player.full_name} aufgehoben."
