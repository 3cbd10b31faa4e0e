"""Cached standings data (issue 14): one `standings_table` per tournament, generation and round,
shared by the page, the CSV, the hall display and the API; live search only filters it; a
publication warms the rush's pages after commit."""

from __future__ import annotations

import re

import pytest
from django.core.cache import caches
from django.urls import reverse

from tests.support.builders import make_released_round, play_round, simulate_tournament
from tests.support.celery import celery_conf
from tournaments.common import events, public_cache
from tournaments.rounds import services as round_services
from tournaments.standings import public_data, snapshots, warming
from tournaments.standings.public_data import standings_data
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


def _refuse(*args, **kwargs):
    raise AssertionError("standings_table called although the data is cached")


def test_rows_carry_exactly_the_standings_table(finished):
    table = standings_table(finished, after_round=1)

    data = standings_data(finished, after_round=1)

    assert data.after_round == 1 and data.round_numbers == (1,)
    assert data.published_rounds == (1, 2)
    assert [
        (r.rank, r.player_id, r.name, r.placement_points, r.game_points, r.placings, r.games)
        for r in data.rows
    ] == [
        (e.rank, e.player.pk, e.player.public_name, e.placement_points, e.game_points,
         e.placings, e.games)
        for e in table.entries
    ]  # fmt: skip
    assert [r.rounds for r in data.rows] == [
        tuple((f.placement_points, f.game_points) if f else None for f in e.rounds)
        for e in table.entries
    ]
    assert (data.ranked_count, len(data.rows)) == (table.ranked_count, 16) == (14, 16)


def test_staff_data_carries_full_names(finished):
    hidden = standings_table(finished).entries[0].player
    hidden.publish_name = False
    hidden.save()

    public = standings_data(finished)
    staff = standings_data(finished, full_names=True)

    assert public.rows[0].name == hidden.public_name != hidden.full_name
    assert staff.rows[0].name == hidden.full_name


def test_data_is_built_once_per_generation(
    finished, monkeypatch, django_assert_num_queries, django_capture_on_commit_callbacks
):
    first = standings_data(finished)
    monkeypatch.setattr(snapshots, "standings_table", _refuse)

    with django_assert_num_queries(0):
        again = standings_data(finished)

    assert again == first
    caches["default"].delete(first.key)  # the cache lost it (Redis restarted empty) …
    public_cache.forget_local()  # … and so did this process: the stored standings, one query
    with django_assert_num_queries(1):
        stored = standings_data(finished)
    assert stored._replace(key=None) == first._replace(key=None)
    with django_capture_on_commit_callbacks(execute=True):
        events.public_data_changed(finished.pk)  # a correction, announced in its transaction
    with pytest.raises(AssertionError, match="called although"):
        standings_data(finished)


def test_an_unpublished_round_raises_also_from_the_cache(finished):
    for _ in range(2):
        with pytest.raises(ValueError):
            standings_data(finished, after_round=3)


def test_caching_off_reads_the_stored_standings_until_a_change(
    finished, settings, monkeypatch, django_assert_num_queries
):
    settings.PUBLIC_CACHE_SECONDS = 0
    first = standings_data(finished)
    monkeypatch.setattr(snapshots, "standings_table", _refuse)

    with django_assert_num_queries(1):
        assert standings_data(finished) == first
    events.public_data_changed(finished.pk)
    with pytest.raises(AssertionError, match="called although"):
        standings_data(finished)


def test_page_csv_hall_and_api_share_one_computation(client, finished, monkeypatch):
    assert client.get(reverse("standings", args=[finished.pk])).status_code == 200
    monkeypatch.setattr(snapshots, "standings_table", _refuse)

    for url in (
        reverse("standings_csv", args=[finished.pk]),
        reverse("hall_display", args=[finished.pk]),
        f"/api/v1/tournaments/{finished.pk}/standings/",
    ):
        response = client.get(url)
        assert (url, response.status_code, response["X-Public-Cache"]) == (url, 200, "miss")


def test_live_search_filters_the_cached_data(
    client, finished, monkeypatch, django_assert_num_queries
):
    url = reverse("standings", args=[finished.pk])
    client.get(url)
    monkeypatch.setattr(snapshots, "standings_table", _refuse)
    # the data and its formatted rows are in this process already: no shared-cache reads
    monkeypatch.setattr(public_cache, "_cached_once", _refuse)
    target = standings_data(finished).rows[5]
    query = target.name[:3].lower()
    expected = [r.player_id for r in standings_data(finished).rows if r.matches(query)]

    with django_assert_num_queries(0):  # not even the tournament's row
        response = client.get(
            url, {"q": query}, headers={"HX-Request": "true", "HX-Target": "standings-table"}
        )

    partial = response.content.decode()
    assert "X-Public-Cache" not in response  # filtered from the cached data, not stored
    found = [int(pk) for pk in re.findall(r'<tr class="highlight" id="spieler-(\d+)">', partial)]
    assert found == expected and target.player_id in found
    assert partial.count("<tr") == len(expected) + 1  # the header row and the matches only
    assert f"{len(expected)} Treffer für „{query}“" in partial


def test_marked_player_row_is_highlighted(client, finished):
    row = standings_data(finished).rows[2]

    html = client.get(reverse("standings", args=[finished.pk]), {"spieler": row.player_id})

    assert html.content.decode().count('class="highlight"') == 1
    assert f'<tr class="highlight" id="spieler-{row.player_id}">' in html.content.decode()


@pytest.mark.warm_up
def test_publication_warms_the_rush_pages_after_commit(
    client, director, desk_user, players, django_capture_on_commit_callbacks
):
    t, rnd = make_released_round(
        director=director, players=players, count=8, seed=3, desk=[desk_user]
    )
    play_round(rnd, director=director, desk=desk_user, publish=False)

    with (
        celery_conf(task_always_eager=True, task_eager_propagates=True),
        django_capture_on_commit_callbacks(execute=True),
    ):
        round_services.round_publish(rnd=rnd, user=director)

    paths = [path for path, htmx in warming.warm_paths(t.pk) if not htmx]
    assert paths == [
        f"/turniere/{t.pk}/",
        f"/turniere/{t.pk}/rangliste/",
        f"/turniere/{t.pk}/saal/",
        f"/turniere/{t.pk}/runden/1/ergebnisse/",
        f"/turniere/{t.pk}/runden/1/namen/",
        f"/turniere/{t.pk}/runden/1/tische/",
    ]
    assert [client.get(path)["X-Public-Cache"] for path in paths] == ["hit"] * 6
    hall = client.get(paths[2], headers={"HX-Request": "true", "HX-Target": "screen"})
    assert hall["X-Public-Cache"] == "hit"
    # the open screens' live polls (issue #15.5) find their partials warm too
    for path, target in [(paths[1], "live-standings"), (paths[3], "live-results")]:
        polled = client.get(path, headers={"HX-Request": "true", "HX-Target": target})
        assert polled["X-Public-Cache"] == "hit"
    # idempotent: a second run (e.g. a retried task) renders nothing
    assert {verdict for _, verdict in warming.public_pages_warm(tournament_id=t.pk)} == {"hit"}


def test_warming_skips_unknown_tournaments_and_caching_off(settings, db):
    assert warming.public_pages_warm(tournament_id=987654) == []
    settings.PUBLIC_CACHE_SECONDS = 0
    tournament = simulate_tournament("--players", "8", "--category", "beginners", "--seed", "2")
    assert warming.public_pages_warm(tournament_id=tournament.pk) == []


def test_the_tournament_row_is_kept_per_generation_for_visitors_only(
    finished, django_assert_num_queries, django_capture_on_commit_callbacks
):
    first, generation = public_data.tournament_of_page(finished.pk, anonymous=True)
    with django_assert_num_queries(0):
        again, same = public_data.tournament_of_page(finished.pk, anonymous=True)
    with django_assert_num_queries(1):
        public_data.tournament_of_page(finished.pk, anonymous=False)
    with django_capture_on_commit_callbacks(execute=True):
        events.public_data_changed(finished.pk)
    with django_assert_num_queries(2):  # the new version (once a second per process), the row
        public_data.tournament_of_page(finished.pk, anonymous=True)

    assert again == first and again is not first  # a copy per caller
    assert same == generation < events.public_generation(finished.pk)
