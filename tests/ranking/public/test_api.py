"""API v1, ranking of a year: shape and values as stored, 404 as JSON."""

from __future__ import annotations

import pytest

from ranking.models import RankingEntry

pytestmark = pytest.mark.django_db


def test_api_ranking_of_year(client, ranked):
    response = client.get("/api/v1/rankings/2026/")
    assert response.status_code == 200
    data = response.json()
    assert data["year"] == 2026 and data["computed_at"]
    assert len(data["entries"]) == 12
    first = data["entries"][0]
    assert set(first) == {
        "rank",
        "player",
        "tournaments",
        "rounds",
        "games",
        "placement_points",
        "game_points",
        "placings",
        "minus_points",
    }
    entry = RankingEntry.objects.order_by("rank", "player_id").select_related("player").first()
    assert first == {
        "rank": 1,
        "player": {"id": entry.player_id, "name": entry.player.public_name},
        "tournaments": 1,
        "rounds": 3,
        "games": 12,
        "placement_points": entry.placement_points,
        "game_points": entry.game_points,
        "placings": [entry.first, entry.second, entry.third, entry.fourth],
        "minus_points": entry.minus_points,
    }


@pytest.mark.parametrize("year", ["2025", "1", "99999999999999999999", "2200"])
def test_api_unknown_or_empty_year_is_404_json(client, ranked, year):
    response = client.get(f"/api/v1/rankings/{year}/")
    assert response.status_code == 404
    assert response.json() == {"detail": "Nicht gefunden."}


def test_api_non_numeric_year_is_not_500(client, db):
    response = client.get("/api/v1/rankings/abc/")
    assert response.status_code in (404, 422)
