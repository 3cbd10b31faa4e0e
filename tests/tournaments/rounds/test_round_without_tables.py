"""A drawn round left without tables (issue 27: a red card before the release, the rest cannot be
seated, SPEC §7): the director's page says so and offers only the new draw; swap, move, table
fixing and release are refused until the round is drawn again."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import give_warning, make_drawn_round, make_user
from tests.support.reading import flashed
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import PairingChange, Seat, TablePin
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db

NO_TABLES = "Diese Runde hat keine Tische: bitte zuerst neu auslosen („Neu auslosen“)."


@pytest.fixture
def without_tables(director, players):
    """8 players at tables of four, one carded before the release: 7 need a reserve (Klub
    6.1), so the round keeps no tables."""
    t, rnd = make_drawn_round(director=director, players=players, count=8, seed=3)
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    carded = Seat.objects.filter(round=rnd).first().player
    give_warning(t, carded, kind=WarningKind.RED, user=referee)
    assert rnd.tables.count() == 0
    return t, rnd


def test_overrides_and_release_are_refused_while_the_round_has_no_tables(
    without_tables, players, director
):
    t, rnd = without_tables
    a, b = players[1], players[2]
    attempts = {
        "swap": lambda: round_services.round_swap_players(
            rnd=rnd, player_a=a, player_b=b, user=director
        ),
        "move": lambda: round_services.round_move_player(
            rnd=rnd, player=a, table_number=1, letter="A", user=director
        ),
        "pin": lambda: round_services.pin_set(
            tournament=t, player=a, table_number=1, reason="Rollstuhl", user=director, rnd=rnd
        ),
        "release": lambda: round_services.round_release(rnd=rnd, user=director),
    }

    for action, attempt in attempts.items():
        with pytest.raises(ValidationError) as refused:
            attempt()
        assert refused.value.messages == [NO_TABLES], action

    rnd.refresh_from_db()
    assert (rnd.status, rnd.tables.count(), rnd.seats.count()) == ("drawn", 0, 0)
    assert list(PairingChange.objects.filter(round=rnd).values_list("action", flat=True)) == [
        "redraw"
    ]
    assert TablePin.objects.count() == 0


@pytest.mark.parametrize(
    ("view", "data"),
    [
        ("director:round_swap", {"player_a": 2, "player_b": 3}),
        ("director:round_move", {"player": 2, "table": 1, "letter": "A"}),
        ("director:round_pin", {"player": 2, "table": 1, "reason": "Rollstuhl"}),
        ("director:round_release", {}),
    ],
)
def test_the_views_refuse_them_with_the_reason(
    client, without_tables, director, players, view, data
):
    """Player fields name an index into `players` (the tournament's players 1 and 2)."""
    t, rnd = without_tables
    client.force_login(director)
    data = {k: players[v].pk if k.startswith("player") else v for k, v in data.items()}

    response = client.post(reverse(view, args=[t.pk, 1]), data)

    assert response.status_code == 302
    assert flashed(response) == [NO_TABLES]
    assert (rnd.tables.count(), TablePin.objects.count(), PairingChange.objects.count()) == (
        0,
        0,
        1,
    )


def urls(t) -> dict[str, str]:
    names = [
        "round_redraw", "round_release", "round_swap", "round_move", "round_pin", "result_sheets",
    ]  # fmt: skip
    found = {name: reverse(f"director:{name}", args=[t.pk, 1]) for name in names}
    found["pairing_by_table"] = reverse("pairing_by_table", args=[t.pk, 1])
    return found


def test_the_round_page_without_tables_offers_only_the_new_draw(client, without_tables, director):
    t, rnd = without_tables
    client.force_login(director)

    page = client.get(reverse("director:round_detail", args=[t.pk, 1])).content.decode()

    assert (
        '<div class="notice notice-warn stack" role="alert" data-testid="round-no-tables">\n'
        "  <p><strong>Diese Runde hat noch keine Tische.</strong> Sie muss neu ausgelost werden, "
        "bevor die Paarung freigegeben werden kann.</p>"
    ) in page
    assert 'data-testid="round-redrawn">' in page
    assert f'<form method="post" action="{urls(t)["round_redraw"]}">' in page
    assert ">Neu auslosen</button>" in page
    shown = {name: url in page for name, url in urls(t).items()}
    assert shown == {
        "round_redraw": True,
        "round_release": False,
        "round_swap": False,
        "round_move": False,
        "round_pin": False,
        "result_sheets": False,
        "pairing_by_table": False,
    }
    for hidden in ('id="h-metrics"', 'id="h-tables"', 'id="h-edit"', "Startwert"):
        assert hidden not in page, hidden
    assert 'id="h-log"' in page  # the change log says what happened


def test_the_round_page_after_the_new_draw_shows_tables_and_forms_again(
    client, without_tables, director, players
):
    t, rnd = without_tables
    reserve = registration_services.registration_add(
        tournament=t, player=players[40], reserve=True, user=director
    )
    registration_services.registration_update(registration=reserve, checked_in=True)
    client.force_login(director)
    response = client.post(reverse("director:round_redraw", args=[t.pk, 1]))
    assert response.status_code == 302
    rnd.refresh_from_db()

    page = client.get(reverse("director:round_detail", args=[t.pk, 1])).content.decode()

    assert 'data-testid="round-no-tables"' not in page
    assert (
        '<p class="notice notice-warn" role="alert" data-testid="round-redrawn">'
        f"Neu ausgelost (Startwert {rnd.seed}).</p>"
    ) in page
    shown = {name: url in page for name, url in urls(t).items()}
    assert shown == {
        "round_redraw": False,
        "round_release": True,
        "round_swap": True,
        "round_move": True,
        "round_pin": True,
        "result_sheets": True,
        "pairing_by_table": True,
    }
    for present in ('id="h-metrics"', 'id="h-tables"', 'id="h-edit"', 'id="h-log"'):
        assert present in page, present
    assert page.count('<li class="card"><h3>Tisch ') == 2
