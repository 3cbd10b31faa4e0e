"""The official result sheets per table and round (Klub 10.2.1, 10.2, 10.4; SPEC §6)."""

import re

import pytest
from django.urls import reverse

from tests.support.builders import (
    add_staff,
    make_house_tournament,
    make_players,
    make_released_round,
    make_user,
    register_players,
)
from tournaments.enums import GlobalRole, StaffRole, WarningGround, WarningKind
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(director, players):
    desk = make_user("orga-druck")
    t, rnd = make_released_round(director=director, players=players, count=8, seed=3, desk=[desk])
    return {"t": t, "round": rnd, "desk": desk}


def url(t, number=1, **query):
    base = reverse("director:result_sheets", args=[t.pk, number])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def sheets(html: str) -> list[str]:
    return re.findall(r'<article class="result-sheet".*?</article>', html, flags=re.S)


def test_one_sheet_per_table_with_names_seats_rows_and_signatures(client, world):
    client.force_login(world["desk"])
    response = client.get(url(world["t"]))
    assert response.status_code == 200
    html = response.content.decode()
    pages = sheets(html)
    assert len(pages) == 2
    first = pages[0]
    seats = list(world["round"].seats.filter(table__number=1).select_related("player"))
    for seat in seats:
        assert f'<span class="seat-letter">{seat.letter}</span> {seat.player.full_name}' in first
        assert f'<th scope="row">{seat.letter} {seat.player.full_name}</th>' in first  # signs
    rows = re.findall(r'<tr><th scope="row">(\d)</th><td>([A-D])</td>', first)
    assert rows == [("1", "A"), ("2", "B"), ("3", "C"), ("4", "D")]  # Klub 9.1: who starts
    assert "Kontrollsumme" in first
    assert first.count('class="signature-line"') == 4
    assert "Nur diese Listen der Turnierleitung sind gültig (Klub 10.2.1)." in html


def test_one_table_only(client, world, director):
    client.force_login(director)
    pages = sheets(client.get(url(world["t"], tisch=2)).content.decode())
    assert len(pages) == 1
    assert 'id="sheet-2"' in pages[0]


def test_three_player_table_sheet(client, director):
    t = make_house_tournament(director=director)
    register_players(t, make_players(9), count=9)
    round_services.round_pair_next(tournament=t, user=director, seed=2)
    client.force_login(director)
    pages = sheets(client.get(url(t)).content.decode())
    assert len(pages) == 3
    assert all(p.count('class="signature-line"') == 3 for p in pages)
    assert re.findall(r'<tr><th scope="row">(\d)</th><td>([A-D])</td>', pages[0]) == [
        ("1", "A"),
        ("2", "B"),
        ("3", "C"),
    ]


def test_only_desk_and_director_of_this_tournament(client, world, other_director, referee):
    for user in (other_director, referee, make_user("neugierig")):
        client.force_login(user)
        response = client.get(url(world["t"]))
        assert response.status_code == 403
        assert "Nur Orgatisch und Turnierleitung dieses Turniers." in response.content.decode()
    client.logout()
    assert client.get(url(world["t"])).status_code == 302
    client.force_login(world["desk"])
    assert client.get(url(world["t"], number=9)).status_code == 404


def test_a_player_out_mid_round_is_printed_as_not_played(client, world):
    """SPEC §7: after a red card in game 3 the sheet shows that seat's games 3 and 4 as not
    played, so the table writes them as 3-player games."""
    referee = make_user("schiri-druck", role=GlobalRole.REFEREE)
    add_staff(world["t"], referee, StaffRole.REFEREE)
    seat = world["round"].seats.get(table__number=1, letter="B")
    referees_services.warning_give(
        tournament=world["t"],
        player=seat.player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
        rnd=world["round"],
        game_number=3,
    )
    client.force_login(world["desk"])
    first = sheets(client.get(url(world["t"], tisch=1)).content.decode())[0]
    rows = re.findall(r'<tr><th scope="row">(\d)</th><td>[A-D]</td>(.*?)</tr>', first)
    assert [(game, cells.count("nicht gespielt")) for game, cells in rows] == [
        ("1", 0),
        ("2", 0),
        ("3", 1),
        ("4", 1),
    ]


def test_a_table_of_three_left_with_one_is_printed_as_not_played(client, director, players):
    """Klub 4.5.1, SPEC §7: at a table of three, B's red card in game 2 leaves a 2-player game;
    C's withdrawal from game 3 leaves A alone, so game 3 is not played by anyone."""
    t = make_house_tournament(director=director, has_final=False)
    register_players(t, players, count=6, user=director)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=5)
    rnd = round_services.round_release(rnd=rnd, user=director)
    referee = make_user("schiri-druck", role=GlobalRole.REFEREE)
    add_staff(t, referee, StaffRole.REFEREE)
    b, c = (rnd.seats.get(table__number=1, letter=x) for x in "BC")
    referees_services.warning_give(
        tournament=t, player=b.player, kind=WarningKind.RED, ground=WarningGround.UNSPORTING,
        user=referee, rnd=rnd, game_number=2,
    )  # fmt: skip
    registration_services.registration_update(
        registration=c.player.registrations.get(tournament=t),
        withdrawn=True,
        from_game=3,
        user=director,
    )
    client.force_login(director)
    first = sheets(client.get(url(t, tisch=1)).content.decode())[0]
    rows = re.findall(r'<tr><th scope="row">(\d)</th><td>[A-D]</td>(.*?)</tr>', first)
    assert [(game, cells.count("nicht gespielt")) for game, cells in rows] == [
        ("1", 0),
        ("2", 1),
        ("3", 3),
    ]
