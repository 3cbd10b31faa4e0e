"""Permission matrix of the referee area: every role against every referee endpoint, GET and
POST, with the exact status code – and nothing changes where the answer is no."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from tests.support.builders import make_players
from tests.support.module_world import rolled_back_world
from tests.tournaments.conftest import build_world
from tournaments.enums import RulingStatus, WarningKind
from tournaments.models import PlayerWarning, RefereeCall, Ruling, TournamentStaff
from tournaments.referees.calls import referee_call_open

ROLES = [
    "anonymous",
    "plain",
    "player",
    "referee",
    "head",
    "foreign_referee",
    "desk",
    "director",
    "other_director",
    "admin",
    "commission",
]
STAFF_OF_T = {"referee", "head", "desk", "director", "admin"}  # may look
LOGGERS = {"referee", "head"}  # may log warnings and rulings (assigned to THIS tournament)
WITHDRAWERS = {"head", "director", "admin"}  # head referee or director (admin directs all)
HEAD = {"head"}  # final rulings (Klub 4.2.2)
REFEREE_LIST = {"referee", "head", "foreign_referee"}  # the federation's referee groups
ANSWERERS = {"referee", "head", "director", "admin"}  # take and close the tables' calls


@dataclass(frozen=True)
class Endpoint:
    name: str
    method: str
    allowed: frozenset[str]
    kwargs: Any = None  # ctx -> dict
    data: Any = None  # ctx -> dict
    query: Any = None  # ctx -> dict
    htmx: bool = False
    effect: Any = None  # ctx -> bool after an allowed POST

    @property
    def id(self) -> str:
        return f"{self.name.split(':')[-1]}-{self.method}"


def tk(c):
    return {"pk": c["t"].pk}


ENDPOINTS = [
    Endpoint("referee_home", "get", frozenset(REFEREE_LIST)),
    Endpoint("referee:tournament", "get", frozenset(STAFF_OF_T), kwargs=tk),
    Endpoint(
        "referee:search",
        "get",
        frozenset(STAFF_OF_T),
        kwargs=tk,
        query=lambda c: {"q": "a"},
        htmx=True,
    ),
    Endpoint(
        "referee:table",
        "get",
        frozenset(STAFF_OF_T),
        kwargs=lambda c: {"pk": c["t"].pk, "number": 1, "table_number": 1},
    ),
    Endpoint("referee:warnings", "get", frozenset(STAFF_OF_T), kwargs=tk),
    Endpoint(
        "referee:player_history",
        "get",
        frozenset(STAFF_OF_T),
        kwargs=tk,
        query=lambda c: {"player": c["player"].pk},
        htmx=True,
    ),
    Endpoint("referee:warning_create", "get", frozenset(LOGGERS), kwargs=tk),
    Endpoint(
        "referee:warning_create",
        "post",
        frozenset(LOGGERS),
        kwargs=tk,
        data=lambda c: {
            "player": c["player"].pk,
            "kind": "unofficial",
            "ground": "dropped_tiles",
            "round": "1",
        },
        effect=lambda c: PlayerWarning.objects.filter(kind=WarningKind.UNOFFICIAL).count() == 1,
    ),
    Endpoint(
        "referee:warning_withdraw",
        "get",
        frozenset(WITHDRAWERS),
        kwargs=lambda c: {"pk": c["t"].pk, "warning_pk": c["warning"].pk},
    ),
    Endpoint(
        "referee:warning_withdraw",
        "post",
        frozenset(WITHDRAWERS),
        kwargs=lambda c: {"pk": c["t"].pk, "warning_pk": c["warning"].pk},
        data=lambda c: {"reason": "Irrtum"},
        effect=lambda c: PlayerWarning.objects.get(pk=c["warning"].pk).withdrawn_at is not None,
    ),
    Endpoint("referee:rulings", "get", frozenset(STAFF_OF_T), kwargs=tk),
    Endpoint("referee:ruling_create", "get", frozenset(LOGGERS), kwargs=tk),
    Endpoint(
        "referee:ruling_create",
        "post",
        frozenset(LOGGERS),
        kwargs=tk,
        data=lambda c: {"question": "Frage", "decision": "Antwort", "objections": "0"},
        effect=lambda c: Ruling.objects.filter(question="Frage").exists(),
    ),
    Endpoint(
        "referee:ruling_final",
        "get",
        frozenset(HEAD),
        kwargs=lambda c: {"pk": c["t"].pk, "ruling_pk": c["call"].pk},
    ),
    Endpoint(
        "referee:ruling_final",
        "post",
        frozenset(HEAD),
        kwargs=lambda c: {"pk": c["t"].pk, "ruling_pk": c["call"].pk},
        data=lambda c: {"decision": "Endgültig so"},
        effect=lambda c: Ruling.objects.filter(
            status=RulingStatus.FINAL, escalated_from=c["call"]
        ).exists(),
    ),
    # Calls from the tables (issue #15.6)
    Endpoint("referee:calls", "get", frozenset(STAFF_OF_T), kwargs=tk, htmx=True),
    Endpoint(
        "referee:call_take",
        "post",
        frozenset(ANSWERERS),
        kwargs=lambda c: {"pk": c["t"].pk, "call_pk": c["table_call"].pk},
        effect=lambda c: RefereeCall.objects.get(pk=c["table_call"].pk).taken_by is not None,
    ),
    Endpoint(
        "referee:call_close",
        "get",
        frozenset(ANSWERERS),
        kwargs=lambda c: {"pk": c["t"].pk, "call_pk": c["table_call"].pk},
    ),
    Endpoint(
        "referee:call_close",
        "post",
        frozenset(ANSWERERS),
        kwargs=lambda c: {"pk": c["t"].pk, "call_pk": c["table_call"].pk},
        data=lambda c: {"outcome": "geklärt"},
        effect=lambda c: RefereeCall.objects.get(pk=c["table_call"].pk).outcome == "geklärt",
    ),
]


def test_matrix_covers_every_referee_url():
    from tournaments.urls.referee import urlpatterns

    names = {f"referee:{p.name}" for p in urlpatterns}
    assert {e.name for e in ENDPOINTS} - {"referee_home"} == names
    methods = {(e.name, e.method) for e in ENDPOINTS}
    for name in ("warning_create", "warning_withdraw", "ruling_create", "ruling_final"):
        assert (f"referee:{name}", "post") in methods


# the world is built once for the module (each test in its own savepoint, rolled back)
pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def ctx(django_db_setup, django_db_blocker, tmp_path_factory):
    with rolled_back_world(django_db_blocker, tmp_path_factory):
        w = build_world(make_players(60))
        yield {
            "t": w.t,
            "player": w.seated(1, "A"),
            "warning": w.give(w.seated(2, "B")),
            "call": w.record(3, rnd=w.rnd, table_number=1),
            "table_call": referee_call_open(table=w.rnd.tables.get(number=2), reason="Frage"),
            "users": w.users,
        }


def snapshot() -> tuple:
    return (
        sorted(
            PlayerWarning.objects.values_list("pk", "kind", "withdrawn_at", "withdrawal_reason")
        ),
        sorted(Ruling.objects.values_list("pk", "status", "decision")),
        sorted(TournamentStaff.objects.values_list("tournament_id", "user_id", "role")),
        sorted(RefereeCall.objects.values_list("pk", "taken_by", "closed_by", "outcome")),
    )


def call(client, endpoint: Endpoint, c):
    url = reverse(endpoint.name, kwargs=endpoint.kwargs(c) if endpoint.kwargs else None)
    headers = {"HTTP_HX_REQUEST": "true"} if endpoint.htmx else {}
    if endpoint.method == "get":
        return url, client.get(url, endpoint.query(c) if endpoint.query else {}, **headers)
    return url, client.post(url, endpoint.data(c) if endpoint.data else {}, **headers)


def expected_status(endpoint: Endpoint, role: str) -> int:
    if role == "anonymous":
        return 302
    if role not in endpoint.allowed:
        return 403
    return 200 if endpoint.method == "get" else 302


@pytest.mark.parametrize(
    ("endpoint", "role"),
    [pytest.param(e, r, id=f"{e.id}-{r}") for e in ENDPOINTS for r in ROLES],
)
def test_referee_endpoint_permission_matrix(client, ctx, endpoint, role):
    if role != "anonymous":
        client.force_login(ctx["users"][role])
    before = snapshot()

    url, response = call(client, endpoint, ctx)

    assert response.status_code == expected_status(endpoint, role)
    if role == "anonymous":
        assert urlsplit(response.url).path == reverse("login")
    if role not in endpoint.allowed or endpoint.method == "get":
        assert snapshot() == before
    elif endpoint.effect:
        assert endpoint.effect(ctx)


def test_forbidden_page_says_why_in_german(client, ctx):
    client.force_login(ctx["users"]["foreign_referee"])

    response = client.get(reverse("referee:tournament", args=[ctx["t"].pk]))

    assert response.status_code == 403
    assert (
        "Nur das Personal dieses Turniers sieht Verwarnungen und Entscheidungen."
        in response.content.decode()
    )


@pytest.mark.parametrize("role", ["director", "admin", "desk"])
def test_staff_who_may_look_cannot_log(client, ctx, role):
    client.force_login(ctx["users"][role])

    response = client.post(
        reverse("referee:warning_create", args=[ctx["t"].pk]),
        {"player": ctx["player"].pk, "kind": "red", "ground": "unsporting", "confirm": "1"},
    )

    assert response.status_code == 403
    assert "Nur Schiedsrichter dieses Turniers dürfen das." in response.content.decode()
    assert not PlayerWarning.objects.filter(kind=WarningKind.RED).exists()
