"""Calls for a referee from the tables (issue #15.6, Klub 4.1): recorded once, taken and closed
once each, listed live in the referee area with the tables whose sheet was disputed."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.builders import FIXED_SHEET, make_table_entry, sign_table_entry
from tests.support.reading import flashed
from tournaments.enums import RoundStatus
from tournaments.models import RefereeCall, Round
from tournaments.referees import calls as referee_calls

pytestmark = pytest.mark.django_db


def table(w, number=1):
    return w.rnd.tables.get(number=number)


def open_call(w, number=1, reason="Joker strittig"):
    return referee_calls.referee_call_open(
        table=table(w, number), reason=reason, device="dev-9 · Safari iOS"
    )


def test_a_call_is_recorded_with_table_round_reason_and_device(w):
    call = open_call(w, 2)
    call.refresh_from_db()
    assert (call.tournament, call.round, call.table.number) == (w.t, w.rnd, 2)
    assert (call.reason, call.device) == ("Joker strittig", "dev-9 · Safari iOS")
    assert (call.taken_by, call.closed_by, call.outcome) == (None, None, "")


def test_calling_again_while_open_calls_once(w):
    first = open_call(w)
    again = open_call(w, reason="schnell bitte")
    assert again.pk == first.pk
    assert RefereeCall.objects.count() == 1
    referee_calls.referee_call_close(call=first, user=w.users["referee"], outcome="geklärt")
    assert open_call(w).pk != first.pk  # after closing, a new call
    assert RefereeCall.objects.count() == 2


def test_no_call_outside_the_rounds_play(w):
    Round.objects.filter(pk=w.rnd.pk).update(status=RoundStatus.PUBLISHED)
    with pytest.raises(ValidationError) as excinfo:
        open_call(w)
    assert excinfo.value.messages == [
        "Diese Runde wird gerade nicht gespielt; bitte den Schiedsrichter direkt ansprechen."
    ]
    assert RefereeCall.objects.count() == 0


def test_taken_once_a_second_referee_gets_a_clear_conflict(w):
    call = open_call(w)
    taken = referee_calls.referee_call_take(call=call, user=w.users["referee"])
    assert taken.taken_by == w.users["referee"]
    first_time = taken.taken_at
    # The same referee pressing again changes nothing.
    again = referee_calls.referee_call_take(call=call, user=w.users["referee"])
    assert again.taken_at == first_time
    with pytest.raises(ValidationError) as excinfo:
        referee_calls.referee_call_take(call=call, user=w.users["head"])
    (message,) = excinfo.value.messages
    assert message.startswith("Den Ruf von Tisch 1 hat bereits schiri um ")
    assert message.endswith(" übernommen.")
    call.refresh_from_db()
    assert (call.taken_by, call.taken_at) == (w.users["referee"], first_time)


def test_only_the_tournaments_referees_and_director_answer_calls(w):
    call = open_call(w)
    for role in ("desk", "foreign_referee", "other_director", "plain"):
        with pytest.raises(PermissionDenied):
            referee_calls.referee_call_take(call=call, user=w.users[role])
    assert (
        referee_calls.referee_call_take(call=call, user=w.users["director"]).taken_by
        == (w.users["director"])
    )


def test_closed_once_with_outcome_and_the_ruling_it_led_to(w):
    call = open_call(w)
    referee_calls.referee_call_take(call=call, user=w.users["referee"])
    ruling = w.record(rnd=w.rnd, table_number=1)
    closed = referee_calls.referee_call_close(
        call=call, user=w.users["referee"], outcome="Joker bleibt", ruling=ruling
    )
    closed.refresh_from_db()
    assert (closed.closed_by, closed.outcome, closed.ruling) == (
        w.users["referee"],
        "Joker bleibt",
        ruling,
    )
    with pytest.raises(ValidationError) as excinfo:
        referee_calls.referee_call_close(call=call, user=w.users["head"], outcome="nochmal")
    assert excinfo.value.messages[0].startswith("Der Ruf von Tisch 1 wurde bereits um ")
    closed.refresh_from_db()
    assert closed.outcome == "Joker bleibt"


def test_closing_needs_an_outcome_and_a_referee_cannot_close_anothers_call(w):
    call = open_call(w)
    referee_calls.referee_call_take(call=call, user=w.users["head"])
    with pytest.raises(ValidationError) as excinfo:
        referee_calls.referee_call_close(call=call, user=w.users["referee"], outcome="x")
    assert "abschließen kann ihn nur er, der Hauptschiedsrichter" in excinfo.value.messages[0]
    with pytest.raises(ValidationError) as excinfo:
        referee_calls.referee_call_close(call=call, user=w.users["head"], outcome="  ")
    assert excinfo.value.message_dict == {"outcome": ["Bitte kurz notieren, wie der Ruf ausging."]}
    # The director may close a call a referee took; an untaken call is taken and closed at once.
    closed = referee_calls.referee_call_close(call=call, user=w.users["director"], outcome="ok")
    assert (closed.taken_by, closed.closed_by) == (w.users["head"], w.users["director"])
    other = open_call(w, 2)
    closed = referee_calls.referee_call_close(call=other, user=w.users["referee"], outcome="ok")
    assert closed.taken_by == closed.closed_by == w.users["referee"]


def test_a_warning_of_another_tournament_cannot_be_linked(w):
    call = open_call(w)
    foreign = w.other
    from tests.support.builders import register_players

    register_players(foreign, w.players[10:], count=4)
    warning = w.give(w.seated(1, "A"))
    warning.tournament_id = foreign.pk  # unsaved: as a forged form value would arrive
    with pytest.raises(ValidationError) as excinfo:
        referee_calls.referee_call_close(
            call=call, user=w.users["referee"], outcome="", warning=warning
        )
    assert excinfo.value.message_dict == {
        "warning": ["Diese Verwarnung gehört nicht zu diesem Turnier."]
    }


def test_referee_page_lists_open_calls_and_disputed_tables(client, w):
    call = open_call(w, 2)
    version = make_table_entry(table(w, 1), FIXED_SHEET, letter="A")
    sign_table_entry(version, {"B": "confirmed", "C": "disputed"}, note="Spiel 3 falsch")
    client.force_login(w.users["referee"])
    html = client.get(reverse("referee:tournament", args=[w.t.pk])).content.decode()
    calls = html.split('data-testid="referee-calls"')[1].split("</section>")[0]
    # polled live while the page is open (ETag/304 on the desk generation, issue #15.5)
    assert 'data-live data-live-etag="W/' in calls.split(">")[0]
    assert 'data-hx-trigger="every 1500ms, live-now"' in calls.split(">")[0]
    entry = calls.split('data-testid="call-2"')[1].split("</li>")[0]
    assert "„Joker strittig“" in entry and "wartet" in entry
    assert reverse("referee:call_take", args=[w.t.pk, call.pk]) in entry
    disputed = calls.split('data-testid="disputed-1"')[1].split("</li>")[0]
    assert "Einspruch von C „Spiel 3 falsch“" in disputed
    ruling_link = f"{reverse('referee:ruling_create', args=[w.t.pk])}?round=1&amp;table_number=1"
    assert ruling_link in disputed


def test_the_live_list_keeps_the_referees_links(client, w):
    version = make_table_entry(table(w, 1), FIXED_SHEET, letter="A")
    sign_table_entry(version, {"B": "disputed"})
    client.force_login(w.users["referee"])
    url = reverse("referee:calls", args=[w.t.pk])
    html = client.get(url, headers={"HX-Request": "true"}).content.decode()
    ruling_link = f"{reverse('referee:ruling_create', args=[w.t.pk])}?round=1&amp;table_number=1"
    assert ruling_link in html.split('data-testid="disputed-1"')[1]


def test_the_live_list_is_a_partial_for_htmx_and_the_page_without(client, w):
    open_call(w, 2)
    client.force_login(w.users["desk"])  # the desk looks, but does not answer
    url = reverse("referee:calls", args=[w.t.pk])
    partial = client.get(url, headers={"HX-Request": "true"})
    html = partial.content.decode()
    assert partial.status_code == 200
    assert html.lstrip().startswith('<section id="referee-calls"')
    assert 'data-testid="call-2"' in html
    assert "Übernehmen" not in html
    response = client.get(url)
    assert (response.status_code, response.url) == (
        302,
        reverse("referee:tournament", args=[w.t.pk]),
    )


def test_take_and_close_through_the_pages(client, w):
    call = open_call(w, 2)
    client.force_login(w.users["referee"])
    response = client.post(reverse("referee:call_take", args=[w.t.pk, call.pk]))
    assert flashed(response) == ["Ruf von Tisch 2 übernommen."]
    close_url = reverse("referee:call_close", args=[w.t.pk, call.pk])
    empty = client.post(close_url, {"outcome": ""})
    assert empty.status_code == 422
    assert "Bitte kurz notieren, wie der Ruf ausging." in empty.content.decode()
    response = client.post(close_url, {"outcome": "Regel erklärt"})
    assert response.status_code == 302
    call.refresh_from_db()
    assert (call.closed_by, call.outcome) == (w.users["referee"], "Regel erklärt")
    # Someone else's take comes back as a message, never a 500.
    second = open_call(w, 1)
    referee_calls.referee_call_take(call=second, user=w.users["head"])
    response = client.post(reverse("referee:call_take", args=[w.t.pk, second.pk]))
    message = flashed(response)[-1]  # after the closing's own message
    assert message.startswith("Den Ruf von Tisch 1 hat bereits hauptschiri um ")


def test_a_call_of_another_tournament_is_not_found(client, w):
    call = open_call(w)
    client.force_login(w.users["foreign_referee"])
    response = client.post(reverse("referee:call_take", args=[w.other.pk, call.pk]))
    assert response.status_code == 404
    call.refresh_from_db()
    assert call.taken_by is None


def test_the_table_page_shows_its_open_call_and_dispute(client, w):
    call = open_call(w, 1)
    open_call(w, 2, reason="anderer Tisch")
    version = make_table_entry(table(w, 1), FIXED_SHEET, letter="D")
    sign_table_entry(version, {"A": "disputed"}, note="Spiel 4")
    client.force_login(w.users["referee"])
    html = client.get(reverse("referee:table", args=[w.t.pk, 1, 1])).content.decode()
    here = html.split('data-testid="table-calls"')[1].split("</section>")[0]
    assert "„Joker strittig“" in here and "anderer Tisch" not in here
    assert reverse("referee:call_close", args=[w.t.pk, call.pk]) in here
    assert "Einspruch von A gegen den Bogen: „Spiel 4“" in here
    other = client.get(reverse("referee:table", args=[w.t.pk, 1, 2])).content.decode()
    assert "Einspruch von A" not in other
