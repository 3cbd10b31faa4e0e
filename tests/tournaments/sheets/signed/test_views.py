"""The desk board's button "Alle am Tisch bestätigten Blätter übernehmen" (issue 28.4): who may
press it, the summary as messages (a plain form) or in place (htmx), bad requests."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.builders import (
    FIXED_SHEET,
    make_table_entry,
    sign_table_entry,
)
from tournaments.enums import SheetStatus
from tournaments.models import ResultSheet, SheetVersion
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db

TAKEN = "Als bestätigt übernommen: das Blatt von Tisch 1."
DISPUTED = (
    "Nicht übernommen, Einspruch am Tisch (auf der Bogenseite den Papierbogen blind "
    "nachtippen): Tisch 2 (C)."
)


@pytest.fixture
def w(desk_round):
    """Table 1 signed by everyone at the table, table 2 disputed by C."""
    tables = desk_round["tables"]
    first = make_table_entry(tables[1], FIXED_SHEET, letter="B")
    sign_table_entry(first, dict.fromkeys("ACD", "confirmed"))
    second = make_table_entry(tables[2], FIXED_SHEET, letter="A")
    sign_table_entry(second, {"B": "confirmed", "C": "disputed"}, note="Spiel 2 falsch")
    return desk_round


def url(w, number=1):
    return reverse("director:desk_confirm_signed", args=[w["t"].pk, number])


def board_url(w):
    return reverse("director:desk_board", args=[w["t"].pk, 1])


def statuses():
    return dict(ResultSheet.objects.values_list("table__number", "status"))


def messages_of(response):
    return [str(m) for m in response.context["messages"]]


def test_other_roles_get_403_and_anonymous_the_log_in_and_nothing_changes(
    client, w, other_director, referee, plain_user
):
    for user in (other_director, referee, plain_user):
        client.force_login(user)
        response = client.post(url(w))
        assert response.status_code == 403, user
        assert "Nur Orgatisch und Turnierleitung dieses Turniers." in response.content.decode()
    client.logout()
    response = client.post(url(w))
    assert (response.status_code, response.url) == (302, f"/konto/anmelden/?next={url(w)}")
    assert SheetVersion.objects.count() == 2
    assert statuses() == {1: SheetStatus.ENTERED, 2: SheetStatus.ENTERED}


def test_without_javascript_the_board_shows_the_summary_as_messages(client, w):
    client.force_login(w["desk"])
    response = client.post(url(w))
    assert (response.status_code, response.url) == (302, board_url(w))
    board = client.get(response.url)
    assert messages_of(board) == [TAKEN, DISPUTED]
    assert [r["state"] for r in board.context["rows"]] == ["confirmed", "disputed"]
    sheet = ResultSheet.objects.get(round=w["round"], table__number=1)
    assert (sheet.status, sheet.current.created_by) == (SheetStatus.CONFIRMED, w["desk"])


def test_with_htmx_the_summary_comes_in_place_and_the_board_polls_at_once(client, w):
    client.force_login(w["desk"])
    response = client.post(url(w), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html  # only the summary
    assert html == (
        '<div class="messages" data-testid="signed-summary">'
        f'<p class="message message-success">{TAKEN}</p>'
        f'<p class="message message-warning">{DISPUTED}</p></div>'
    )
    assert json.loads(response["HX-Trigger"]) == {"live-now": {"target": "#desk-board"}}
    assert statuses() == {1: SheetStatus.CONFIRMED, 2: SheetStatus.ENTERED}
    # Shown once, in place: no message waits for the next page.
    assert messages_of(client.get(board_url(w))) == []


def test_a_second_press_says_what_is_confirmed_already(client, w):
    client.force_login(w["director"])
    client.post(url(w), follow=True)  # the first summary read
    response = client.post(url(w), follow=True)
    assert messages_of(response) == [
        "Kein Blatt übernommen: keines ist von allen an seinem Tisch bestätigt.",
        DISPUTED,
        "Bereits bestätigt, unverändert: Tisch 1.",
    ]
    assert SheetVersion.objects.count() == 3


def test_a_published_round_gets_a_message_not_an_error(client, w, director):
    client.force_login(w["desk"])
    client.post(url(w), follow=True)
    sheet = ResultSheet.objects.get(round=w["round"], table__number=2)
    sheet_services.sheet_confirm(
        sheet=sheet, expected_version=1, user=director, retyped=FIXED_SHEET
    )
    round_services.round_publish(rnd=w["round"], user=director)
    response = client.post(url(w), follow=True)
    assert response.redirect_chain == [(board_url(w), 302)]
    assert messages_of(response) == ["Diese Runde ist bereits veröffentlicht."]
    assert 'action="' + url(w) + '"' not in response.content.decode()  # no button any more


def test_bad_requests_get_clear_answers(client, w):
    client.force_login(w["desk"])
    assert client.get(url(w)).status_code == 405
    assert client.post(url(w, number=9)).status_code == 404
    assert (
        client.post(f"/leitung/turniere/{w['t'].pk}/runden/x/orgatisch/uebernehmen/").status_code
        == 404
    )
    assert SheetVersion.objects.count() == 2


def test_the_form_needs_its_csrf_token(w):
    client = Client(enforce_csrf_checks=True)
    client.force_login(w["desk"])
    assert client.post(url(w)).status_code == 403
    assert statuses() == {1: SheetStatus.ENTERED, 2: SheetStatus.ENTERED}


def test_the_board_has_the_button_as_a_plain_form_with_htmx(client, w):
    client.force_login(w["desk"])
    html = client.get(board_url(w)).content.decode()
    form = html.split(f'action="{url(w)}"')[1].split("</form>")[0]
    assert f'data-hx-post="{url(w)}"' in form
    assert 'data-hx-target="#desk-signed-summary"' in form
    assert "Alle am Tisch bestätigten Blätter übernehmen</button>" in form
    assert 'name="csrfmiddlewaretoken"' in form
    assert '<div id="desk-signed-summary" role="status" aria-live="polite"></div>' in html
