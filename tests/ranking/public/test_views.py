"""The public ranking pages: the year, pending state, CSV, a player across years."""

from __future__ import annotations

import csv
import io
import re
from datetime import date

import pytest
from django.urls import reverse

from ranking.compute import services as compute
from ranking.models import RankingEntry
from tests.support.builders import play_tournament

pytestmark = pytest.mark.django_db


def test_ranking_page_lists_players_in_rank_order(client, ranked, django_assert_max_num_queries):
    with django_assert_max_num_queries(10):
        response = client.get(reverse("ranking:year", args=[2026]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Deutsches Rummikub Ranking 2026" in html
    assert "Berechnet am" in html and "Regelversion R2014" in html
    assert "Neuberechnung ist ausstehend" not in html
    assert "nicht gewertet" in html  # reserves / red card rule stated
    assert "Rote Karte" in html
    ranks = [
        int(r) for r in re.findall(r'<tr data-player="\d+">\s*<td class="num">(\d+)</td>', html)
    ]
    assert len(ranks) == 12 and ranks == sorted(ranks) and ranks[0] == 1
    assert ranked.name in html and "vorläufig" in html


def test_ranking_page_shows_pending(client, ranked, director, desk_user):
    compute.tournament_mark_changed(tournament_id=ranked.pk)
    html = client.get(reverse("ranking:year", args=[2026])).content.decode()
    assert "Die Neuberechnung ist ausstehend" in html
    assert 'data-hx-trigger="every 5s"' in html


def test_ranking_page_hides_private_names(client, ranked, field):
    hidden = RankingEntry.objects.select_related("player").first().player
    hidden.publish_name = False
    hidden.save()
    html = client.get(reverse("ranking:year", args=[2026])).content.decode()
    assert hidden.full_name not in html
    assert hidden.public_name in html


def test_ranking_index_redirects_to_newest_year(client, ranked):
    response = client.get(reverse("ranking:index"))
    assert response.status_code == 302 and response.url == reverse("ranking:year", args=[2026])


@pytest.mark.parametrize("year", ["1800", "99999", "2031"])
def test_unknown_year_is_404(client, year, db):
    response = client.get(f"/ranking/{year}/")
    assert response.status_code == 404


def test_csv_export(client, ranked):
    response = client.get(reverse("ranking:csv", args=[2026]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["Rang", "Spieler", "Verein"]
    assert len(rows) == 13
    first = RankingEntry.objects.order_by("rank", "player_id").select_related("player").first()
    assert rows[1][0] == "1" and rows[1][1] == first.player.public_name
    assert rows[1][6] == str(first.placement_points)


def test_player_history_across_years(client, director, desk_user, field):
    play_tournament(
        director=director, desk=desk_user, players=field, end=date(2025, 5, 1), rounds=1
    )
    play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 5, 1), rounds=1
    )
    compute.ranking_rebuild()
    player = field[0]
    html = client.get(reverse("ranking:player", args=[player.pk])).content.decode()
    assert html.count('href="/ranking/2025/"') >= 1 and html.count('href="/ranking/2026/"') >= 1
    assert client.get(reverse("ranking:player", args=[999999])).status_code == 404


def test_status_partial_for_htmx_polling(client, ranked):
    compute.tournament_mark_changed(tournament_id=ranked.pk, enqueue=False)
    html = client.get(reverse("ranking:year", args=[2026]), HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="ranking-status"')
    assert "<table" not in html and "Die Neuberechnung ist ausstehend" in html


def test_current_year_without_data_shows_empty_page(client, db):
    from django.utils import timezone

    year = timezone.localdate().year
    response = client.get(reverse("ranking:year", args=[year]))
    assert response.status_code == 200
    assert "Für dieses Jahr ist noch kein Ranking berechnet." in response.content.decode()
