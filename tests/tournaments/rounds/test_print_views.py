"""Printable pairing lists and table cards (Klub 6.1, 7.2): visibility, names, seat plans."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.builders import (
    make_house_tournament,
    make_named_players,
    make_tournament,
    register_players,
)
from tournaments.models import Seat
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services

PRINT_VIEWS = ("pairing_by_table", "pairing_by_name", "table_cards")


@pytest.fixture
def named_players(db):
    """Eight players; Zora Quast does not want her name published."""
    return make_named_players(hidden=("Quast",))


@pytest.fixture
def drawn_round(tournament, named_players, director):
    registration_services.tournament_open_registration(tournament=tournament)
    register_players(tournament, named_players, count=7, reserves=1)
    return round_services.round_pair_next(tournament=tournament, user=director, seed=77)


@pytest.fixture
def released_round(drawn_round, director):
    return round_services.round_release(rnd=drawn_round, user=director)


def url(name, rnd):
    return reverse(name, args=[rnd.tournament_id, rnd.number])


def seats_of(rnd):
    return list(
        Seat.objects.filter(round=rnd)
        .select_related("player", "table")
        .order_by("table__number", "letter")
    )


def name_list(html: str) -> list[tuple[str, int, str]]:
    return [
        (name, int(table), letter)
        for name, table, letter in re.findall(
            r"<strong>([^<]+)</strong> — Tisch (\d+) ([A-D])", html
        )
    ]


# --- Visibility ----------------------------------------------------------------------------


@pytest.mark.parametrize("view", PRINT_VIEWS)
def test_unreleased_round_is_404_for_the_public(client, drawn_round, view, plain_user, referee):
    assert client.get(url(view, drawn_round)).status_code == 404
    for user in (plain_user, referee):
        client.force_login(user)
        assert client.get(url(view, drawn_round)).status_code == 404


@pytest.mark.parametrize("view", PRINT_VIEWS)
def test_unreleased_round_is_404_for_another_director(client, drawn_round, view, other_director):
    client.force_login(other_director)
    assert client.get(url(view, drawn_round)).status_code == 404


@pytest.mark.parametrize("view", PRINT_VIEWS)
def test_unreleased_round_is_visible_to_its_director_and_admin(
    client, drawn_round, view, director, admin_user
):
    for user in (director, admin_user):
        client.force_login(user)
        response = client.get(url(view, drawn_round))
        assert response.status_code == 200
        assert "Entwurf – noch nicht freigegeben, nur für die Turnierleitung sichtbar." in (
            response.content.decode()
        )


@pytest.mark.parametrize("view", PRINT_VIEWS)
def test_released_round_is_public(client, released_round, view):
    response = client.get(url(view, released_round))

    assert response.status_code == 200
    assert "Entwurf – noch nicht freigegeben" not in response.content.decode()


def test_public_tournament_page_lists_released_rounds_only(
    client, drawn_round, director, django_capture_on_commit_callbacks
):
    page = reverse("tournament_public", args=[drawn_round.tournament_id])
    link = url("pairing_by_name", drawn_round)
    assert link not in client.get(page).content.decode()

    with django_capture_on_commit_callbacks(execute=True):  # public pages move on after commit
        round_services.round_release(rnd=drawn_round, user=director)

    assert link in client.get(page).content.decode()


# --- Names ---------------------------------------------------------------------------------


def test_by_table_lists_every_seat(client, released_round):
    response = client.get(url("pairing_by_table", released_round))
    html = response.content.decode()

    rows = re.findall(
        r"<td>([A-D])</td><td>([^<]+?)(?: <span[^>]*>Ersatz</span>)?"
        r'<span class="club-mobile muted"><br>([^<]+)</span></td><td class="col-wide">\3</td>',
        html,
    )  # a phone shows the club under the name, a wider screen and paper in its own column
    expected = [(s.letter, s.player.public_name, s.player.club) for s in seats_of(released_round)]
    assert rows == expected
    assert [t["number"] for t in response.context["seating"]] == [1, 2]
    assert html.count(">Ersatz</span>") == 1


def test_by_table_names_the_table_on_every_row(client, released_round):
    """Issue #17.5: a printed row never depends on a table number printed above it."""
    html = client.get(url("pairing_by_table", released_round)).content.decode()

    rows = re.findall(
        r'<tr>\s*<th scope="row" class="num[^"]*">(\d+)</th>\s*<td>([A-D])</td>', html
    )

    assert rows == [(str(s.table.number), s.letter) for s in seats_of(released_round)]
    assert "rowspan" not in html


def test_by_name_lists_everyone_alphabetically(client, released_round, director):
    public = name_list(client.get(url("pairing_by_name", released_round)).content.decode())
    client.force_login(director)
    staff = name_list(client.get(url("pairing_by_name", released_round)).content.decode())

    by_player = {s.player.full_name: (s.table.number, s.letter) for s in seats_of(released_round)}
    assert staff == [(name, *by_player[name]) for name in sorted(by_player, key=str.lower)]
    assert len(public) == 8
    assert [name for name, *_ in public] == sorted((name for name, *_ in public), key=str.lower)
    assert ("Z. Q.", *by_player["Quast, Zora"]) in public


def test_hidden_name_shows_initials_on_public_pages(client, released_round, director):
    for view in PRINT_VIEWS:
        html = client.get(url(view, released_round)).content.decode()
        assert "Quast" not in html, view
        assert "Zora" not in html, view
        assert "Z. Q." in html, view
        assert "Adler, Anna" in html, view

    client.force_login(director)
    for view in PRINT_VIEWS:
        html = client.get(url(view, released_round)).content.decode()
        assert "Quast, Zora" in html, view
        assert "Z. Q." not in html, view


def test_by_name_search_highlights_only_what_is_shown(client, released_round, director):
    link = url("pairing_by_name", released_round)

    assert 'class="highlight"' in client.get(link, {"q": "adler"}).content.decode()
    # The public must not learn where a hidden player sits by searching his real name.
    assert 'class="highlight"' not in client.get(link, {"q": "quast"}).content.decode()

    client.force_login(director)
    html = client.get(link, {"q": "quast"}).content.decode()
    assert html.count('class="highlight"') == 1


# --- Table cards (Klub 7.2) ----------------------------------------------------------------

FOUR_PLAYER_PLAN = [  # game, starter, Süd, West, Nord, Ost
    ["A", "A", "B", "C", "D"],
    ["B", "A", "D", "C", "B"],
    ["C", "A", "D", "B", "C"],
    ["D", "A", "C", "B", "D"],
]


def plan_rows(card_html: str) -> list[list[str]]:
    """Seat plan rows of one card: starter letter then the letters per compass column."""
    plan = card_html.split("Sitzplan (Klub 7.2)")[1]
    rows = []
    for row in re.findall(r'<tr><th scope="row">\d</th>(.*?)</tr>', plan, flags=re.S):
        cells = re.findall(r"<td>(.*?)</td>", row, flags=re.S)
        rows.append([re.sub(r"<[^>]+>", "", cell).split()[0] for cell in cells])
    return rows


def plan_header(card_html: str) -> list[str]:
    plan = card_html.split("Sitzplan (Klub 7.2)")[1]
    head = re.search(r"<thead>(.*?)</thead>", plan, flags=re.S).group(1)
    return re.findall(r'<th scope="col">([^<]+)</th>', head)


def cards_html(html: str) -> list[str]:
    return re.findall(r'<article class="table-card".*?</article>', html, flags=re.S)


def test_table_cards_show_names_and_klub_7_2_seat_plan(client, released_round):
    response = client.get(url("table_cards", released_round))
    html = response.content.decode()

    assert response.status_code == 200
    cards = cards_html(html)
    assert len(cards) == 2
    seats = seats_of(released_round)
    for number, card in enumerate(cards, start=1):
        for seat in (s for s in seats if s.table.number == number):
            assert seat.player.public_name in card
        assert plan_header(card) == ["Spiel", "beginnt", "Süd", "West", "Nord", "Ost"]
        assert plan_rows(card) == FOUR_PLAYER_PLAN
    # Game 2: B starts; West D, North C, East B.
    card = response.context["cards"][0]
    game2 = card["plan"][1]
    assert game2["starter"].letter == "B"
    assert [(label, s.letter) for label, s in game2["positions"]] == [
        ("Süd", "A"),
        ("West", "D"),
        ("Nord", "C"),
        ("Ost", "B"),
    ]
    assert game2["starter"].player == next(
        s.player for s in card["table"]["seats"] if s.letter == "B"
    )


@pytest.fixture
def house_round(director, players):
    t = make_house_tournament(director=director)
    register_players(t, players, count=7)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=5)
    return round_services.round_release(rnd=rnd, user=director)


def test_table_cards_three_player_table(client, house_round):
    response = client.get(url("table_cards", house_round))
    html = response.content.decode()

    cards = response.context["cards"]
    assert [len(c["table"]["seats"]) for c in cards] == [4, 3]
    three = cards[1]
    assert [(g["game"], g["starter"].letter) for g in three["plan"]] == [
        (1, "A"),
        (2, "B"),
        (3, "C"),
    ]
    assert [[label for label, _s in g["positions"]] for g in three["plan"]] == [
        ["Süd", "West", "Nord"]
    ] * 3
    four, three_html = cards_html(html)
    # Three games only (000 §1B): the 4-player card stops after game 3 as well.
    assert plan_rows(four) == FOUR_PLAYER_PLAN[:3]
    assert plan_header(three_html) == ["Spiel", "beginnt", "Süd", "West", "Nord"]
    # SPEC §3, our reading: the order of neighbours changes, and the card says so.
    assert plan_rows(three_html) == [
        ["A", "A", "B", "C"],
        ["B", "A", "C", "B"],
        ["C", "A", "B", "C"],
    ]
    note = "Dreiertisch: Reihenfolge wechselt (unsere Lesart von Klub 7.2)."
    assert note in three_html
    assert note not in four


# --- Query counts --------------------------------------------------------------------------


@pytest.mark.parametrize("view", PRINT_VIEWS)
def test_print_views_query_count_does_not_grow(client, director, players, view):
    def queries_for(count):
        t = make_tournament(director=director, name=f"Turnier {count}")
        registration_services.tournament_open_registration(tournament=t)
        register_players(t, players, count=count)
        rnd = round_services.round_pair_next(tournament=t, user=director, seed=1)
        round_services.round_release(rnd=rnd, user=director)
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url(view, rnd))
        assert response.status_code == 200
        assert Seat.objects.filter(round=rnd).count() == count
        return len(ctx.captured_queries)

    small, large = queries_for(8), queries_for(40)
    assert small == large
    # 5 for the live page (by name): its ETag reads the public version, one query once a
    # second per process (issue 30.1)
    assert large <= 5
