"""API v1, a player's career (issue 33.5): the page's numbers as JSON, documented, 404 as JSON."""

from __future__ import annotations

import pytest

from ranking.careers import selectors
from ranking.compute import services as compute

pytestmark = pytest.mark.django_db


def test_career_endpoint(client, finished, field):
    compute.ranking_recompute_year(year=2026)
    player = field[0]
    data = client.get(f"/api/v1/players/{player.pk}/career/").json()
    career = selectors.career_build(player)
    assert data["player_id"] == player.pk and data["name"] == player.public_name
    assert data["club_slug"] == player.club_slug
    assert data["totals"] == {
        "tournaments": 1,
        "rounds": 3,
        "games": 12,
        "games_won": career.total.won,
        "placings": list(career.total.placings),
        "placement_points": career.total.placement_points,
        "game_points": career.total.game_points,
        "placement_points_per_game": career.total.placement_points_per_game / 100,
        "game_points_per_game": career.total.game_points_per_game / 100,
    }
    assert [y["year"] for y in data["years"]] == [2026]
    assert data["ranking_positions"] == [
        {"year": p.year, "rank": p.rank, "field": p.field} for p in career.positions
    ]
    assert len(data["head_to_head"]) == len(career.opponents) and len(data["last_games"]) == 10
    assert data["best_results"][0]["tournament_id"] == finished.pk


def test_unknown_player_is_404_json(client, db):
    response = client.get("/api/v1/players/999999/career/")
    assert response.status_code == 404 and response.json() == {"detail": "Nicht gefunden."}


def test_documented_in_openapi(client, db):
    schema = client.get("/api/v1/openapi.json").json()
    paths = schema["paths"]
    for path in (
        "/api/v1/players/{player_id}/career/",
        "/api/v1/clubs/",
        "/api/v1/clubs/{slug}/",
        "/api/v1/clubs/tables/{year}/",
    ):
        assert path in paths and paths[path]["get"]["description"]
    assert "CareerOut" in schema["components"]["schemas"]
