"""Player registry pages: create, edit, search, list query count, who may open them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.builders import make_user
from tests.support.reading import flashed
from tournaments.enums import GlobalRole
from tournaments.models import Player
from tournaments.simulation.players import demo_player_rows


def player_form(**overrides) -> dict:
    data = {
        "federation_number": "DRV-100",
        "last_name": "Krüger",
        "first_name": "Heike",
        "club": "RV München Nord",
        "city": "München",
        "birth_year": "1980",
        "email": "heike@example.org",
        "publish_name": "on",
    }
    data.update(overrides)
    return data


def test_player_create_view_saves_player(client, admin_user):
    client.force_login(admin_user)

    response = client.post(reverse("director:player_create"), player_form())

    assert response.status_code == 302
    assert response.url == reverse("director:player_list")
    assert flashed(response) == ["Krüger, Heike gespeichert."]
    player = Player.objects.get(federation_number="DRV-100")
    assert (player.full_name, player.birth_year, player.publish_name) == (
        "Krüger, Heike",
        1980,
        True,
    )


def test_player_create_view_duplicate_number_is_a_form_error(client, admin_user):
    Player.objects.create(federation_number="DRV-100", last_name="Alt", first_name="Anna")
    client.force_login(admin_user)

    response = client.post(reverse("director:player_create"), player_form())

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "federation_number": [
            "Spieler mit diesem Wert für das Feld Mitgliedsnummer existiert bereits."
        ]
    }
    assert "existiert bereits" in response.content.decode()
    assert Player.objects.count() == 1


def test_player_create_view_bad_birth_year_is_a_form_error(client, admin_user):
    client.force_login(admin_user)

    response = client.post(reverse("director:player_create"), player_form(birth_year="1800"))

    assert response.status_code == 200
    assert response.context["form"].errors == {
        "birth_year": ["Das Geburtsjahr muss zwischen 1900 und 2100 liegen."]
    }
    assert Player.objects.count() == 0


def test_player_edit_view_updates_and_refuses_taken_number(client, admin_user):
    heike = Player.objects.create(federation_number="DRV-100", last_name="K", first_name="H")
    Player.objects.create(federation_number="DRV-200", last_name="Other", first_name="O")
    client.force_login(admin_user)
    url = reverse("director:player_edit", args=[heike.pk])

    assert client.get(url).status_code == 200
    response = client.post(url, player_form(club="TSV Bremen Rummikub", publish_name=""))
    assert response.status_code == 302
    heike.refresh_from_db()
    assert (heike.full_name, heike.club, heike.publish_name) == (
        "Krüger, Heike",
        "TSV Bremen Rummikub",
        False,
    )

    response = client.post(url, player_form(federation_number="DRV-200"))
    assert response.status_code == 200
    assert "federation_number" in response.context["form"].errors
    heike.refresh_from_db()
    assert heike.federation_number == "DRV-100"


def test_player_edit_view_unknown_player_is_404(client, admin_user):
    client.force_login(admin_user)
    assert client.get(reverse("director:player_edit", args=[999999])).status_code == 404


def test_player_list_search(client, admin_user):
    Player.objects.bulk_create(
        [
            Player(federation_number="DRV-1", last_name="Müller", first_name="Anna", club="RC A"),
            Player(federation_number="DRV-2", last_name="Müller", first_name="Bernd", club="SG"),
            Player(federation_number="X-77", last_name="Schmidt", first_name="Anna", club="RC A"),
        ]
    )
    client.force_login(admin_user)
    url = reverse("director:player_list")

    def found(q):
        response = client.get(url, {"q": q})
        assert response.status_code == 200
        return [p.federation_number for p in response.context["page"].object_list]

    assert found("") == ["DRV-1", "DRV-2", "X-77"]
    assert found("müller") == ["DRV-1", "DRV-2"]
    assert found("Müller, Anna") == ["DRV-1"]
    assert found("x-77") == ["X-77"]
    assert found("RC A") == ["DRV-1", "X-77"]
    assert found("Niemand") == []
    assert "Keine Spieler gefunden." in client.get(url, {"q": "Niemand"}).content.decode()


def test_player_list_htmx_returns_only_the_results(client, admin_user):
    Player.objects.create(federation_number="DRV-1", last_name="Müller", first_name="Anna")
    client.force_login(admin_user)

    response = client.get(
        reverse("director:player_list"),
        {"q": "Mül"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="player-results",
    )

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="player-results"')
    assert "Müller, Anna" in html
    assert "<h1>" not in html


def test_player_list_query_count_does_not_grow_with_rows(client, admin_user):
    client.force_login(admin_user)
    url = reverse("director:player_list")

    def queries_for(count):
        Player.objects.all().delete()
        Player.objects.bulk_create([Player(**row) for row in demo_player_rows(count)])
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        assert response.status_code == 200
        assert len(response.context["page"].object_list) == count
        return len(ctx.captured_queries)

    small, large = queries_for(8), queries_for(40)
    assert small == large
    assert large <= 6


@pytest.mark.parametrize("role", [GlobalRole.DIRECTOR, GlobalRole.REFEREE, None])
def test_player_registry_pages_only_for_federation_admins(client, db, role):
    user = make_user("someone", role=role)
    player = Player.objects.create(federation_number="DRV-1", last_name="A", first_name="B")
    client.force_login(user)

    for name, args in (
        ("director:player_list", []),
        ("director:player_create", []),
        ("director:player_edit", [player.pk]),
        ("director:player_import", []),
    ):
        assert client.get(reverse(name, args=args)).status_code == 403, name
    response = client.post(reverse("director:player_create"), player_form())
    assert response.status_code == 403
    assert Player.objects.count() == 1
