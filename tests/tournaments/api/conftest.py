"""Tournaments for the API tests, built by `simulate_tournament` through the real services."""

from io import StringIO

import pytest
from django.core.management import call_command

from tests.conftest import create_tournament
from tournaments.models import Tournament


def simulate(*args: str) -> Tournament:
    """Run `simulate_tournament` with the given options; returns the tournament it built."""
    out = StringIO()
    call_command("simulate_tournament", *args, stdout=out)
    return Tournament.objects.get(pk=int(out.getvalue().split()[-1]))


@pytest.fixture
def finished(db):
    """16 players, 2 rounds of 4 games, every round published."""
    return simulate(
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
    return simulate(
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
    return create_tournament(director, name="Entwurf")


@pytest.fixture
def world(finished, running, draft):
    return {"finished": finished, "running": running, "draft": draft}
