"""The permission matrix (issue 19.9): every URL × every role × GET and POST, as written down in
the tables next to this file. A URL without rows fails; no cell may answer 500; a cell writes to
the database only where its table says W. Every URL also gets an empty POST (issue 30.4): where
its call posts data, the first role let in posts again without any field, and that is no 500
either.

One world for the module (tests/support/permission_world.py), built in a transaction that is
rolled back at the end; every request runs in a savepoint of its own that is rolled back, so an
allowed write never reaches the next cell.
"""

from __future__ import annotations

import re
from unittest import mock
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.permission_matrix import (
    accounts,
    admin,
    api,
    director,
    public,
    ranking,
    referee,
    table,
    venue,
)
from tests.permission_matrix.matrix import METHODS, parse
from tests.support.module_world import rolled_back_world
from tests.support.permission_world import ROLES, make_permission_world
from tests.support.routes import url_routes
from tournaments.common import ratelimit

# the module builds one world for all its tests: one test worker (pytest-xdist) runs them all
pytestmark = pytest.mark.xdist_group("permission-matrix")

TABLES = (public, accounts, director, referee, ranking, api, table, venue)
ROUTES = list(url_routes())
CALLS = {
    **{m.PREFIX + key: call for m in TABLES for key, call in m.CALLS.items()},
    **admin.calls(ROUTES),
}
EXPECTED = {
    cell: codes for m in (*TABLES, admin) for cell, codes in parse(m.TABLE, m.PREFIX).items()
}

UNTRACKED = {
    "django_session",  # a session is not data
    "axes_accessattempt",  # django-axes records log-in attempts on purpose
    "axes_accessfailurelog",
    "axes_accesslog",
    # stored standings: derived data, stored by the first reader after a change (issue 14);
    # at most one row per tournament, published round, names choice and language
    "tournaments_standingssnapshot",
    # who placed where, stored beside the newest standings (issue 33.6): one row per tournament
    "tournaments_standingsplaces",
}
WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


def url_key(name: str, route: str) -> str:
    return admin.PREFIX + admin.key_of(name, route) if name.startswith("admin:") else name


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker, tmp_path_factory):
    """The world and a session cookie per role; all rolled back after the module."""
    with rolled_back_world(django_db_blocker, tmp_path_factory):
        w = make_permission_world()
        sessions = {}
        for role, user in w.users.items():
            client = Client()
            if user is not None:
                client.force_login(user)
            sessions[role] = client.cookies.get(settings.SESSION_COOKIE_NAME)
        yield w, sessions


def written_tables(queries) -> set[str]:
    tables = {m[1].lower() for q in queries.captured_queries if (m := WRITE.match(q["sql"]))}
    return tables - UNTRACKED


def is_login_redirect(response, url: str) -> bool:
    target = urlsplit(response["Location"])
    login = reverse("admin:login") if url.startswith("/admin/") else reverse("login")
    return target.path == login and parse_qs(target.query).get("next") == [url]


def outcome(response, url: str, wrote: set[str]) -> str:
    """The cell's code as the tables write it; `+W` marks a write where none is allowed."""
    status = response.status_code
    if status == 302 and wrote:
        return "W"
    code = "L" if status == 302 and is_login_redirect(response, url) else str(status)
    return f"{code}+W" if wrote else code


def url_of(w, key: str) -> str:
    call = CALLS[key]
    if call.path is not None:
        url = call.path(w)
    else:
        url = reverse(key.split("@")[0], kwargs=call.kwargs(w) if call.kwargs else None)
    return f"{url}?{urlencode(call.query)}" if call.query else url


def cell(w, session, key: str, method: str, *, empty: bool = False) -> tuple[str, str]:
    """One request in a savepoint that is rolled back: (code, the exception of a 500).
    `empty`: a POST without any fields instead of the call's data."""
    url = url_of(w, key)
    client = Client(raise_request_exception=False)
    if session is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = session.value
    # every cell is a first try: the cache's counters (sign-up, reset, table keys; issue #30)
    # are not rolled back with the savepoint, and their limits are tested in their own modules
    with (
        CaptureQueriesContext(connection) as queries,
        transaction.atomic(),
        mock.patch.object(ratelimit, "exceeded", return_value=False),
    ):
        if method == "GET":
            response = client.get(url)
        else:
            data = None if empty else CALLS[key].data
            response = client.post(url, data(w) if data else {})
        transaction.set_rollback(True)
    error = ""
    if response.status_code >= 500:
        error = repr(response.exc_info[1]) if response.exc_info else str(response.status_code)
    return outcome(response, url, written_tables(queries)), error


def as_rows(key: str, codes: dict) -> str:
    """The observed cells written like a table, for a URL that has no rows yet."""
    short = key.split(":", 1)[1] if ":" in key else key
    return "\n".join(
        f"{short:<29}{method:<5}" + "".join(f"{codes[method, r]:<5}" for r in ROLES).rstrip()
        for method in METHODS
    )


def test_every_url_has_a_call_and_rows():
    """A new URL fails here until it has a call in its table's module and its rows."""
    urls = {url_key(name, route) for name, route in ROUTES}
    called = {key.split("@")[0] for key in CALLS}
    assert sorted(urls - called) == [], "add a Call (and rows) in tests/permission_matrix/"
    assert sorted(called - urls) == [], "a Call for a URL that is gone"
    assert sorted(set(CALLS) - {key for key, _method in EXPECTED}) == [], "rows missing"
    assert sorted({key for key, _method in EXPECTED} - set(CALLS)) == [], "rows without a call"


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(CALLS))
def test_permission_matrix(world, key):
    w, sessions = world
    actual, errors = {}, {}
    for method in METHODS:
        for role in ROLES:
            actual[method, role], error = cell(w, sessions[role], key, method)
            if error:
                errors[method, role] = error
    if CALLS[key].data is not None and (key, "POST") in EXPECTED:
        # bad input is never a 500 (issue 30.4): the first role the view lets in posts again,
        # without any fields (what the answer is, and whether it writes, is not judged here)
        passed = [r for r in ROLES if EXPECTED[key, "POST"][r] not in {"L", "403", "404", "405"}]
        if passed:
            _code, error = cell(w, sessions[passed[0]], key, "POST", empty=True)
            if error:
                errors["empty POST", passed[0]] = error
    assert errors == {}
    if (key, "GET") not in EXPECTED:
        pytest.fail(
            f"No rows yet; observed (judge every cell before copying):\n{as_rows(key, actual)}"
        )
    wrong = [
        f"{method} as {role}: {actual[method, role]}, the table says {EXPECTED[key, method][role]}"
        for method in METHODS
        for role in ROLES
        if actual[method, role] != EXPECTED[key, method][role]
    ]
    assert not wrong, "\n".join(wrong)


WRITES = sorted(
    (key, next(r for r in ROLES if codes[r] == "W"))
    for (key, method), codes in EXPECTED.items()
    if method == "POST" and "W" in codes.values()
)


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "role"), WRITES, ids=[key for key, _role in WRITES])
def test_writes_need_the_csrf_token(world, key, role):
    """Every write the matrix allows is refused without the form's CSRF token (no view is
    exempt): the first role whose cell is W posts again, without it."""
    w, sessions = world
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    if sessions[role] is not None:
        client.cookies[settings.SESSION_COOKIE_NAME] = sessions[role].value
    url, data = url_of(w, key), CALLS[key].data
    # every cell is a first try: the cache's counters (sign-up, reset, table keys; issue #30)
    # are not rolled back with the savepoint, and their limits are tested in their own modules
    with (
        CaptureQueriesContext(connection) as queries,
        transaction.atomic(),
        mock.patch.object(ratelimit, "exceeded", return_value=False),
    ):
        response = client.post(url, data(w) if data else {})
        transaction.set_rollback(True)

    assert (response.status_code, written_tables(queries)) == (403, set())
