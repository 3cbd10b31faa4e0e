"""Tournaments for the API tests, built by `simulate_tournament` through the real services."""

import pytest

from tests.support.builders import make_tournament, simulate_tournament


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
