"""The referee's calls list polls live (issue #15.5/15.6): 304 without a query while nothing
changed, the list with the new call on the first poll after it (the page polls every 1.5 s)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.support.builders import register_players
from tournaments.referees import calls as referee_calls
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services

pytestmark = pytest.mark.django_db


def poll(client, url, tag=None):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "referee-calls"}
    if tag:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return client.get(url, **headers)


def page_tag(client, tournament) -> str:
    """The tag the referee's page was rendered under (its live list's first If-None-Match)."""
    page = client.get(reverse("referee:tournament", args=[tournament.pk])).content.decode()
    section = page.split('data-testid="referee-calls"')[1].split(">")[0]
    return html.unescape(section.split('data-live-etag="')[1].split('"')[0])


def test_an_unchanged_list_is_a_304_without_a_query_and_a_call_gets_through(
    client, w, django_assert_num_queries, django_capture_on_commit_callbacks
):
    client.force_login(w.users["referee"])
    url = reverse("referee:calls", args=[w.t.pk])
    tag = page_tag(client, w.t)
    with django_assert_num_queries(0):
        unchanged = poll(client, url, tag)
    assert (unchanged.status_code, unchanged.content) == (304, b"")
    with django_capture_on_commit_callbacks(execute=True):
        referee_calls.referee_call_open(table=w.rnd.tables.get(number=2), reason="Joker?")
    after = poll(client, url, tag)
    assert after.status_code == 200
    assert after["ETag"] != tag
    assert 'data-testid="call-2"' in after.content.decode()
    assert poll(client, url, after["ETag"]).status_code == 304


def test_another_session_with_the_referees_tag_is_checked(client, w):
    """A 304 only for the session that was shown the list after its permission check."""
    client.force_login(w.users["referee"])
    url = reverse("referee:calls", args=[w.t.pk])
    tag = page_tag(client, w.t)
    client.force_login(w.users["plain"])
    assert poll(client, url, tag).status_code == 403
    client.logout()
    assert poll(client, url, tag).status_code == 302  # to the log-in


def test_a_call_from_the_juniors_field_reaches_the_main_tournaments_list(
    client, w, django_capture_on_commit_callbacks
):
    director = w.users["director"]
    juniors = setup_services.junior_field_create(tournament=w.t, rounds_planned=2, user=director)
    register_players(juniors, w.players[20:], count=4, user=director)
    rnd = round_services.round_pair_next(tournament=juniors, user=director, seed=1)
    round_services.round_release(rnd=rnd, user=director)
    client.force_login(w.users["referee"])
    url = reverse("referee:calls", args=[w.t.pk])
    tag = page_tag(client, juniors)  # the juniors' page polls the main tournament's list
    assert poll(client, url, tag).status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        referee_calls.referee_call_open(table=rnd.tables.get(number=1), reason="Junioren")
    after = poll(client, url, tag)
    assert after.status_code == 200
    assert "„Junioren“" in after.content.decode()
