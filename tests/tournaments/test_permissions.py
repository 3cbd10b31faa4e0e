"""Who may open which director URL, and what bad input does (404 / German message, never 500)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.support.builders import make_tournament, make_user, register_players
from tournaments.enums import GlobalRole, RoundStatus, TournamentStatus
from tournaments.models import (
    PairingChange,
    Player,
    Registration,
    Round,
    Seat,
    TablePin,
    Tournament,
    TournamentStaff,
)
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.urls import director as director_urls

TOURNAMENT_DENIED = "Nur die Turnierleitung dieses Turniers darf das."
DENIED = "Keine Berechtigung."


@pytest.fixture
def world(director, other_director, admin_user, referee, commission_member, plain_user, players):
    """The director's running tournament (round 1 drawn, 8 players), a draft of hers, and
    another director's own tournament."""
    t = make_tournament(director=director)
    registration_services.tournament_open_registration(tournament=t)
    register_players(t, players, count=8)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=1)
    late = registration_services.registration_add(
        tournament=t, player=players[30], reserve=True, user=director
    )
    draft = make_tournament(director=director, name="Entwurf")
    desk_row = t.staff.create(user=make_user("orga-welt"), role="desk")
    foreign = make_tournament(director=other_director, name="Anderes Turnier")

    def at(table, letter):
        return Seat.objects.get(round=rnd, table__number=table, letter=letter).player_id

    return {
        "t": t,
        "draft": draft,
        "foreign": foreign,
        "round": rnd,
        "reg": Registration.objects.get(tournament=t, player=players[0]),
        "late": late,
        "free_player": players[20],
        "desk_row": desk_row,
        "a": at(1, "A"),
        "b": at(2, "B"),
        "users": {
            "director": director,
            "other_director": other_director,
            "admin": admin_user,
            "referee": referee,
            "commission": commission_member,
            "plain": plain_user,
        },
    }


def snapshot() -> tuple:
    """Everything a director URL could change."""
    return (
        list(Tournament.objects.order_by("pk").values_list("pk", "name", "status", "venue")),
        list(
            Registration.objects.order_by("pk").values_list(
                "pk", "player_id", "reserve", "checked_in_at", "withdrawn_at"
            )
        ),
        list(Round.objects.order_by("pk").values_list("pk", "status", "released_at")),
        sorted(Seat.objects.values_list("round_id", "table__number", "letter", "player_id")),
        list(TablePin.objects.values_list("player_id", "table_number")),
        PairingChange.objects.count(),
        sorted(TournamentStaff.objects.values_list("tournament_id", "user_id", "role")),
        list(Player.objects.order_by("pk").values_list("pk", "federation_number", "last_name")),
    )


def flashed(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@dataclass(frozen=True)
class Spec:
    name: str
    method: str
    scope: str  # "admin" (registry), "area" (any director), "tournament" (its directors)
    kwargs: Any = None  # world -> dict
    data: Any = None  # world -> dict
    effect: Any = None  # world -> bool, after an allowed POST
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
        "director:round_pair",
        "post",
        "tournament",
        kwargs=tk,
        # Round 1 is not published: refused with a message, but the URL itself is allowed.
        effect=lambda w: Round.objects.filter(tournament=w["t"]).count() == 1,
    ),
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
        "director:round_release",
        "post",
        "tournament",
        kwargs=rk,
        effect=lambda w: Round.objects.get(pk=w["round"].pk).status == RoundStatus.RELEASED,
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
        effect=lambda w: not TournamentStaff.objects.filter(pk=w["desk_row"].pk).exists(),
    ),
]


def test_specs_cover_every_director_url():
    from tests.tournaments.test_desk import DESK_URL_NAMES

    names = {f"director:{p.name}" for p in director_urls.urlpatterns}
    assert {s.name for s in SPECS} | DESK_URL_NAMES == names  # desk URLs: see test_desk.py


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
def test_director_url_anonymous_is_sent_to_login(client, world, spec):
    before = snapshot()

    url, response = request(client, spec, world)

    assert response.status_code == 302
    target = urlsplit(response.url)
    assert target.path == reverse("login")
    expected_next = f"{url}?{urlencode(spec.query)}" if spec.query else url
    assert parse_qs(target.query) == {"next": [expected_next]}
    assert snapshot() == before


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_director_url_forbidden_roles_get_403_and_change_nothing(client, world, spec):
    before = snapshot()
    for role in FORBIDDEN_ROLES[spec.scope]:
        client.force_login(world["users"][role])

        _url, response = request(client, spec, world)

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
def test_director_url_allowed_roles(client, world, spec, role):
    client.force_login(world["users"][role])

    _url, response = request(client, spec, world)

    assert response.status_code == (200 if spec.method == "get" else 302)
    if spec.effect:
        assert spec.effect(world)


def test_other_director_cannot_touch_this_tournament_but_directs_his_own(
    client, world, other_director
):
    client.force_login(other_director)
    own = world["foreign"]

    assert client.get(reverse("director:tournament_detail", args=[own.pk])).status_code == 200
    assert client.get(reverse("director:registration", args=[own.pk])).status_code == 200
    home = client.get(reverse("director:home"))
    assert [t.pk for t in home.context["tournaments"]] == [own.pk]


@pytest.mark.parametrize("spec", [s for s in SPECS if s.method == "post"], ids=lambda s: s.id)
def test_post_only_urls_refuse_get(client, world, spec):
    client.force_login(world["users"]["admin"])
    url = reverse(spec.name, kwargs=spec.kwargs(world) if spec.kwargs else None)
    if spec.name in {
        "director:player_create",
        "director:player_edit",
        "director:tournament_create",
        "director:tournament_edit",
        "director:staff",
    }:
        return  # form pages: GET shows the form
    before = snapshot()

    assert client.get(url).status_code == 405
    assert snapshot() == before


# --- Bad URL input: 404, never 500 ----------------------------------------------------------

HUGE = 99999999999999999999


@pytest.mark.parametrize("role", ["director", "admin"])
def test_bad_url_input_is_404(client, world, role):
    client.force_login(world["users"][role])
    t, foreign_reg = world["t"], None
    other = make_tournament(director=world["users"]["admin"], name="Drittes Turnier")
    foreign_reg = registration_services.registration_add(
        tournament=other, player=world["free_player"], reserve=False, user=None
    )
    before = snapshot()

    gets = [
        reverse("director:tournament_detail", args=[999999]),
        reverse("director:tournament_detail", args=[HUGE]),
        reverse("director:tournament_edit", args=[999999]),
        reverse("director:registration", args=[999999]),
        reverse("director:registration_search", args=[HUGE]),
        reverse("director:round_detail", args=[t.pk, 2]),
        reverse("director:round_detail", args=[t.pk, 0]),
        reverse("director:round_detail", args=[t.pk, HUGE]),
        reverse("director:round_detail", args=[999999, 1]),
        reverse("pairing_by_table", args=[t.pk, 7]),
        reverse("pairing_by_name", args=[HUGE, 1]),
        reverse("table_cards", args=[999999, 1]),
        reverse("tournament_public", args=[HUGE]),
        "/leitung/turniere/abc/",
        "/leitung/turniere/-1/",
    ]
    if role == "admin":
        gets.append(reverse("director:player_edit", args=[999999]))
        gets.append(reverse("director:player_edit", args=[HUGE]))
    for url in gets:
        response = client.get(url)
        assert response.status_code == 404, url
        assert "Seite nicht gefunden" in response.content.decode(), url

    posts = [
        reverse("director:registration_change", args=[t.pk, foreign_reg.pk]),
        reverse("director:registration_change", args=[t.pk, HUGE]),
        reverse("director:registration_add", args=[999999]),
        reverse("director:round_swap", args=[t.pk, 2]),
        reverse("director:round_move", args=[t.pk, HUGE]),
        reverse("director:round_pin", args=[999999, 1]),
        reverse("director:round_release", args=[t.pk, 3]),
        reverse("director:round_pair", args=[HUGE]),
        reverse("director:tournament_open_registration", args=[999999]),
    ]
    for url in posts:
        response = client.post(url, {"action": "withdraw", "player": world["a"]})
        assert response.status_code == 404, url
    assert snapshot() == before


# --- Garbage POSTs: a German message, no change, no 500 --------------------------------------


def garbage_cases(w):
    t, a = w["t"], w["a"]
    swap = reverse("director:round_swap", args=[t.pk, 1])
    move = reverse("director:round_move", args=[t.pk, 1])
    pin = reverse("director:round_pin", args=[t.pk, 1])
    add = reverse("director:registration_add", args=[t.pk])
    change = reverse("director:registration_change", args=[t.pk, w["reg"].pk])
    pick = "Bitte einen Spieler aus der Suche auswählen."
    two = "Bitte zwei Spieler dieser Runde auswählen."
    where = "Bitte Spieler, Tisch und Position angeben."
    pin_msg = "Bitte einen Spieler und eine gültige Tischnummer angeben."
    outsider = w["free_player"]
    return [
        (add, {"player": "abc"}, pick),
        (add, {"player": ""}, pick),
        (add, {}, pick),
        (add, {"player": "-5"}, pick),
        (add, {"player": "²"}, pick),
        (add, {"player": str(HUGE)}, pick),
        (add, {"player": "999999"}, pick),
        (change, {"action": "explode"}, "Unbekannte Aktion."),
        (change, {}, "Unbekannte Aktion."),
        (swap, {"player_a": "abc", "player_b": a}, two),
        (swap, {"player_a": a}, two),
        (swap, {"player_a": "999999", "player_b": a}, two),
        (swap, {"player_a": str(HUGE), "player_b": a}, two),
        (
            swap,
            {"player_a": a, "player_b": outsider.pk},
            "Beide Spieler müssen in dieser Runde sitzen und verschieden sein.",
        ),
        (
            swap,
            {"player_a": a, "player_b": a},
            "Beide Spieler müssen in dieser Runde sitzen und verschieden sein.",
        ),
        (move, {"player": "abc", "table": 1, "letter": "A"}, where),
        (move, {"player": a, "table": -1, "letter": "A"}, where),
        (move, {"player": a, "table": 0, "letter": "A"}, where),
        (move, {"player": a, "table": "x", "letter": "A"}, where),
        (move, {"player": a, "table": 1, "letter": "Z"}, where),
        (move, {"player": a, "table": 1, "letter": "AB"}, where),
        (
            move,
            {"player": a, "table": 99, "letter": "A"},
            "Tisch 99 gibt es in dieser Runde nicht.",
        ),
        (
            move,
            {"player": a, "table": str(HUGE), "letter": "A"},
            f"Tisch {HUGE} gibt es in dieser Runde nicht.",
        ),
        (
            move,
            {"player": outsider.pk, "table": 1, "letter": "A"},
            f"{outsider.full_name} sitzt in dieser Runde nicht.",
        ),
        (pin, {"player": "abc", "table": 1}, pin_msg),
        (pin, {"player": a, "table": -1}, pin_msg),
        (pin, {"player": a, "table": "eins"}, pin_msg),
        (pin, {"player": a, "table": str(HUGE)}, pin_msg),
        (pin, {"player": a, "table": 1, "reason": "x" * 201}, pin_msg),
    ]


def test_garbage_posts_give_german_message_and_change_nothing(client, world, director):
    client.force_login(director)
    before = snapshot()

    for url, data, message in garbage_cases(world):
        response = client.post(url, data)
        assert response.status_code == 302, (url, data)
        assert flashed(response) == [message], (url, data)
        assert snapshot() == before, (url, data)
        assert client.get(response.url).status_code == 200  # shows and clears the message


def test_garbage_post_htmx_renders_message_in_fragment(client, world, director):
    client.force_login(director)
    t = world["t"]

    response = client.post(
        reverse("director:round_move", args=[t.pk, 1]),
        {"player": world["a"], "table": -1, "letter": "Z"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Bitte Spieler, Tisch und Position angeben." in response.content.decode()

    response = client.post(
        reverse("director:registration_change", args=[t.pk, world["reg"].pk]),
        {"action": "nonsense"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert "Unbekannte Aktion." in response.content.decode()


def test_tournament_edit_garbage_is_a_form_error(client, world, director):
    client.force_login(director)
    before = snapshot()

    response = client.post(
        reverse("director:tournament_edit", args=[world["t"].pk]),
        {**TOURNAMENT_FORM, "rounds_planned": "drei", "start_date": "32.13.2026"},
    )

    assert response.status_code == 200
    assert sorted(response.context["form"].errors) == ["rounds_planned", "start_date"]
    assert snapshot() == before


def test_staff_row_director_without_group_directs_only_that_tournament(client, world):
    """A per-tournament director assignment alone (no global role) opens that tournament."""
    helper = make_user("helferin")
    world["t"].staff.create(user=helper, role="director")
    client.force_login(helper)

    assert (
        client.get(reverse("director:tournament_detail", args=[world["t"].pk])).status_code == 200
    )
    assert (
        client.get(reverse("director:tournament_detail", args=[world["draft"].pk])).status_code
        == 403
    )
    assert client.get(reverse("director:home")).status_code == 403


def test_desk_staff_is_not_a_director(client, world):
    desk = make_user("orga", role=GlobalRole.REFEREE)
    world["t"].staff.create(user=desk, role="desk")
    client.force_login(desk)
    before = snapshot()

    response = client.post(
        reverse("director:round_release", args=[world["t"].pk, 1]),
    )

    assert response.status_code == 403
    assert snapshot() == before
