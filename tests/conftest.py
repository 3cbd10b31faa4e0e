"""Shared fixtures: users per role, players, tournaments (thin wrappers around the builders)."""

import pytest

from tests.support import builders
from tournaments.enums import GlobalRole


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Cached public pages are keyed by tournament id; ids repeat between tests."""
    _clear_public_cache()
    yield
    _clear_public_cache()


def _clear_public_cache():
    """Never flush Redis: the Celery broker of the CI worker lives in the same database."""
    from django.core.cache import caches

    from tournaments.common import breaker
    from tournaments.common.public_cache import forget_local

    breaker.reset()
    forget_local()
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


@pytest.fixture(autouse=True)
def _small_pairing_search(settings):
    """Database tests pair rounds 2+ with a small search (the domain's full budget costs ~1 s a
    draw); the pure pairing tests in tests/tournaments/domain/ keep the full strength."""
    settings.PAIRING_SEARCH_ITERATIONS = 2000
    settings.PAIRING_SEARCH_BEAM = 200


@pytest.fixture
def admin_user(db):
    return builders.make_user("verband", role=GlobalRole.FEDERATION_ADMIN)


@pytest.fixture
def director(db):
    return builders.make_user("leiterin", role=GlobalRole.DIRECTOR)


@pytest.fixture
def other_director(db):
    return builders.make_user("anderer", role=GlobalRole.DIRECTOR)


@pytest.fixture
def referee(db):
    return builders.make_user("schiri", role=GlobalRole.REFEREE)


@pytest.fixture
def commission_member(db):
    return builders.make_user("kommission", role=GlobalRole.COMMISSION)


@pytest.fixture
def plain_user(db):
    return builders.make_user("spielerin")


@pytest.fixture
def desk_user(db):
    return builders.make_user("orga")


@pytest.fixture
def players(db):
    """Sixty registry players with stable federation numbers DRV-00001 …"""
    return builders.make_players(60)


@pytest.fixture
def tournament(director):
    return builders.make_tournament(director=director)


@pytest.fixture
def open_tournament(director):
    return builders.make_tournament(director=director, open=True)
