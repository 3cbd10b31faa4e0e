"""The venue laptop's world in one process: a tournament with round 1 played, its checkout
row as `venue_load` leaves it, settings.VENUE_MODE on, backups into a temporary folder."""

import pytest
from django.utils import translation

from tests.support.builders import make_user, play_tournament
from tests.tournaments.venue.conftest import checkout_make
from tournaments.enums import GlobalRole
from tournaments.venue.laptop import receivers, services

CENTRAL = "https://zentral.example"


@pytest.fixture
def laptop(db, settings, tmp_path, players):
    settings.VENUE_MODE = True
    settings.VENUE_DIR = tmp_path
    settings.VENUE_BACKUP_DIR = tmp_path / "venue-backups"
    director = make_user("leitung", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    tournament = play_tournament(director=director, desk=desk, players=players, rounds=1)
    checkout = checkout_make(tournament, user=director)
    state = services.sync_state_create(checkout=checkout, central_url=CENTRAL + "/")
    state.director, state.desk = director, desk
    receivers.connect()  # as at start-up on the laptop: publications reach the uploader
    yield state
    receivers.disconnect()


@pytest.fixture(autouse=True)
def _german():
    """The light's texts are read in German, whatever language an earlier test's request left
    active in this thread (the test client's LocaleMiddleware does not reset it)."""
    with translation.override("de"):
        yield
