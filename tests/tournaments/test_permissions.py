"""Who may open which director URL, and what bad input does (404 / German message, never 500)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.urls import reverse

from tests.support.builders import make_players, make_user
from tests.support.module_world import rolled_back_world
from tests.support.reading import director_snapshot as snapshot
from tests.tournaments.conftest import build_director_world
from tournaments.enums import GlobalRole, RoundStatus, TournamentStatus
from tournaments.models import (
    PairingChange,
    Player,
    Registration,
    Round,
    RoundClockAction,
    SignupRequest,
    TablePin,
    Tournament,
    TournamentStaff,
)
from tournaments.urls import director as director_urls

# the world is built once for the module (each test in its own savepoint, rolled back)
pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def director_world(django_db_setup, django_db_blocker, tmp_path_factory):
    """tests/tournaments/conftest.py's world, once for the module's ~200 tests."""
    with rolled_back_world(django_db_blocker, tmp_path_factory):
        users = {
            "director": make_user("leiterin", role=GlobalRole.DIRECTOR),
            "other_director": make_user("anderer", role=GlobalRole.DIRECTOR),
            "admin": make_user("verband", role=GlobalRole.FEDERATION_ADMIN),
            "referee": make_user("schiri", role=GlobalRole.REFEREE),
            "commission": make_user("kommission", role=GlobalRole.COMMISSION),
            "plain": make_user("spielerin"),
        }
        yield build_director_world(users, make_players(60))


TOURNAMENT_DENIED = "Nur die Turnierleitung dieses Turniers darf das."
DENIED = "Keine Berechtigung."


@dataclass(frozen=True)
class Spec:
    name: str
    method: str
    scope: str  # "admin" (registry), "area" (any director), "tournament" (its directors)
    kwargs: Any = None  # director_world -> dict
    data: Any = None  # director_world -> dict
    effect: Any = None  # director_world -> bool, after an allowed POST
    query: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.name.split(':')[1]}-{self.method}"


def tk(w):
    return {"pk": w["t"].pk}


def rk(w):
    return {"pk": w["t"].pk, "number": 1}


TOURNAMENT_FORM = {
    "name": "Neue Stadtmeisterschaft",
    "category": "city",
    "rounds_planned": "3",
    "games_per_round": "4",
    "finalists_count": "4",
    "final_mode": "top_n",
    "table_policy": "reserves",
    "start_date": "2026-12-12",
    "end_date": "2026-12-12",
    "ranking_year": "2026",
    "rule_set": "2014",
    "venue": "Geänderter Ort",
}

SPECS = [
    Spec("director:home", "get", "area"),
    Spec("director:player_list", "get", "admin"),
    Spec("director:player_create", "get", "admin"),
    Spec(
        "director:player_create",
        "post",
        "admin",
        data=lambda w: {"federation_number": "NEU-1", "last_name": "Neu", "first_name": "Nina"},
        effect=lambda w: Player.objects.filter(federation_number="NEU-1").exists(),
    ),
    Spec("director:player_edit", "get", "admin", kwargs=lambda w: {"pk": w["free_player"].pk}),
    Spec(
        "director:player_edit",
        "post",
        "admin",
        kwargs=lambda w: {"pk": w["free_player"].pk},
        data=lambda w: {"federation_number": "NEU-2", "last_name": "Neu", "first_name": "Nina"},
        effect=lambda w: Player.objects.get(pk=w["free_player"].pk).federation_number == "NEU-2",
    ),
    Spec("director:player_import", "get", "admin"),
    Spec("director:player_import_cancel", "post", "admin"),
    Spec("director:player_merge", "get", "admin", kwargs=lambda w: {"pk": w["free_player"].pk}),
    Spec(
        "director:player_merge",
        "post",
        "admin",
        kwargs=lambda w: {"pk": w["free_player"].pk},
        data=lambda w: {"other": w["spare_player"].pk, "keep": "this", "reason": "doppelt"},
        effect=lambda w: not Player.objects.filter(pk=w["spare_player"].pk).exists(),
    ),
    Spec("director:erasure_list", "get", "admin"),
    Spec(
        "director:erasure_record",
        "post",
        "admin",
        kwargs=lambda w: {"pk": w["free_player"].pk},
        data=lambda w: {"reason": "Brief"},
        effect=lambda w: w["free_player"].erasure_requests.filter(reason="Brief").exists(),
    ),
    Spec(
        "director:erasure_execute",
        "post",
        "admin",
        kwargs=lambda w: {"pk": w["erasure"].pk},
        effect=lambda w: Player.objects.get(pk=w["erasure"].player_id).erased_at is not None,
    ),
    Spec("director:tournament_create", "get", "area"),
    Spec(
        "director:tournament_create",
        "post",
        "area",
        data=lambda w: TOURNAMENT_FORM,
        effect=lambda w: Tournament.objects.filter(name="Neue Stadtmeisterschaft").exists(),
    ),
    Spec("director:tournament_detail", "get", "tournament", kwargs=tk),
    Spec("director:tournament_edit", "get", "tournament", kwargs=tk),
    Spec(
        "director:tournament_edit",
        "post",
        "tournament",
        kwargs=tk,
        data=lambda w: TOURNAMENT_FORM,
        effect=lambda w: Tournament.objects.get(pk=w["t"].pk).venue == "Geänderter Ort",
    ),
    Spec(
        "director:tournament_open_registration",
        "post",
        "tournament",
        kwargs=lambda w: {"pk": w["draft"].pk},
        effect=lambda w: (
            Tournament.objects.get(pk=w["draft"].pk).status == TournamentStatus.REGISTRATION
        ),
    ),
    Spec(
        "director:tournament_table_entry",
        "post",
        "tournament",
        kwargs=tk,
        effect=lambda w: Tournament.objects.get(pk=w["t"].pk).table_entry is False,
    ),
    Spec(
        "director:junior_field_create",
        "post",
        "tournament",
        kwargs=tk,
        data=lambda w: {"rounds_planned": "2"},
        effect=lambda w: Tournament.objects.filter(juniors_of=w["t"]).exists(),
    ),
    Spec(
        "director:junior_field_delete",
        "post",
        "tournament",
        kwargs=lambda w: {"pk": w["juniors"].pk},
        effect=lambda w: not Tournament.objects.filter(pk=w["juniors"].pk).exists(),
    ),
    Spec("director:registration", "get", "tournament", kwargs=tk),
    Spec("director:registration_search", "get", "tournament", kwargs=tk, query={"q": "DRV"}),
    Spec(
        "director:registration_add",
        "post",
        "tournament",
        kwargs=tk,
        data=lambda w: {"player": w["free_player"].pk, "reserve": "1"},
        effect=lambda w: Registration.objects.filter(player=w["free_player"]).exists(),
    ),
    Spec(
        "director:registration_check_in_all",
        "post",
        "tournament",
        kwargs=tk,
        effect=lambda w: Registration.objects.get(pk=w["late"].pk).checked_in_at is not None,
    ),
    Spec(
        "director:registration_change",
        "post",
        "tournament",
        kwargs=lambda w: {"pk": w["t"].pk, "reg_pk": w["reg"].pk},
        data=lambda w: {"action": "withdraw"},
        effect=lambda w: Registration.objects.get(pk=w["reg"].pk).withdrawn_at is not None,
    ),
    Spec(
        "director:team_create",
        "post",
        "tournament",
        kwargs=lambda w: {"pk": w["contest"].pk},
        data=lambda w: {"name": "Bonn"},
        effect=lambda w: w["contest"].teams.filter(name="Bonn").exists(),
    ),
    Spec(
        "director:registration_team_set",
        "post",
        "tournament",
        kwargs=lambda w: {"pk": w["contest"].pk, "reg_pk": w["contest_reg"].pk},
        data=lambda w: {"team": ""},
        effect=lambda w: Registration.objects.get(pk=w["contest_reg"].pk).team_id is None,
    ),
    Spec(
        "director:guest_add",
        "post",
        "tournament",
        kwargs=tk,
        data=lambda w: {"first_name": "Gerda", "last_name": "Gast", "reserve": "on"},
        effect=lambda w: Player.objects.filter(is_guest=True).exists(),
    ),
    # No window open in this world: closing is refused with a message, the URL is allowed.
    Spec(
        "director:check_in_window",
        "post",
        "tournament",
        kwargs=tk,
        data=lambda w: {"action": "close"},
    ),
    # The check-in link as a QR code and its A4 poster: the tournament's directors.
    Spec("director:check_in_qr", "get", "tournament", kwargs=tk),
    Spec("director:check_in_poster", "get", "tournament", kwargs=tk),
    Spec(
        "director:signup_decide",
        "post",
        "tournament",
        kwargs=lambda w: {"pk": w["contest"].pk, "req_pk": w["signup"].pk},
        data=lambda w: {"action": "approve"},
        effect=lambda w: SignupRequest.objects.get(pk=w["signup"].pk).status != "pending",
    ),
    Spec(
        "director:round_pair",
        "post",
        "tournament",
        kwargs=tk,
        # Round 1 is not published: refused with a message, but the URL itself is allowed.
        effect=lambda w: Round.objects.filter(tournament=w["t"]).count() == 1,
    ),
    # No tie in this world: refused with a message, but the URL itself is allowed.
    Spec("director:cut_decide", "post", "tournament", kwargs=tk, data=lambda w: {"kind": "x"}),
    Spec("director:round_detail", "get", "tournament", kwargs=rk),
    Spec(
        "director:round_swap",
        "post",
        "tournament",
        kwargs=rk,
        data=lambda w: {"player_a": w["a"], "player_b": w["b"]},
        effect=lambda w: PairingChange.objects.filter(action="swap").exists(),
    ),
    Spec(
        "director:round_move",
        "post",
        "tournament",
        kwargs=rk,
        data=lambda w: {"player": w["a"], "table": 2, "letter": "B"},
        # 4-player tables have no free seat: refused with a message.
        effect=lambda w: not PairingChange.objects.exists(),
    ),
    Spec(
        "director:round_pin",
        "post",
        "tournament",
        kwargs=rk,
        data=lambda w: {"player": w["a"], "table": 2, "reason": "Rollstuhl"},
        effect=lambda w: TablePin.objects.filter(player_id=w["a"], table_number=2).exists(),
    ),
    Spec(
        "director:round_redraw",
        "post",
        "tournament",
        kwargs=rk,
        # The drawn round is drawn again with a new seed (SPEC §7).
        effect=lambda w: PairingChange.objects.filter(action="redraw").exists(),
    ),
    Spec(
        "director:round_release",
        "post",
        "tournament",
        kwargs=rk,
        effect=lambda w: Round.objects.get(pk=w["round"].pk).status == RoundStatus.RELEASED,
    ),
    Spec(
        "director:round_clock",
        "post",
        "tournament",
        kwargs=rk,
        data=lambda w: {"action": "start", "minutes": "90"},
        # round 1 is drawn, not released: the clock is refused with a message.
        effect=lambda w: not RoundClockAction.objects.exists(),
    ),
    Spec("director:staff", "get", "tournament", kwargs=tk),
    Spec(
        "director:staff",
        "post",
        "tournament",
        kwargs=tk,
        data=lambda w: {"role": "referee", "username": "schiri"},
        effect=lambda w: w["t"].staff.filter(user__username="schiri", role="referee").exists(),
    ),
    Spec(
        "director:staff_remove",
        "post",
        "tournament",
        kwargs=lambda w: {"pk": w["t"].pk, "staff_pk": w["desk_row"].pk},
        data=lambda w: {"reason": "Schichtende"},
        effect=lambda w: not TournamentStaff.objects.filter(pk=w["desk_row"].pk).exists(),
    ),
]


def test_specs_cover_every_director_url():
    from tests.tournaments.sheets.test_desk_views import DESK_URL_NAMES

    names = {f"director:{p.name}" for p in director_urls.urlpatterns}
    # the venue laptop's own pages (404 centrally): tests/tournaments/venue/laptop/test_views.py,
    # test_central.py (resume), test_staff.py (people, log-ins) and tests/permission_matrix
    laptop = {
        f"director:venue_laptop_{n}"
        for n in ("status", "upload", "erase", "resume", "people", "person_login", "person_logout")
    }
    assert {s.name for s in SPECS} | DESK_URL_NAMES | laptop == names  # desk: test_desk_views


def request(client, spec: Spec, w):
    url = reverse(spec.name, kwargs=spec.kwargs(w) if spec.kwargs else None)
    if spec.method == "get":
        return url, client.get(url, spec.query)
    return url, client.post(url, spec.data(w) if spec.data else {})


FORBIDDEN_ROLES = {
    "admin": ["plain", "referee", "commission", "other_director", "director"],
    "area": ["plain", "referee", "commission"],
    "tournament": ["plain", "referee", "commission", "other_director"],
}
ALLOWED_ROLES = {
    "admin": ["admin"],
    "area": ["director", "other_director", "admin"],
    "tournament": ["director", "admin"],
}


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_director_url_anonymous_is_sent_to_login(client, director_world, spec):
    before = snapshot()

    url, response = request(client, spec, director_world)

    assert response.status_code == 302
    target = urlsplit(response.url)
    assert target.path == reverse("login")
    expected_next = f"{url}?{urlencode(spec.query)}" if spec.query else url
    assert parse_qs(target.query) == {"next": [expected_next]}
    assert snapshot() == before


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_director_url_forbidden_roles_get_403_and_change_nothing(client, director_world, spec):
    before = snapshot()
    for role in FORBIDDEN_ROLES[spec.scope]:
        client.force_login(director_world["users"][role])

        _url, response = request(client, spec, director_world)

        assert response.status_code == 403, role
        expected = TOURNAMENT_DENIED if spec.scope == "tournament" else DENIED
        assert expected in response.content.decode(), role
        assert snapshot() == before, role


@pytest.mark.parametrize(
    ("spec", "role"),
    [
        pytest.param(spec, role, id=f"{spec.id}-{role}")
        for spec in SPECS
        for role in ALLOWED_ROLES[spec.scope]
    ],
)
def test_director_url_allowed_roles(client, director_world, spec, role):
    client.force_login(director_world["users"][role])

    _url, response = request(client, spec, director_world)

    assert response.status_code == (200 if spec.method == "get" else 302)
    if spec.effect:
        assert spec.effect(director_world)


def test_other_director_cannot_touch_this_tournament_but_directs_his_own(client, director_world):
    client.force_login(director_world["users"]["other_director"])
    own = director_world["foreign"]

    assert client.get(reverse("director:tournament_detail", args=[own.pk])).status_code == 200
    assert client.get(reverse("director:registration", args=[own.pk])).status_code == 200
    home = client.get(reverse("director:home"))
    assert [t.pk for t in home.context["tournaments"]] == [own.pk]


@pytest.mark.parametrize("spec", [s for s in SPECS if s.method == "post"], ids=lambda s: s.id)
def test_post_only_urls_refuse_get(client, director_world, spec):
    client.force_login(director_world["users"]["admin"])
    url = reverse(spec.name, kwargs=spec.kwargs(director_world) if spec.kwargs else None)
    if spec.name in {
        "director:player_create",
        "director:player_edit",
        "director:player_merge",
        "director:tournament_create",
        "director:tournament_edit",
        "director:staff",
    }:
        return  # form pages: GET shows the form
    before = snapshot()

    assert client.get(url).status_code == 405
    assert snapshot() == before


def test_staff_row_director_without_group_directs_only_that_tournament(client, director_world):
    """A per-tournament director assignment alone (no global role) opens that tournament."""
    helper = make_user("helferin")
    director_world["t"].staff.create(user=helper, role="director")
    client.force_login(helper)

    assert (
        client.get(reverse("director:tournament_detail", args=[director_world["t"].pk])).status_code
        == 200
    )
    assert (
        client.get(
            reverse("director:tournament_detail", args=[director_world["draft"].pk])
        ).status_code
        == 403
    )
    assert client.get(reverse("director:home")).status_code == 403


def test_desk_staff_is_not_a_director(client, director_world):
    desk = make_user("orga", role=GlobalRole.REFEREE)
    director_world["t"].staff.create(user=desk, role="desk")
    client.force_login(desk)
    before = snapshot()

    response = client.post(
        reverse("director:round_release", args=[director_world["t"].pk, 1]),
    )

    assert response.status_code == 403
    assert snapshot() == before
