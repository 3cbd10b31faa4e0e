"""The public rating lists, CSV, API, data export and the expectation on "Mein Tisch"
(issue 33)."""

from __future__ import annotations

import csv
import io
import re
from datetime import date

import pytest
from django.urls import reverse

from ranking.models import ALL_TIME, PlayerRating, RatingChange
from ranking.rating import selectors, services
from tests.support import builders
from tournaments.tableside.views import token_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(director, desk_user, field):
    """A finished city championship of 2026 (12 players, random sheets), rating computed."""
    t = builders.play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 6, 7), count=12, seed=5
    )
    services.rating_recompute_pending()
    return t


def test_the_year_list_says_it_is_not_the_ranking(client, rated, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        response = client.get(reverse("ranking:rating_year", args=[2026]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Spielstärke (Wertung) 2026" in html
    assert "Dies ist nicht das Deutsche Rummikub Ranking." in html
    assert "Wie wird das berechnet?" in html
    assert reverse("ranking:year", args=[2026]) in html
    players = [int(p) for p in re.findall(r'<tr data-player="(\d+)">', html)]
    expected = list(
        PlayerRating.objects.filter(scope__year=2026)
        .order_by("rank")
        .values_list("player_id", flat=True)
    )
    assert players == expected and len(players) == 12


def test_the_all_time_list_and_english(client, rated):
    html = client.get(reverse("ranking:rating"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Playing strength (rating), all years" in html
    assert "This is not the German ranking" in html
    assert "How is it computed?" in html
    assert len(re.findall(r'<tr data-player="\d+">', html)) == 12


def test_the_lists_hide_private_names(client, rated, field):
    hidden = PlayerRating.objects.select_related("player").filter(scope__year=2026).first().player
    hidden.publish_name = False
    hidden.save()
    html = client.get(reverse("ranking:rating_year", args=[2026])).content.decode()
    assert hidden.full_name not in html
    assert hidden.public_name in html


@pytest.mark.parametrize("path", ["/ranking/spielstaerke/1800/", "/ranking/spielstaerke/2031/"])
def test_unknown_years_are_404(client, rated, path):
    assert client.get(path).status_code == 404


def test_a_cached_list_costs_few_queries(client, rated, django_assert_max_num_queries, settings):
    settings.PUBLIC_CACHE_SECONDS = 60
    url = reverse("ranking:rating_year", args=[2026])
    assert client.get(url)["X-Public-Cache"] == "miss"
    with django_assert_max_num_queries(3):
        response = client.get(url)
    assert response["X-Public-Cache"] == "hit"


def test_csv_is_formula_safe(client, rated, field):
    player = PlayerRating.objects.filter(scope__year=ALL_TIME).order_by("rank").first().player
    player.club = "=HYPERLINK(1)"
    player.save()
    response = client.get(reverse("ranking:rating_csv"))
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:4] == ["Platz", "Spieler", "Verein", "Wertung (μ − 3σ)"]
    assert len(rows) == 13
    assert rows[1][2] == "'=HYPERLINK(1)"
    assert "," in rows[1][3]  # a decimal comma
    assert client.get(reverse("ranking:rating_year_csv", args=[2025])).status_code == 404


def test_api_lists_and_a_player(client, rated):
    lines = client.get("/api/v1/ratings/2026/").json()["lines"]
    assert [line["place"] for line in lines] == list(range(1, 13))
    first = lines[0]
    assert first["rating"] == pytest.approx(first["mu"] - 3 * first["sigma"])
    assert client.get("/api/v1/ratings/").json()["year"] is None
    assert client.get("/api/v1/ratings/2025/").status_code == 404
    body = client.get(f"/api/v1/ratings/players/{first['player']['id']}/").json()
    assert [x["year"] for x in body["lists"]] == [None, 2026]
    assert [p["round"] for p in body["history"]] == [1, 2, 3]
    assert body["history"][-1]["games"] == 12
    assert client.get("/api/v1/ratings/players/999999/").status_code == 404
    schema = client.get("/api/v1/openapi.json").json()
    assert "/api/v1/ratings/{year}/" in schema["paths"]
    assert "/api/v1/ratings/players/{player_id}/" in schema["paths"]


def test_the_data_export_lists_the_rating(rated, field):
    rows = selectors.export_section(field[0])
    assert [r["list"] for r in rows[:2]] == ["all-time", 2026]
    assert [r["round"] for r in rows[2:]] == [1, 2, 3]


def test_mein_tisch_shows_the_expectation_and_after_the_round_the_change(client, rated):
    rnd = rated.rounds.get(number=3)
    seat = rnd.seats.select_related("player").order_by("table__number", "letter").first()
    url = reverse("pairing_by_name", args=[rated.pk, 3])
    html = client.get(url, {"q": seat.player.last_name}).content.decode()
    assert 'data-testid="table-expectation"' in html
    assert "Tisch 1: erwartetes Ergebnis" in html
    probabilities = [
        int(p) for p in re.findall(r'data-testid="win-probability">(\d+)&nbsp;%', html)
    ]
    assert len(probabilities) == 4 and 97 <= sum(probabilities) <= 103
    assert probabilities == sorted(probabilities, reverse=True)
    changes = re.findall(r'data-testid="rating-change">([^<]+)<', html)
    assert len(changes) == 4 and "–" not in changes
    table_players = set(rnd.seats.filter(table=seat.table).values_list("player_id", flat=True))
    stored = RatingChange.objects.filter(tournament=rated, round_number=3)
    assert set(stored.filter(player_id__in=table_players).values_list("player_id", flat=True)) == (
        table_players
    )
    # without a search, no table is shown
    assert 'data-testid="table-expectation"' not in client.get(url).content.decode()


def test_the_expectation_of_a_round_not_yet_published(director, desk_user, field, rated):
    t = builders.play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 7, 1), count=8, rounds=1
    )
    services.rating_recompute_pending()
    rnd = builders.play_next_round(t, director=director, desk=desk_user, publish=False)
    out = selectors.round_expectations(rnd.pk, [1, 2])
    assert sorted(out) == [1, 2]
    for rows in out.values():
        assert [r.expected_place for r in rows] == sorted(r.expected_place for r in rows)
        assert all(r.after is None for r in rows)
        current = {
            p.player_id: p.mu
            for p in PlayerRating.objects.filter(
                scope__year=ALL_TIME, player_id__in=[r.player_id for r in rows]
            )
        }
        assert {r.player_id: r.rating.mu for r in rows} == current


def test_the_tables_own_page_shows_the_expectation(client, director, desk_user, field, rated):
    """Issue 33.4: the players at the table see it on the table's page (`/tisch/`) while
    they play, with each player's rating from the rounds before."""
    tournament, rnd = builders.make_released_round(
        director=director, players=field, count=8, seed=2, desk=[desk_user]
    )
    table = rnd.tables.order_by("number").first()
    html = client.get(reverse("table:entry", args=[token_for(table)])).content.decode()
    assert html.count('data-testid="table-expectation"') == 1
    assert f"Tisch {table.number}: erwartetes Ergebnis" in html
    assert len(re.findall(r'data-testid="win-probability">(\d+)&nbsp;%', html)) == 4
