"""'The API serves every published tournament of simulate_tournament' (issue 5, done when):
each format walked through the API, its standings checked against its own round tables."""

from collections import defaultdict

import pytest
from django.test import Client

from tests.support.builders import simulate_tournament
from tournaments.enums import RoundKind

API = "/api/v1/tournaments"

FORMATS = {
    "city": ("--players", "20", "--category", "city", "--seed", "11"),
    "final": ("--players", "14", "--category", "beginners", "--final", "--seed", "12"),
    "three": (
        "--players", "13", "--category", "special", "--rounds", "2", "--games", "3",
        "--three-player-tables", "--seed", "13",
    ),
    # SPEC §7: a table of three loses two players mid-round (2-player games, then none)
    "three, players lost": (
        "--players", "13", "--category", "special", "--rounds", "2", "--games", "3",
        "--three-player-tables", "--red-card-mid-round", "--withdrawal-mid-round",
        "--seed", "42",
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", FORMATS)
def test_api_serves_simulated_tournament(db, name):
    t = simulate_tournament(*FORMATS[name])
    api = Client(HTTP_HOST="localhost")
    detail = api.get(f"{API}/{t.pk}/").json()
    assert detail["status"] == "finished"
    assert [r["number"] for r in detail["rounds"]] == list(range(1, t.total_rounds + 1))
    assert all(r["published"] for r in detail["rounds"])
    final_round = next((r["number"] for r in detail["rounds"] if r["kind"] == "final"), None)
    assert (final_round is not None) == t.has_final

    # sum every published game per player, the final round apart (it alone orders the finalists)
    sums = defaultdict(lambda: {"pp": 0, "gp": 0, "games": 0, "placings": [0, 0, 0, 0]})
    finalists = set()
    sizes = set()
    for rnd in detail["rounds"]:
        tables = api.get(f"{API}/{t.pk}/rounds/{rnd['number']}/tables/").json()["tables"]
        for table in tables:
            seats = {s["letter"]: s["player"]["id"] for s in table["seats"]}
            sizes.add(len(seats))
            assert len(table["games"]) == t.games_per_round
            for game in table["games"]:
                assert sorted(r["letter"] for r in game["results"]) == sorted(seats)
                played = [r for r in game["results"] if r["played"]]
                # SPEC §7: at least two play a game, or nobody (a table left with one)
                assert len(played) != 1
                # Klub 19.1: the winner collects what the others lose (an exhausted pool aside)
                if not game["pool_exhausted"]:
                    assert sum(r["game_points"] for r in played) == 0
                for r in played:
                    pid = seats[r["letter"]]
                    key = (pid, rnd["number"] == final_round)
                    sums[key]["pp"] += r["placement_points"]
                    sums[key]["gp"] += r["game_points"]
                    sums[key]["games"] += 1
                    sums[key]["placings"][r["place"] - 1] += 1
                    if rnd["number"] == final_round:
                        finalists.add(pid)
    assert sizes == ({3, 4} if name.startswith("three") else {4})  # 13 = 4 + 3 + 3 + 3

    standings = api.get(f"{API}/{t.pk}/standings/").json()
    assert standings["after_round"] == t.total_rounds
    ranks = [e["rank"] for e in standings["entries"] if e["rank"] is not None]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    # Klub 10.1, keys 1 and 2: outside the final, more placement points, then more game points
    others = [
        (e["placement_points"], e["game_points"])
        for e in standings["entries"]
        if e["rank"] is not None and not e["finalist"]
    ]
    assert others == sorted(others, reverse=True)
    for entry in standings["entries"]:
        pid = entry["player"]["id"]
        own = sums[(pid, pid in finalists)]
        assert entry["finalist"] == (pid in finalists)
        assert (entry["placement_points"], entry["game_points"], entry["games"]) == (
            own["pp"],
            own["gp"],
            own["games"],
        )
        assert entry["placings"] == own["placings"]
    if final_round:
        assert len(finalists) == t.finalists_count
        top = standings["entries"][: len(finalists)]
        assert {e["player"]["id"] for e in top} == finalists
        assert t.rounds.get(number=final_round).kind == RoundKind.FINAL
