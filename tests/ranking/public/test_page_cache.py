"""The year page is a cached public page (issue 32.5): rendered once per version, where the
version holds everything it shows (the ranking's generation and pending state, the years, the
appeals of the year, every tournament's public data), so each change shows at once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ranking.commission import services as commission_services
from ranking.compute import services as compute
from ranking.compute import versions
from ranking.models import RankingYear
from tests.ranking.conftest import IN_TIME
from tests.support import builders
from tournaments.common import events

pytestmark = pytest.mark.django_db

URL = reverse("ranking:year", args=[2026])


def state(client, **extra) -> tuple[str, str]:
    response = client.get(URL, **extra)
    assert response.status_code == 200
    return response.get("X-Public-Cache", "-"), response.content.decode()


def test_a_cached_request_costs_one_query_a_quarter_second(
    client, ranked, django_assert_num_queries
):
    assert state(client)[0] == "miss"
    with django_assert_num_queries(0):  # the version this process read just now
        again = client.get(URL)
    versions.forget_year_versions()  # as when VERSION_MEMO_SECONDS have passed
    with django_assert_num_queries(1):  # the page's version
        later = client.get(URL)
    assert again["X-Public-Cache"] == later["X-Public-Cache"] == "hit"
    assert not hasattr(again.wsgi_request, "session")  # served early (public_early)


def test_another_process_sees_a_change_within_the_memo_time(client, ranked, monkeypatch):
    """A change committed elsewhere (here: written past the services and their signals)."""
    clock = [1000.0]
    monkeypatch.setattr(versions.time, "monotonic", lambda: clock[0])
    assert state(client)[0] == "miss" and state(client)[0] == "hit"
    RankingYear.objects.filter(year=2026).update(pending=True)

    assert "Die Neuberechnung ist ausstehend" not in state(client)[1]  # within the memo time
    clock[0] += events.VERSION_MEMO_SECONDS
    assert "Die Neuberechnung ist ausstehend" in state(client)[1]


def test_an_appeal_filed_and_decided_shows_at_once(client, ranked, field, commission_member):
    assert state(client)[0] == "miss" and state(client)[0] == "hit"
    user = builders.make_player_account("spieler-konto", field[0])
    appeal = builders.make_appeal(user=user, tournament=ranked, player=field[0], now=IN_TIME)

    filed, html = state(client)
    assert filed == "miss" and "· 1 offener Einspruch<" in html  # one, not one per round
    assert state(client)[0] == "hit"

    commission_services.appeal_decide(
        appeal=appeal, user=commission_member, outcome="rejected", reasoning="Kein Fehler"
    )
    decided, html = state(client)
    assert decided == "miss" and "offener Einspruch" not in html


def test_a_pending_recompute_and_its_end_show_at_once(client, ranked):
    assert state(client)[0] == "miss"
    compute.tournament_mark_changed(tournament_id=ranked.pk, enqueue=False)
    pending, html = state(client)
    assert pending == "miss" and "Die Neuberechnung ist ausstehend" in html
    compute.ranking_recompute_year(year=2026)
    done, html = state(client)
    assert done == "miss" and "Die Neuberechnung ist ausstehend" not in html


def test_a_new_ranking_year_adds_its_tab_at_once(client, ranked):
    assert "/ranking/2027/" not in state(client)[1]
    compute.year_mark_pending(year=2027, enqueue=False)
    assert "/ranking/2027/" in state(client)[1]


def test_the_pending_poll_and_the_table_are_variants_of_their_own(client, ranked):
    compute.tournament_mark_changed(tournament_id=ranked.pk, enqueue=False)
    page = state(client)[1]
    poll = state(client, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="ranking-status")[1]
    table = state(client, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="ranking-table")[1]
    assert poll.lstrip().startswith('<div id="ranking-status"') and "<table" not in poll
    assert table.lstrip().startswith('<div id="ranking-table"') and "ranking-status" not in table
    assert 'id="ranking-status"' in page and 'id="ranking-table"' in page


def test_searches_are_answered_uncached(client, ranked):
    searched = client.get(URL, {"q": "zz-niemand"}, HTTP_HX_REQUEST="true")
    assert searched.status_code == 200 and "X-Public-Cache" not in searched


def test_logged_in_visitors_get_a_fresh_page(client, ranked, director):
    assert state(client)[0] == "miss"
    client.force_login(director)
    assert state(client)[0] == "-"
