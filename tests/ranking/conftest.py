"""Helpers for the ranking tests: tournaments played through the real services."""

from __future__ import annotations

import random
from contextlib import contextmanager
from datetime import date

import pytest

from config.celery import app as celery_app
from tests.conftest import create_tournament, make_user, register
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Player, TournamentStaff
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services
from tournaments.simulation.sheets import random_sheet

# One fixed sheet so expectations can be computed by hand: A wins every game.
FIXED_SHEET = [
    {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
    {"number": 2, "scores": {"A": 45, "B": -5, "C": -20, "D": -20}},
    {"number": 3, "scores": {"A": 40, "B": -14, "C": -3, "D": -23}},
    {"number": 4, "scores": {"A": 25, "B": -8, "C": -9, "D": -8}},
]


def play_round(tournament, director, desk, *, rng=None, publish=True, sheets=None):
    """Pair, release, enter (desk), confirm (director) and publish one round."""
    rnd = round_services.round_pair_next(
        tournament=tournament, user=director, seed=rng.randrange(2**31) if rng else 7
    )
    round_services.round_release(rnd=rnd, user=director)
    for table in rnd.tables.order_by("number"):
        letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
        games = (sheets or {}).get(table.number)
        if games is None:
            games = random_sheet(rng, letters, tournament.games_per_round) if rng else FIXED_SHEET
        sheet = sheet_services.sheet_save(table=table, games=games, expected_version=0, user=desk)
        sheet_services.sheet_confirm(sheet=sheet, expected_version=sheet.version, user=director)
    if publish:
        sheet_services.round_publish(rnd=rnd, user=director)
    return rnd


def play_tournament(
    director,
    desk,
    players,
    *,
    name="Stadtmeisterschaft Teststadt",
    end=date(2026, 6, 7),
    count=8,
    reserves=0,
    rounds=None,
    seed=None,
):
    """A city championship (3 rounds) played through the services; `rounds` stops early."""
    tournament = create_tournament(
        director, name=name, start_date=end, end_date=end, ranking_year=end.year
    )
    registration_services.tournament_open_registration(tournament=tournament)
    register(tournament, players, count=count, reserves=reserves, user=director)
    TournamentStaff.objects.get_or_create(tournament=tournament, user=desk, role=StaffRole.DESK)
    rng = random.Random(seed) if seed is not None else None
    for _ in range(rounds if rounds is not None else tournament.total_rounds):
        play_round(tournament, director, desk, rng=rng)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def desk_user(db):
    return make_user("orga")


@pytest.fixture
def field(db):
    from tournaments.simulation.players import demo_player_rows

    return Player.objects.bulk_create([Player(**r) for r in demo_player_rows(16)])


@pytest.fixture
def the_director(db):
    return make_user("leitung-r", GlobalRole.DIRECTOR)


@contextmanager
def celery_conf(**changes):
    """Change the Celery app's config for a block (the app caches settings at first use), and
    drop its connection pools so a changed broker URL is really used."""
    old = {key: celery_app.conf.get(key) for key in changes}
    celery_app.conf.update(**changes)
    _reset_pools()
    try:
        yield celery_app
    finally:
        celery_app.conf.update(**old)
        _reset_pools()


def _reset_pools() -> None:
    """Forget the app's cached pools (kombu keeps one per broker URL; none is closed here)."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def eager_celery():
    """Tasks run in-process (also in CI run 2, where a real worker would use another database)."""
    with celery_conf(task_always_eager=True, task_eager_propagates=True) as app:
        yield app
