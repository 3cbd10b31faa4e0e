"""Shared fixtures: users per role, players, and a tournament built through the services."""

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model

from tournaments.enums import Category, GlobalRole, RuleSetCode, TablePolicy
from tournaments.models import Player
from tournaments.permissions import role_groups
from tournaments.registration import services as registration_services
from tournaments.setup import services as setup_services
from tournaments.simulation.players import demo_player_rows

PASSWORD = "test-passwort-123"


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Cached public pages are keyed by tournament id; ids repeat between tests."""
    _clear_public_cache()
    yield
    _clear_public_cache()


def _clear_public_cache():
    """Never flush Redis: the Celery broker of the CI worker lives in the same database."""
    from django.core.cache import caches

    cache = caches["default"]
    if "locmem" in type(cache).__module__:
        cache.clear()
        return
    client = cache._cache.get_client(None, write=True)
    for key in client.scan_iter(match=cache.make_key("public:*")):
        client.delete(key)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """The default hasher costs ~0.4 s per user; tests do not need its strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_user(username: str, *roles: GlobalRole, superuser: bool = False):
    user = get_user_model().objects.create_user(
        username=username, password=PASSWORD, is_superuser=superuser, is_staff=superuser
    )
    if roles:
        user.groups.add(*role_groups(*roles))
    return user


@pytest.fixture
def admin_user(db):
    return make_user("verband", GlobalRole.FEDERATION_ADMIN)


@pytest.fixture
def director(db):
    return make_user("leiterin", GlobalRole.DIRECTOR)


@pytest.fixture
def other_director(db):
    return make_user("anderer", GlobalRole.DIRECTOR)


@pytest.fixture
def referee(db):
    return make_user("schiri", GlobalRole.REFEREE)


@pytest.fixture
def commission_member(db):
    return make_user("kommission", GlobalRole.COMMISSION)


@pytest.fixture
def plain_user(db):
    return make_user("spielerin")


@pytest.fixture
def players(db):
    """Sixty registry players with stable federation numbers DRV-00001 …"""
    return Player.objects.bulk_create([Player(**row) for row in demo_player_rows(60)])


def create_tournament(user, **overrides):
    fields = {
        "name": "Stadtmeisterschaft Teststadt",
        "category": Category.CITY,
        "rounds_planned": 3,
        "games_per_round": 4,
        "has_final": False,
        "start_date": date(2026, 12, 12),
        "end_date": date(2026, 12, 12),
        "ranking_year": 2026,
        "venue": "Bürgerhaus",
    }
    fields.update(overrides)
    return setup_services.tournament_create(user=user, **fields)


@pytest.fixture
def tournament(director):
    return create_tournament(director)


@pytest.fixture
def open_tournament(tournament):
    registration_services.tournament_open_registration(tournament=tournament)
    tournament.refresh_from_db()
    return tournament


def create_house_tournament(user, **overrides):
    """A special tournament in the house format: 3-player tables, at most 16 (000 §1A), opened
    for registration more than 14 days before its start (Klub 6.2.1)."""
    fields = {
        "name": "Hausturnier",
        "category": Category.SPECIAL,
        "rounds_planned": 1,
        "games_per_round": 3,
        "table_policy": TablePolicy.THREE_PLAYER,
        "max_players": 16,
        "rule_set": RuleSetCode.PRE_2014,
        "start_date": date(2026, 12, 12),
        "end_date": date(2026, 12, 12),
    }
    fields.update(overrides)
    t = create_tournament(user, **fields)
    registration_services.tournament_open_registration(
        tournament=t, now=datetime(2026, 11, 1, 10, 0, tzinfo=ZoneInfo("Europe/Berlin"))
    )
    t.refresh_from_db()
    return t


def register(tournament, players, *, count: int, reserves: int = 0, user=None, check_in=True):
    """Register `count` players plus `reserves` reserves through the services."""
    for index, player in enumerate(players[: count + reserves]):
        registration_services.registration_add(
            tournament=tournament, player=player, reserve=index >= count, user=user
        )
    if check_in:
        registration_services.registrations_check_in_all(tournament=tournament)


def released_round_one(director, players, *, count: int, seed: int, desk=()):
    """An opened tournament with `count` checked-in players, round 1 drawn and released, and
    the given users assigned to its desk: the starting point of every result-sheet test."""
    from tournaments.enums import StaffRole
    from tournaments.models import TournamentStaff
    from tournaments.rounds import services as round_services

    tournament = create_tournament(director)
    registration_services.tournament_open_registration(tournament=tournament)
    register(tournament, players, count=count, user=director)
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=seed)
    round_services.round_release(rnd=rnd, user=director)
    for user in desk:
        TournamentStaff.objects.create(tournament=tournament, user=user, role=StaffRole.DESK)
    return tournament, rnd
