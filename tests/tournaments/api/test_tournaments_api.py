"""API v1, tournament endpoints: shapes, published data only, errors as JSON, query counts."""

import random
from datetime import datetime

import pytest
from django.contrib.auth import get_user_model

from tests.support.builders import (
    make_tournament,
    register_players,
    simulate_tournament,
)
from tournaments.api import schemas
from tournaments.enums import (
    Category,
    RoundKind,
    RoundStatus,
    TournamentStatus,
)
from tournaments.models import ResultSheet, Round, Seat
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services
from tournaments.sheets import services as sheet_services
from tournaments.simulation.sheets import random_sheet

API = "/api/v1/tournaments"
TOURNAMENT_KEYS = {
    "id",
    "name",
    "category",
    "start_date",
    "end_date",
    "status",
    "rounds_planned",
    "games_per_round",
    "has_final",
    "counts_for_ranking",
    "ranking_year",
    "juniors_of_id",
}


@pytest.fixture
def no_cache(settings):
    settings.PUBLIC_CACHE_SECONDS = 0


def sim_user(name):
    return get_user_model().objects.get(username=name)


# --- list and detail ---------------------------------------------------------------------------


def test_tournament_list_shows_public_tournaments_only(api, world):
    data = api.json(f"{API}/")
    newest_first = sorted(
        [world["finished"], world["running"]], key=lambda t: (-t.start_date.toordinal(), t.name)
    )
    assert [t["id"] for t in data["results"]] == [t.pk for t in newest_first]
    by_name = {t["name"]: t for t in data["results"]}
    assert set(by_name["Beendet"]) == TOURNAMENT_KEYS
    t = world["finished"]
    assert by_name["Beendet"] == {
        "id": t.pk,
        "name": "Beendet",
        "category": "special",
        "start_date": t.start_date.isoformat(),
        "end_date": t.end_date.isoformat(),
        "status": "finished",
        "rounds_planned": 2,
        "games_per_round": 4,
        "has_final": False,
        "counts_for_ranking": True,
        "ranking_year": t.ranking_year,
        "juniors_of_id": None,
    }
    assert by_name["Läuft"]["status"] == "running"


def test_junior_field_names_its_main_tournament(api, director):
    main = make_tournament(director=director, name="Hauptfeld", open=True)
    junior = setup_services.junior_field_create(tournament=main, rounds_planned=2, user=director)
    data = api.json(f"{API}/{junior.pk}/")
    assert (data["name"], data["juniors_of_id"], data["rounds_planned"]) == (
        "Hauptfeld – Junioren",
        main.pk,
        2,
    )


def test_tournament_list_shows_open_registration(api, director):
    t = make_tournament(director=director, name="Demnächst")
    assert api.json(f"{API}/")["results"] == []
    registration_services.tournament_open_registration(tournament=t)
    assert [r["status"] for r in api.json(f"{API}/")["results"]] == ["registration"]


def test_tournament_detail_lists_released_and_published_rounds(api, running):
    data = api.json(f"{API}/{running.pk}/")
    assert set(data) == TOURNAMENT_KEYS | {"rounds", "checked_out"}
    assert data["checked_out"] is None  # not checked out to a venue
    assert data["rounds"] == [
        {"number": 1, "kind": "preliminary", "published": True},
        {"number": 2, "kind": "preliminary", "published": False},
    ]


def test_tournament_detail_hides_drawn_round(api, director, players):
    t = make_tournament(director=director)
    registration_services.tournament_open_registration(tournament=t)
    register_players(t, players, count=8, user=director)
    round_services.round_pair_next(tournament=t, user=director, seed=3)
    assert api.json(f"{API}/{t.pk}/")["rounds"] == []
    assert api.json(f"{API}/{t.pk}/rounds/1/tables/", 404) == {"detail": "Runde nicht gefunden."}
    # before any published round nobody has played: no entries yet
    assert api.json(f"{API}/{t.pk}/standings/") == {"after_round": None, "entries": []}


def test_draft_tournament_is_404_everywhere(api, draft):
    for url in (f"{API}/{draft.pk}/", f"{API}/{draft.pk}/standings/"):
        assert api.json(url, 404) == {"detail": "Turnier nicht gefunden."}
    assert api.json(f"{API}/{draft.pk}/rounds/1/tables/", 404) == {
        "detail": "Turnier nicht gefunden."
    }


@pytest.mark.parametrize(
    "path",
    [
        "/0/",
        "/-1/",
        "/abc/",
        "/1.5/",
        f"/{2**63}/",
        f"/{10**40}/",
        "/0/standings/",
        f"/{10**40}/standings/",
        "/x/rounds/1/tables/",
        "/1/rounds/0/tables/",
        "/1/rounds/-3/tables/",
        "/1/rounds/40000/tables/",
        "/1/rounds/eins/tables/",
        "/1/standings/?after_round=abc",
        "/1/standings/?after_round=0",
        f"/1/standings/?after_round={10**30}",
    ],
)
def test_bad_ids_are_422_json_with_german_message(api, db, path):
    data = api.json(API + path, 422)
    assert data["detail"].startswith("Ungültige Anfrage: bitte ")
    assert data["errors"]


@pytest.mark.parametrize(
    "path",
    [
        "/{missing}/",
        "/{missing}/standings/",
        "/{missing}/rounds/1/tables/",
        "/{pk}/rounds/3/tables/",
        "/{pk}/rounds/32767/tables/",
    ],
)
def test_unknown_ids_are_404_json(api, finished, path):
    url = API + path.format(missing=finished.pk + 1000, pk=finished.pk)
    assert "nicht gefunden" in api.json(url, 404)["detail"]


# --- round tables -------------------------------------------------------------------------------


def test_round_tables_released_round_has_seats_but_no_games(api, running):
    rnd = running.rounds.get(number=2)
    assert rnd.status == RoundStatus.RELEASED
    # a sheet already entered (not yet published) must not show
    table = rnd.tables.order_by("number").first()
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    sheet_services.sheet_save(
        table=table,
        games=random_sheet(random.Random(1), letters, 4),
        expected_version=0,
        user=sim_user("sim-orgatisch"),
    )
    data = api.json(f"{API}/{running.pk}/rounds/2/tables/")
    seats = Seat.objects.filter(round=rnd).select_related("player", "table")
    expected = {}
    for s in seats:
        expected.setdefault(s.table.number, []).append(
            {
                "letter": s.letter,
                "player": {"id": s.player_id, "name": s.player.public_name},
                "reserve": s.reserve,
            }
        )
    assert data == {
        "tables": [
            {
                "number": n,
                "seats": sorted(expected[n], key=lambda s: s["letter"]),
                "games": [],
                "corrected_at": None,
                "reason": None,
            }
            for n in sorted(expected)
        ]
    }
    assert sum(s["reserve"] for t in data["tables"] for s in t["seats"]) == 2


def game(number, *rows):
    """A game as the API lists it; rows are (letter, game points, place, placement points)."""
    return {
        "number": number,
        "pool_exhausted": False,
        "results": [
            {"letter": x, "played": True, "game_points": gp, "place": place, "placement_points": pp}
            for x, gp, place, pp in rows
        ],
    }


def test_round_tables_published_round_shows_every_game(api, known):
    data = api.json(f"{API}/{known.pk}/rounds/1/tables/")
    assert [t["number"] for t in data["tables"]] == [1, 2]
    first = data["tables"][0]
    assert [s["letter"] for s in first["seats"]] == ["A", "B", "C", "D"]
    # Table 1 played FIXED_SHEET: shared places as Klub 10.1 tabulates them.
    assert first["games"] == [
        game(1, ("A", 60, 1, 4), ("B", -10, 2, 3), ("C", -20, 3, 1), ("D", -30, 4, 0)),
        game(2, ("A", 45, 1, 4), ("B", -5, 2, 3), ("C", -20, 3, 1), ("D", -20, 3, 1)),
        game(3, ("A", 40, 1, 4), ("B", -14, 3, 1), ("C", -3, 2, 3), ("D", -23, 4, 0)),
        game(4, ("A", 25, 1, 4), ("B", -8, 2, 2), ("C", -9, 4, 0), ("D", -8, 2, 2)),
    ]


def test_round_tables_follow_a_correction_of_a_published_sheet(api, running):
    rnd = running.rounds.get(number=1)
    sheet = ResultSheet.objects.filter(round=rnd).order_by("table__number").first()
    games = [dict(g, scores=dict(g["scores"])) for g in sheet.confirmed.games]
    index = next(i for i, g in enumerate(games) if not g["pool_exhausted"] and not g["no_meld"])
    scores = games[index]["scores"]
    winner = max(scores, key=scores.get)
    loser = min(scores, key=scores.get)
    scores[loser] -= 1
    scores[winner] += 1
    sheet_services.sheet_save(
        table=sheet.table,
        games=games,
        expected_version=sheet.version,
        user=sim_user("sim-leitung"),
        reason="Tippfehler",
    )
    tables = api.json(f"{API}/{running.pk}/rounds/1/tables/")["tables"]
    shown = tables[0]["games"][index]
    points = {r["letter"]: r["game_points"] for r in shown["results"]}
    assert points[winner] == scores[winner]
    assert points[loser] == scores[loser]
    # the table says when and why it was corrected (issue 28.6); the others stand as published
    corrected = ResultSheet.objects.get(pk=sheet.pk).confirmed
    assert datetime.fromisoformat(tables[0]["corrected_at"]) == corrected.created_at
    assert tables[0]["reason"] == "Tippfehler"
    assert {(t["corrected_at"], t["reason"]) for t in tables[1:]} == {(None, None)}


# --- query counts -------------------------------------------------------------------------------


QUERY_LIMITS = {
    "/": 1,
    "/{pk}/": 2,
    "/{pk}/rounds/1/tables/": 4,
    "/{pk}/rounds/2/tables/": 4,
    # the first reader computes the standings and stores them (issue 14): 1 read, 6 to compute,
    # the insert and, inside the test's transaction, the savepoint around it; then the places
    # the careers read (StandingsPlaces, issue 33.6): the insert and its savepoint
    "/{pk}/standings/": 13,
}
#: once stored: the tournament and its stored standings
STORED_STANDINGS_QUERIES = 2


def test_query_count_is_constant_in_field_size(api, db, no_cache, django_assert_max_num_queries):
    small = simulate_tournament(
        "--players", "8", "--rounds", "2", "--games", "2", "--seed", "3", "--category", "special"
    )
    large = simulate_tournament(
        "--players", "44", "--rounds", "3", "--games", "4", "--seed", "4", "--category", "special"
    )
    for t in (small, large):
        for url, limit in QUERY_LIMITS.items():
            with django_assert_max_num_queries(limit):
                response = api.get(API + url.format(pk=t.pk))
            assert response.status_code == 200
            assert "X-Public-Cache" not in response  # caching is off
        with django_assert_max_num_queries(STORED_STANDINGS_QUERIES):
            assert api.get(f"{API}/{t.pk}/standings/").status_code == 200


# --- schema -------------------------------------------------------------------------------------


def test_schema_enums_match_the_model_choices():
    assert {c.value for c in schemas.CategoryCode} == set(Category.values)
    assert {k.value for k in schemas.RoundKindCode} == set(RoundKind.values)
    assert {s.value for s in schemas.PublicStatus} == set(TournamentStatus.values) - {"draft"}


def test_final_round_is_listed_as_final(api, db):
    t = simulate_tournament("--players", "12", "--category", "beginners", "--final", "--seed", "5")
    assert api.json(f"{API}/{t.pk}/")["rounds"] == [
        {"number": 1, "kind": "preliminary", "published": True},
        {"number": 2, "kind": "preliminary", "published": True},
        {"number": 3, "kind": "final", "published": True},
    ]
    assert Round.objects.get(tournament=t, number=3).kind == RoundKind.FINAL
