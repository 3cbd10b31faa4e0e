"""Tournaments for the API tests, built by `simulate_tournament` through the real services."""

import pytest
from django.test import Client

from tests.support.builders import (
    make_named_players,
    make_tournament,
    play_known_round,
    simulate_tournament,
)


@pytest.fixture
def finished(db):
    """16 players, 2 rounds of 4 games, every round published."""
    return simulate_tournament(
        "--players",
        "16",
        "--rounds",
        "2",
        "--games",
        "4",
        "--seed",
        "1",
        "--category",
        "special",
        "--name",
        "Beendet",
    )


@pytest.fixture
def running(db):
    """Round 1 published, round 2 released but not published; 18 players, so 2 reserves."""
    return simulate_tournament(
        "--players",
        "18",
        "--rounds",
        "2",
        "--games",
        "4",
        "--seed",
        "2",
        "--category",
        "special",
        "--stop-after",
        "1",
        "--name",
        "Läuft",
    )


@pytest.fixture
def draft(director):
    return make_tournament(director=director, name="Entwurf")


@pytest.fixture
def world(finished, running, draft):
    return {"finished": finished, "running": running, "draft": draft}


class ApiClient(Client):
    """The test client on the API's host, with a JSON shortcut."""

    def json(self, url: str, status: int = 200):
        response = self.get(url)
        assert response.status_code == status, response.content
        assert response["Content-Type"].startswith("application/json")
        return response.json()


@pytest.fixture
def api():
    return ApiClient(HTTP_HOST="localhost")


@pytest.fixture
def known(director, desk_user):
    """The known round (KNOWN_SHEETS) of 8 named players who all publish their names,
    published: its standings are KNOWN_STANDINGS."""
    return play_known_round(director=director, desk=desk_user, players=make_named_players())
