"""The registration pages: field status, add, change, check-in, search."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.builders import make_named_players, make_tournament, register_players
from tests.support.reading import flashed, reg_of
from tournaments.registration import services as registration_services


def test_registration_page_shows_field_status(client, open_tournament, players, director):
    register_players(open_tournament, players, count=37, reserves=2)
    client.force_login(director)

    response = client.get(reverse("director:registration", args=[open_tournament.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    assert (
        "37 Spieler: es werden genau 3 Ersatzspieler gebraucht (Klub 6.1), eingecheckt sind 2."
        in html
    )
    assert response.context["field"].ok is False
    assert response.context["active_count"] == 39


def test_registration_add_view(client, open_tournament, players, director):
    client.force_login(director)
    url = reverse("director:registration_add", args=[open_tournament.pk])

    response = client.post(url, {"player": players[0].pk, "reserve": "1"})

    assert response.status_code == 302
    assert (
        response.url == reverse("director:registration", args=[open_tournament.pk]) + "?angemeldet"
    )
    assert flashed(response) == [f"{players[0].full_name} als Ersatzspieler angemeldet."]
    assert reg_of(open_tournament, players[0]).reserve is True
    client.get(response.url)  # shows (and consumes) the message

    response = client.post(url, {"player": players[0].pk})
    assert flashed(response) == [f"{players[0].full_name} ist bereits angemeldet."]
    assert open_tournament.registrations.count() == 1


def test_registration_add_view_htmx_returns_the_list(client, open_tournament, players, director):
    client.force_login(director)

    response = client.post(
        reverse("director:registration_add", args=[open_tournament.pk]),
        {"player": players[0].pk},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="registration-list"')
    assert f"{players[0].full_name} angemeldet." in html


def test_registration_change_view_actions(client, open_tournament, players, director):
    register_players(open_tournament, players, count=1, check_in=False)
    reg = reg_of(open_tournament, players[0])
    client.force_login(director)
    url = reverse("director:registration_change", args=[open_tournament.pk, reg.pk])

    def do(action):
        response = client.post(url, {"action": action})
        assert response.status_code == 302
        reg.refresh_from_db()
        return response

    do("check_in")
    assert reg.checked_in_at is not None
    do("reserve_on")
    assert reg.reserve
    do("reserve_off")
    assert not reg.reserve
    do("check_out")
    assert reg.checked_in_at is None
    do("withdraw")
    assert reg.withdrawn_at is not None
    assert flashed(do("check_in")) == ["Abgemeldete Spieler können nicht einchecken."]
    do("reinstate")
    assert reg.withdrawn_at is None


def test_registration_check_in_all_view(client, open_tournament, players, director):
    register_players(open_tournament, players, count=6, check_in=False)
    client.force_login(director)

    response = client.post(reverse("director:registration_check_in_all", args=[open_tournament.pk]))

    assert flashed(response) == ["6 Spieler eingecheckt."]
    assert open_tournament.registrations.filter(checked_in_at__isnull=True).count() == 0


def test_registration_search_excludes_registered_players(
    client, open_tournament, players, director
):
    register_players(open_tournament, players, count=1, check_in=False)
    client.force_login(director)
    url = reverse("director:registration_search", args=[open_tournament.pk])

    def found(q):
        response = client.get(url, {"q": q}, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        html = response.content.decode()
        assert html.lstrip().startswith('<ul id="search-results"')
        return [p.federation_number for p in players if p.federation_number in html]

    assert found(players[0].federation_number) == []
    assert found(players[1].federation_number) == [players[1].federation_number]
    assert found("D") == []  # too short to search
    assert (
        "Kein passender Spieler, oder schon angemeldet."
        in client.get(url, {"q": players[0].federation_number}).content.decode()
    )


def test_registration_search_without_javascript_shows_the_whole_page(
    client, open_tournament, players, director
):
    """The search button of the <noscript> form: the page with the results and the query."""
    client.force_login(director)
    url = reverse("director:registration_search", args=[open_tournament.pk])

    html = client.get(url, {"q": players[1].federation_number}).content.decode()

    assert html.startswith("<!doctype html>")
    assert f'value="{players[1].federation_number}"' in html
    assert f'aria-label="{players[1].full_name} anmelden"' in html


def test_after_adding_the_search_is_empty_and_focused(client, open_tournament, players, director):
    """Issue #17.4: the next name can be typed at once (without JavaScript: the reloaded page;
    with htmx: static/js/site.js clears and focuses the field named by data-clears-search)."""
    client.force_login(director)
    response = client.post(
        reverse("director:registration_add", args=[open_tournament.pk]), {"player": players[0].pk}
    )

    html = client.get(response.url).content.decode()

    search = html[html.index('<input type="search" id="reg-q"') :]
    search = search[: search.index(">")]
    assert 'value=""' in search and "autofocus" in search
    plain = client.get(reverse("director:registration", args=[open_tournament.pk]))
    assert "autofocus" not in plain.content.decode()


def test_row_buttons_name_their_player(client, open_tournament, director):
    """Issue #17.4: screen readers hear "Schulz, Anna abmelden", not five times "abmelden"."""
    (anna,) = make_named_players([("Schulz", "Anna")])
    register_players(open_tournament, [anna], count=1, check_in=False)
    client.force_login(director)

    html = client.get(reverse("director:registration", args=[open_tournament.pk])).content.decode()

    for label in ("Schulz, Anna abmelden", "Schulz, Anna einchecken", "Schulz, Anna als Ersatz"):
        assert f'aria-label="{label}"' in html


def test_registration_page_query_count_does_not_grow(client, director, players):
    client.force_login(director)

    def queries_for(count):
        t = make_tournament(director=director, name=f"Turnier {count}")
        register_players(t, players, count=count, reserves=2)
        registration_services.registration_update(
            registration=reg_of(t, players[0]), withdrawn=True
        )
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse("director:registration", args=[t.pk]))
        assert response.status_code == 200
        assert len(response.context["registrations"]) == count + 2
        return len(ctx.captured_queries)

    small, large = queries_for(8), queries_for(40)
    assert small == large
    assert large <= 11  # one of them: online requests and the waiting list (issue 16)
