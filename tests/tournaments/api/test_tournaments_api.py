"""API v1, tournament endpoints: shapes, published data only, errors as JSON, query counts."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.support.builders import (
    make_tournament,
    make_user,
    register_players,
    simulate_tournament,
)
from tournaments.api import schemas
from tournaments.enums import (
    Category,
    RoundKind,
    RoundStatus,
    StaffRole,
    TournamentStatus,
    WarningGround,
    WarningKind,
)
from tournaments.models import ResultSheet, Round, Seat, TournamentStaff
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services
from tournaments.simulation.sheets import random_sheet
from tournaments.standings.selectors import round_results, standings_table

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
}


@pytest.fixture
def api():
    return Client(HTTP_HOST="localhost")


@pytest.fixture
def no_cache(settings):
    settings.PUBLIC_CACHE_SECONDS = 0


def get(api, url, status=200):
    response = api.get(url)
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    return response.json()


def sim_user(name):
    return get_user_model().objects.get(username=name)


def play_and_publish(rnd, seed=7):
    """Enter, confirm and publish every sheet of a released round, as simulate_tournament does."""
    director, desk = sim_user("sim-leitung"), sim_user("sim-orgatisch")
    rng = random.Random(seed)
    for table in rnd.tables.all():
        letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
        sheet = sheet_services.sheet_save(
            table=table,
            games=random_sheet(rng, letters, rnd.tournament.games_per_round),
            expected_version=0,
            user=desk,
        )
        sheet_services.sheet_confirm(sheet=sheet, expected_version=sheet.version, user=director)
    return sheet_services.round_publish(rnd=rnd, user=director)


# --- list and detail ---------------------------------------------------------------------------


def test_tournament_list_shows_public_tournaments_only(api, world):
    data = get(api, f"{API}/")
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
    }
    assert by_name["Läuft"]["status"] == "running"


def test_tournament_list_shows_open_registration(api, director):
    t = make_tournament(director=director, name="Demnächst")
    assert get(api, f"{API}/")["results"] == []
    registration_services.tournament_open_registration(tournament=t)
    assert [r["status"] for r in get(api, f"{API}/")["results"]] == ["registration"]


def test_tournament_detail_lists_released_and_published_rounds(api, running):
    data = get(api, f"{API}/{running.pk}/")
    assert set(data) == TOURNAMENT_KEYS | {"rounds"}
    assert data["rounds"] == [
        {"number": 1, "kind": "preliminary", "published": True},
        {"number": 2, "kind": "preliminary", "published": False},
    ]


def test_tournament_detail_hides_drawn_round(api, director, players):
    t = make_tournament(director=director)
    registration_services.tournament_open_registration(tournament=t)
    register_players(t, players, count=8, user=director)
    round_services.round_pair_next(tournament=t, user=director, seed=3)
    assert get(api, f"{API}/{t.pk}/")["rounds"] == []
    assert get(api, f"{API}/{t.pk}/rounds/1/tables/", 404) == {"detail": "Runde nicht gefunden."}
    # before any published round nobody has played: no entries yet
    assert get(api, f"{API}/{t.pk}/standings/") == {"after_round": None, "entries": []}


def test_draft_tournament_is_404_everywhere(api, draft):
    for url in (f"{API}/{draft.pk}/", f"{API}/{draft.pk}/standings/"):
        assert get(api, url, 404) == {"detail": "Turnier nicht gefunden."}
    assert get(api, f"{API}/{draft.pk}/rounds/1/tables/", 404) == {
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
    data = get(api, API + path, 422)
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
    assert "nicht gefunden" in get(api, url, 404)["detail"]


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
    data = get(api, f"{API}/{running.pk}/rounds/2/tables/")
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
            {"number": n, "seats": sorted(expected[n], key=lambda s: s["letter"]), "games": []}
            for n in sorted(expected)
        ]
    }
    assert sum(s["reserve"] for t in data["tables"] for s in t["seats"]) == 2


def test_round_tables_published_round_matches_round_results(api, finished):
    rnd = finished.rounds.get(number=1)
    data = get(api, f"{API}/{finished.pk}/rounds/1/tables/")
    domain = round_results(rnd)
    assert [t["number"] for t in data["tables"]] == [t["number"] for t in domain] == [1, 2, 3, 4]
    for table, expected in zip(data["tables"], domain, strict=True):
        assert [s["letter"] for s in table["seats"]] == ["A", "B", "C", "D"]
        assert [g["number"] for g in table["games"]] == [1, 2, 3, 4]
        for game, want in zip(table["games"], expected["games"], strict=True):
            assert game["pool_exhausted"] == want["pool_exhausted"]
            assert game["results"] == [
                {
                    "letter": e.letter,
                    "game_points": e.game_points,
                    "place": e.place,
                    "placement_points": e.placement_points,
                }
                for e in want["entries"]
            ]
        totals = {s["letter"]: 0 for s in table["seats"]}
        for game in table["games"]:
            for r in game["results"]:
                totals[r["letter"]] += r["game_points"]
        assert [totals[x] for x in "ABCD"] == [t["game_points"] for t in expected["totals"]]


def test_round_tables_follow_a_correction_of_a_published_sheet(api, finished):
    rnd = finished.rounds.get(number=2)
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
    game = get(api, f"{API}/{finished.pk}/rounds/2/tables/")["tables"][0]["games"][index]
    points = {r["letter"]: r["game_points"] for r in game["results"]}
    assert points[winner] == scores[winner]
    assert points[loser] == scores[loser]


# --- standings ----------------------------------------------------------------------------------


def standings_as_json(t, **kwargs):
    table = standings_table(t, **kwargs)
    return {
        "after_round": table.after_round,
        "entries": [
            {
                "rank": e.rank,
                "player": {"id": e.player.pk, "name": e.player.public_name},
                "reserve": e.reserve,
                "excluded": e.excluded,
                "finalist": e.finalist,
                "placement_points": e.placement_points,
                "game_points": e.game_points,
                "placings": list(e.placings),
                "minus_points": e.minus_points,
                "games": e.games,
            }
            for e in table.entries
        ],
    }


def test_standings_equal_the_standings_table(api, running):
    data = get(api, f"{API}/{running.pk}/standings/")
    assert data == standings_as_json(running)
    assert data["after_round"] == 1
    assert len(data["entries"]) == 20
    reserves = [e for e in data["entries"] if e["reserve"]]
    assert len(reserves) == 2 and all(e["rank"] is None for e in reserves)
    ranks = [e["rank"] for e in data["entries"][:18]]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_standings_after_an_earlier_round(api, finished):
    data = get(api, f"{API}/{finished.pk}/standings/?after_round=1")
    assert data == standings_as_json(finished, after_round=1)
    assert data["after_round"] == 1
    assert {e["games"] for e in data["entries"]} == {4}
    assert get(api, f"{API}/{finished.pk}/standings/?after_round=3", 404) == {
        "detail": "Nach dieser Runde gibt es keine veröffentlichte Rangliste."
    }


def test_standings_never_show_an_unpublished_round(api, running):
    rnd = running.rounds.get(number=2)
    get(api, f"{API}/{running.pk}/standings/?after_round=2", 404)
    assert get(api, f"{API}/{running.pk}/standings/")["after_round"] == 1
    assert rnd.status == RoundStatus.RELEASED


def test_standings_excluded_player_has_no_rank(api, running):
    referee = make_user("schiri-api")
    TournamentStaff.objects.create(tournament=running, user=referee, role=StaffRole.REFEREE)
    player = Seat.objects.filter(round__tournament=running, reserve=False).first().player
    referees_services.warning_give(
        tournament=running,
        player=player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
    )
    entries = get(api, f"{API}/{running.pk}/standings/")["entries"]
    mine = next(e for e in entries if e["player"]["id"] == player.pk)
    assert mine["excluded"] is True and mine["rank"] is None


def test_private_player_is_shown_with_initials(api, finished):
    seat = Seat.objects.filter(round__tournament=finished).select_related("player").first()
    seat.player.publish_name = False
    seat.player.save()
    initials = f"{seat.player.first_name[0]}. {seat.player.last_name[0]}."
    entries = get(api, f"{API}/{finished.pk}/standings/")["entries"]
    assert next(e for e in entries if e["player"]["id"] == seat.player_id)["player"] == {
        "id": seat.player_id,
        "name": initials,
    }
    tables = get(api, f"{API}/{finished.pk}/rounds/{seat.round.number}/tables/")["tables"]
    names = [
        s["player"]["name"]
        for t in tables
        for s in t["seats"]
        if s["player"]["id"] == seat.player_id
    ]
    assert names == [initials]


# --- cache --------------------------------------------------------------------------------------


def test_cached_standings_change_when_a_round_is_published(
    api, running, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    url = f"{API}/{running.pk}/standings/"
    assert api.get(url)["X-Public-Cache"] == "miss"
    with django_assert_max_num_queries(1):  # only the tournament itself; the body is cached
        response = api.get(url)
    assert response["X-Public-Cache"] == "hit"
    assert response.json()["after_round"] == 1
    with django_capture_on_commit_callbacks(execute=True):
        play_and_publish(running.rounds.get(number=2))
    assert get(api, url) == standings_as_json(running)
    assert get(api, url)["after_round"] == 2
    assert get(api, f"{API}/{running.pk}/rounds/2/tables/")["tables"][0]["games"] != []


# --- query counts -------------------------------------------------------------------------------


QUERY_LIMITS = {
    "/": 1,
    "/{pk}/": 2,
    "/{pk}/rounds/1/tables/": 4,
    "/{pk}/rounds/2/tables/": 4,
    "/{pk}/standings/": 8,
}


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


# --- schema -------------------------------------------------------------------------------------


def test_schema_enums_match_the_model_choices():
    assert {c.value for c in schemas.CategoryCode} == set(Category.values)
    assert {k.value for k in schemas.RoundKindCode} == set(RoundKind.values)
    assert {s.value for s in schemas.PublicStatus} == set(TournamentStatus.values) - {"draft"}


def test_final_round_is_listed_as_final(api, db):
    t = simulate_tournament("--players", "12", "--category", "beginners", "--final", "--seed", "5")
    assert get(api, f"{API}/{t.pk}/")["rounds"] == [
        {"number": 1, "kind": "preliminary", "published": True},
        {"number": 2, "kind": "preliminary", "published": True},
        {"number": 3, "kind": "final", "published": True},
    ]
    assert Round.objects.get(tournament=t, number=3).kind == RoundKind.FINAL
