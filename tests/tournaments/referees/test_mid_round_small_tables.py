"""A player lost mid-round at a table of three (issue 27.1; Klub 4.5.1, 4.2, SPEC §7): the
remaining two finish the round's games as 2-player games, placement points 4 and 3 as in the
final of two (Klub 10.1 table); a table left with one player has its remaining games not
played. Through the services: the card or withdrawal, the desk's and the table's entry, the
publication, and standings, round results, API, player page and ranking."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from ranking.compute.selectors import tournament_inputs
from ranking.domain.ranking import contributions
from tests.support.builders import (
    FIXED_SHEET_THREE,
    give_warning,
    make_house_tournament,
    make_user,
    play_round,
    register_players,
)
from tournaments.enums import GlobalRole, RoundStatus, StaffRole, WarningKind
from tournaments.models import Registration, ScoredLine, Seat, SheetVersion
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services
from tournaments.standings import selectors as standings_selectors
from tournaments.tableside import services as tableside_services

pytestmark = pytest.mark.django_db

TWO_FROM_GAME_2 = [
    FIXED_SHEET_THREE[0],
    {"number": 2, "scores": {"A": -15, "B": 15}},
    {"number": 3, "scores": {"A": 25, "B": -25}},
]
"""Table 1 with C out from game 2: game 1 of three, games 2 and 3 by A and B (SPEC §7)."""

ONE_LEFT_FROM_GAME_3 = [
    FIXED_SHEET_THREE[0],
    {"number": 2, "scores": {"A": -15, "B": 15}},
    {"number": 3, "scores": {}},
]
"""Table 1 with C out from game 2 and B from game 3: A alone, game 3 not played (SPEC §7)."""


@pytest.fixture
def house(players):
    """The house format (000 §1A): nine players at three tables of three, round 1 released,
    two rounds planned, with a referee and the desk."""
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    t = make_house_tournament(director=director, has_final=False, rounds_planned=2)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    t.staff.create(user=desk, role=StaffRole.DESK)
    register_players(t, players, count=9, user=director)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=5)
    rnd = round_services.round_release(rnd=rnd, user=director)
    assert sorted(table.seats.count() for table in rnd.tables.all()) == [3, 3, 3]

    def seated(letter):
        return Seat.objects.get(round=rnd, table__number=1, letter=letter).player

    return {"t": t, "rnd": rnd, "director": director, "desk": desk, "referee": referee,
            "seated": seated}  # fmt: skip


def red_card(house, letter, game):
    return give_warning(
        house["t"], house["seated"](letter), kind=WarningKind.RED, user=house["referee"],
        rnd=house["rnd"], game_number=game,
    )  # fmt: skip


def withdraw(house, letter, game):
    registration = Registration.objects.get(tournament=house["t"], player=house["seated"](letter))
    registration_services.registration_update(
        registration=registration, withdrawn=True, from_game=game, user=house["director"]
    )


def lose_c_in_game_2(house):
    red_card(house, "C", 2)


def lose_c_then_b(house):
    red_card(house, "C", 2)
    withdraw(house, "B", 3)


# (place, placement points) per seat A, B, C and game; None: not played
@pytest.mark.parametrize(
    ("rule", "lose", "sheet", "games", "stored_3"),
    [
        (
            "Klub 4.5.1, SPEC §7: C's red card in game 2, A and B finish as two, 4 and 3",
            lose_c_in_game_2,
            TWO_FROM_GAME_2,
            [
                [(1, 4), (2, 3), (3, 1)],
                [(2, 3), (1, 4), None],
                [(1, 4), (2, 3), None],
            ],
            {"scores": {"A": 25, "B": -25}, "not_played": ["C"]},
        ),
        (
            "SPEC §7: C out in game 2, B withdraws from game 3, A alone: game 3 not played",
            lose_c_then_b,
            ONE_LEFT_FROM_GAME_3,
            [
                [(1, 4), (2, 3), (3, 1)],
                [(2, 3), (1, 4), None],
                [None, None, None],
            ],
            {"scores": {}, "not_played": ["A", "B", "C"]},
        ),
    ],
)
def test_a_table_of_three_losing_players_is_published_and_read_everywhere(
    house, client, rule, lose, sheet, games, stored_3
):
    lose(house)
    rnd = play_round(house["rnd"], director=house["director"], desk=house["desk"],
                     sheets={1: sheet})  # fmt: skip
    assert rnd.status == RoundStatus.PUBLISHED, rule

    stored = rnd.tables.get(number=1).sheet.confirmed.games
    assert {k: stored[2][k] for k in ("scores", "not_played")} == stored_3, rule
    lines = ScoredLine.objects.filter(round=rnd, table_number=1)
    assert [
        [
            next(((x.place, x.placement_points) for x in lines if x.game_number == g
                  and x.letter == letter), None)
            for letter in "ABC"
        ]
        for g in (1, 2, 3)
    ] == games, rule  # fmt: skip

    results = standings_selectors.round_results(rnd)[0]
    assert [
        [e and (e.place, e.placement_points) for e in g["entries"]] for g in results["games"]
    ] == games, rule
    expected_pp = [sum(g[i][1] for g in games if g[i]) for i in range(3)]
    assert [t["placement_points"] for t in results["totals"]] == expected_pp, rule

    api = client.get(f"/api/v1/tournaments/{house['t'].pk}/rounds/1/tables/").json()
    assert [
        [(r["place"], r["placement_points"]) if r["played"] else None for r in g["results"]]
        for g in api["tables"][0]["games"]
    ] == games, rule

    table = standings_selectors.standings_table(house["t"])
    by_player = {e.player: e for e in table.entries}
    for i, letter in enumerate("ABC"):
        entry = by_player[house["seated"](letter)]
        played = [g[i] for g in games if g[i]]
        assert (entry.placement_points, entry.games) == (sum(p for _, p in played), len(played))
    assert by_player[house["seated"]("C")].rank is None  # red card: out of the standings
    assert by_player[house["seated"]("A")].rank is not None

    page = client.get(reverse("player_page", args=[house["seated"]("A").pk])).content.decode()
    assert page.count('<td colspan="3">nicht gespielt</td>') == sum(g[0] is None for g in games)

    inputs = tournament_inputs([house["t"].pk])
    ranked = {c.player_id: c for c in contributions(inputs.rounds, excluded=inputs.excluded)}
    assert house["seated"]("C").pk not in ranked
    a = ranked[house["seated"]("A").pk]
    assert (a.games, a.placement_points) == (
        sum(g[0] is not None for g in games),
        sum(g[0][1] for g in games if g[0]),
    ), rule


def test_the_next_round_pairs_without_the_carded_player(house):
    """SPEC §7: from the next round the player is out of the pairing (8 players: two 4s)."""
    lose_c_in_game_2(house)
    play_round(house["rnd"], director=house["director"], desk=house["desk"],
               sheets={1: TWO_FROM_GAME_2})  # fmt: skip
    round2 = round_services.round_pair_next(tournament=house["t"], user=house["director"], seed=5)
    seated = set(round2.seats.values_list("player_id", flat=True))
    assert house["seated"]("C").pk not in seated and len(seated) == 8


@pytest.mark.parametrize(
    ("rule", "lose", "games", "messages"),
    [
        (
            "SPEC §7: the two's control sum must be 0 (Klub 19.1)",
            lose_c_in_game_2,
            [FIXED_SHEET_THREE[0], {"number": 2, "scores": {"A": -15, "B": 10}},
             TWO_FROM_GAME_2[2]],
            ["Spiel 2: Die Summe ist -5 statt 0 (Kontrollsumme)."],
        ),
        (
            "SPEC §7: each of the two remaining players needs a cell",
            lose_c_in_game_2,
            [FIXED_SHEET_THREE[0], {"number": 2, "scores": {"A": 15}}, TWO_FROM_GAME_2[2]],
            ["Spiel 2, Spieler B: Feld ist leer."],
        ),
        (
            "SPEC §7: without the card, C's game 2 is missing",
            None,
            TWO_FROM_GAME_2,
            ["Spiel 2, Spieler C: Feld ist leer.", "Spiel 3, Spieler C: Feld ist leer."],
        ),
    ],
)  # fmt: skip
def test_a_bad_sheet_of_the_two_is_refused_and_nothing_is_written(
    house, rule, lose, games, messages
):
    if lose:
        lose(house)
    table = house["rnd"].tables.get(number=1)
    with pytest.raises(ValidationError) as error:
        sheet_services.sheet_save(table=table, games=games, expected_version=0, user=house["desk"])
    assert error.value.messages == messages, rule
    assert not SheetVersion.objects.filter(sheet__table=table).exists()


def test_the_table_enters_the_two_player_games_on_its_phone(house):
    """Issue 15 at a table of three after C's red card in game 2: A enters, B signs, C not."""
    lose_c_in_game_2(house)
    table = house["rnd"].tables.get(number=1)
    version = tableside_services.sheet_enter_at_table(
        table=table, games=TWO_FROM_GAME_2, filled_in_by="A", device="test",
        submission_key=uuid.uuid4(), expected_version=0,
    )  # fmt: skip
    assert [g.get("not_played") for g in version.games] == [None, ["C"], ["C"]]
    tableside_services.sheet_signoff(
        table=table, version_number=1, letter="B", verdict="confirmed", device="test"
    )
    with pytest.raises(ValidationError) as error:
        tableside_services.sheet_signoff(
            table=table, version_number=1, letter="C", verdict="confirmed", device="test"
        )
    assert error.value.messages == ["Position C muss diese Fassung nicht bestätigen."]


def test_desk_grid_shows_the_games_not_played_and_saves_the_two(house, client):
    lose_c_then_b(house)
    client.force_login(house["desk"])
    url = reverse("director:sheet", args=[house["t"].pk, 1, 1])

    html = client.get(url).content.decode()
    shown = {
        (g, x) for g in (1, 2, 3) for x in "ABC" if f'data-testid="not-played-{g}-{x}"' in html
    }
    assert shown == {(2, "C"), (3, "A"), (3, "B"), (3, "C")}

    cells = {"g1_A": "+30", "g1_B": "-10", "g1_C": "-20", "g2_A": "-15", "g2_B": "+15"}
    response = client.post(url, {**cells, "version": "0", "action": "save"})

    assert response.status_code == 302
    games = house["rnd"].tables.get(number=1).sheet.current.games
    assert [(g["scores"], g.get("not_played")) for g in games[1:]] == [
        ({"A": -15, "B": 15}, ["C"]),
        ({}, ["A", "B", "C"]),
    ]
