"""Shared fixtures: users per role, players, tournaments (thin wrappers around the builders)."""

import os
import tempfile
from pathlib import Path

import pytest
from django.db.backends.signals import connection_created

from tests.support import builders
from tournaments.enums import GlobalRole


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """SQLite tests run on a file of this process, not on Django's in-memory database: with that,
    the live server of the browser tests hands the test's one connection to every request
    thread, and two requests at once (a poll beside a save) fail with "database table is
    locked". A file gives each thread its own connection, as PostgreSQL does."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        name = Path(tempfile.gettempdir()) / f"drv-test-{os.getpid()}.sqlite3"
        database["TEST"] = {**database.get("TEST", {}), "NAME": str(name)}


def _sqlite_without_fsync(sender, connection, **kwargs):
    """A test database is thrown away: no waiting for the disk at each commit."""
    if connection.vendor == "sqlite":
        connection.connection.execute("PRAGMA synchronous = OFF")


connection_created.connect(_sqlite_without_fsync)


@pytest.fixture(autouse=True)
def _fresh_cache(monkeypatch):
    """Cached public pages are keyed by tournament id and version (a `PublicChange` id); both
    repeat between tests on SQLite."""
    _clear_public_cache()
    # One process: every change a test commits resets the memo (events.public_data_changed), so
    # a memo as long as the test keeps query counts exact on a slow machine; the memo's
    # lifetime itself is tested in tests/tournaments/common/test_versions.py.
    from tournaments.common import events

    monkeypatch.setattr(events, "VERSION_MEMO_SECONDS", 3600.0)
    yield
    _clear_public_cache()


def _clear_public_cache():
    """Never flush Redis: the Celery broker of the CI worker lives in the same database."""
    from django.core.cache import caches

    from ranking.compute import versions
    from tournaments.common import breaker, events, ratelimit
    from tournaments.common.public_cache import forget_local

    breaker.reset()
    forget_local()
    ratelimit.forget_local()
    events.forget_versions()
    versions.forget_year_versions()
    cache = caches["default"]
    if "locmem" in type(cache).__module__:
        cache.clear()
        return
    client = cache._cache.get_client(None, write=True)
    for key in client.scan_iter(match=cache.make_key("public:*")):
        client.delete(key)


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a test client's request activates its
    language in this thread (LocaleMiddleware), and a later test's German messages would
    otherwise depend on which test this worker ran before."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


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


@pytest.fixture(autouse=True)
def _no_warm_up(request, settings):
    """A publication's warm-up renders some ten pages ahead of the visitors (~0.3 s each time):
    tests that publish do not need it, what they read renders on request. The tests of the
    warm-up itself ask for it with the `warm_up` marker."""
    settings.PUBLIC_PAGES_WARM = request.node.get_closest_marker("warm_up") is not None


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


#: Tests of the pure rules core: no Django database, cache or broker by the import contract
#: (pyproject.toml), so every back end gives them the same answer.
BACKEND_FREE = (
    Path(__file__).parent / "tournaments" / "domain",
    Path(__file__).parent / "ranking" / "domain",
)


#: Modules whose tests take long (a browser, processes of their own, a world of module scope):
#: handed out first, so the test workers (pytest-xdist) do not wait for one of them at the end.
LONG = (
    "test_venue_process.py",
    "test_venue_day.py",
    "test_matrix.py",
    "test_every_page_english.py",
)


def _same_on_every_backend(item) -> bool:
    """The rules core's tests touch no back end; a `presentation` test reads how a page looks
    (axe-core, a PDF, 360 px, the language of its words): the same HTML from either back end,
    while the journeys that write through the pages run on both."""
    return item.path.parent in BACKEND_FREE or item.get_closest_marker("presentation") is not None


def pytest_collection_modifyitems(config, items):
    """The long tests first (every worker orders alike: the order is a pure function of the
    collection). SECOND_BACKEND=1 (.ci/run's PostgreSQL + Redis stage): what gives the same
    answer on every back end ran in the SQLite stage of the same CI run and is left out here."""
    items.sort(
        key=lambda item: 0 if item.get_closest_marker("browser") or item.path.name in LONG else 1
    )
    if not os.environ.get("SECOND_BACKEND"):
        return
    left_out = [item for item in items if _same_on_every_backend(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not _same_on_every_backend(item)]
