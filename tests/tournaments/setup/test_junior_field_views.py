"""The juniors' field in the browser's pages: created from the director's overview, shown apart
on the public page, served by the main tournament's staff (Klub 6.3, 7.1)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.support.builders import add_staff, make_tournament
from tests.support.reading import director_snapshot as snapshot
from tournaments.enums import StaffRole
from tournaments.models import Tournament
from tournaments.setup import services as setup_services


@pytest.fixture
def main(director):
    return make_tournament(director=director, open=True)


@pytest.fixture
def junior(main, director):
    return setup_services.junior_field_create(tournament=main, rounds_planned=2, user=director)


def test_director_creates_the_junior_field_from_the_overview(client, director, main):
    client.force_login(director)
    page = client.get(reverse("director:tournament_detail", args=[main.pk]))
    assert b"Juniorenfeld anlegen" in page.content
    response = client.post(
        reverse("director:junior_field_create", args=[main.pk]), {"rounds_planned": "2"}
    )
    junior = Tournament.objects.get(juniors_of=main)
    assert response.status_code == 302
    assert response["Location"] == reverse("director:tournament_detail", args=[junior.pk])
    page = client.get(response["Location"])
    text = page.content.decode()
    assert 'data-testid="junior-field-note"' in text
    assert "Anmeldung öffnen" not in text
    # Both fields are one click apart.
    assert reverse("director:tournament_detail", args=[main.pk]) in text


@pytest.mark.parametrize("rounds", ["9", "", "zwei"])
def test_bad_round_count_gets_a_message_and_changes_nothing(client, director, main, rounds):
    client.force_login(director)
    before = snapshot()
    response = client.post(
        reverse("director:junior_field_create", args=[main.pk]), {"rounds_planned": rounds}
    )
    assert response.status_code == 302
    assert [m.level_tag for m in get_messages(response.wsgi_request)] == ["error"]
    assert snapshot() == before


def test_other_director_cannot_create_it(client, other_director, main):
    client.force_login(other_director)
    before = snapshot()
    response = client.post(
        reverse("director:junior_field_create", args=[main.pk]), {"rounds_planned": "2"}
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_junior_edit_form_offers_only_its_own_settings(client, director, junior):
    client.force_login(director)
    url = reverse("director:tournament_edit", args=[junior.pk])
    form = client.get(url).context["form"]
    assert sorted(form.fields) == sorted(
        [
            "rounds_planned",
            "has_final",
            "final_mode",
            "finalists_count",
            "table_policy",
            "max_players",
        ]
    )
    response = client.post(
        url,
        {
            "rounds_planned": "4",
            "final_mode": "top_n",
            "finalists_count": "4",
            "table_policy": junior.table_policy,
            "venue": "Ignoriert",
        },
    )
    assert response.status_code == 302
    junior.refresh_from_db()
    assert (junior.rounds_planned, junior.venue) == (4, "Bürgerhaus")


def test_staff_page_of_the_junior_field_is_the_main_tournaments(client, director, main, junior):
    client.force_login(director)
    response = client.get(reverse("director:staff", args=[junior.pk]))
    assert response["Location"] == reverse("director:staff", args=[main.pk])


def test_public_pages_show_the_fields_apart(client, main, junior):
    home = client.get(reverse("home")).content.decode()
    assert home.count("Stadtmeisterschaft Teststadt") == 1  # the juniors' field is inside it
    page = client.get(reverse("tournament_public", args=[main.pk])).content.decode()
    assert reverse("tournament_public", args=[junior.pk]) in page
    junior_page = client.get(reverse("tournament_public", args=[junior.pk])).content.decode()
    assert "Die Junioren spielen getrennt vom Hauptfeld" in junior_page
    assert reverse("tournament_public", args=[main.pk]) in junior_page


def test_desk_of_the_main_tournament_sees_the_junior_field(client, main, junior, desk_user):
    add_staff(main, desk_user, StaffRole.DESK)
    client.force_login(desk_user)
    response = client.get(reverse("desk_home"))
    shown = [t.pk for t in response.context["tournaments"]]
    assert sorted(shown) == sorted([main.pk, junior.pk])
