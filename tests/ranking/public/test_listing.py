"""The ranking page's list (issue 14): a small first screen, pages and search without JavaScript,
the whole list for print, rows cached under the ranking's own generation."""

from __future__ import annotations

import re

import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils import translation
from django.utils.formats import get_format

from ranking.compute import services as compute
from ranking.models import RankingEntry
from ranking.public import listing
from ranking.public import selectors as public_selectors
from tournaments.registry.services import player_save

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr data-player="(\d+)"><td class="num">(\d+)</td>')


def ranks(html: str) -> list[int]:
    return [int(rank) for _, rank in ROW.findall(html)]


@pytest.fixture
def small_pages(monkeypatch):
    monkeypatch.setattr(listing, "PAGE_SIZE", 5)


def test_first_screen_is_one_page_with_links_to_the_others(client, ranked, small_pages):
    url = reverse("ranking:year", args=[2026])

    first = client.get(url).content.decode()
    last = client.get(url, {"seite": "3"}).content.decode()

    assert ranks(first) == [e.rank for e in RankingEntry.objects.order_by("rank", "player_id")][:5]
    assert "Zeilen 1–5 von 12" in first and "Seite 1 von 3" in first
    assert 'href="?seite=2"' in first and 'rel="prev"' not in first
    assert len(ranks(last)) == 2 and "Seite 3 von 3" in last and 'rel="next"' not in last


@pytest.mark.parametrize("value", ["0", "99", "abc", "-1", "1" * 40])
def test_a_bad_page_number_shows_a_page_anyway(client, ranked, small_pages, value):
    response = client.get(reverse("ranking:year", args=[2026]), {"seite": value})

    assert response.status_code == 200
    assert len(ranks(response.content.decode())) in (5, 2)


def test_the_whole_list_for_print(client, ranked, small_pages):
    html = client.get(reverse("ranking:year", args=[2026]), {"alle": "1"}).content.decode()

    assert len(ranks(html)) == 12
    assert 'data-testid="ranking-pages"' not in html


def test_htmx_gets_only_the_list(client, ranked, small_pages):
    html = client.get(
        reverse("ranking:year", args=[2026]),
        {"seite": "2"},
        headers={"HX-Request": "true", "HX-Target": "ranking-table"},
    ).content.decode()

    assert html.lstrip().startswith('<div id="ranking-table">')
    assert "<html" not in html and "Gewertete Turniere" not in html
    assert len(ranks(html)) == 5 and "Seite 2 von 3" in html


def test_search_by_name_club_and_rank(client, ranked, small_pages):
    entries = list(RankingEntry.objects.select_related("player").order_by("rank", "player_id"))
    target = [e for e in entries if e.player.club][-1]
    url = reverse("ranking:year", args=[2026])
    club = target.player.club

    by_name = client.get(url, {"q": target.player.last_name.upper()}).content.decode()
    by_club = client.get(url, {"q": club}).content.decode()
    by_rank = client.get(url, {"q": str(target.rank)}).content.decode()

    assert target.player_id in [int(pid) for pid, _ in ROW.findall(by_name)]
    assert "Treffer für" in by_name
    needle = club.lower()
    same_club = [
        e.rank
        for e in entries
        if needle in e.player.club.lower() or needle in e.player.public_name.lower()
    ]
    assert ranks(by_club) == same_club[:5] and len(same_club) >= 1
    assert ranks(by_rank) == [e.rank for e in entries if e.rank == target.rank]


def test_rows_carry_public_names_and_per_game_as_the_template_filter_gave(ranked):
    entries = list(RankingEntry.objects.select_related("player").order_by("rank", "player_id"))

    rows = public_selectors.ranking_rows(entries[0].ranking_year)

    assert [(r.rank, r.player_id, r.name, r.club) for r in rows] == [
        (e.rank, e.player_id, e.player.public_name, e.player.club) for e in entries
    ]
    assert [listing.per_game_text(r) for r in rows] == [
        floatformat(e.placement_points / e.games, 2) for e in entries
    ]
    german = listing.per_game_display(rows[0], get_format("DECIMAL_SEPARATOR"))
    with translation.override("en"):
        english = listing.per_game_display(rows[0], get_format("DECIMAL_SEPARATOR"))
        csv = listing.per_game_text(rows[0])
    assert german[-3] == "," and english == german.replace(",", ".")  # 1,50 / 1.50
    assert csv == german  # the CSV keeps its decimal comma in every language


def test_rows_are_cached_until_a_recompute_or_a_name_change(
    client, ranked, monkeypatch, django_capture_on_commit_callbacks
):
    url = reverse("ranking:year", args=[2026])
    client.get(url)
    built = []
    original = listing.ranking_rows
    monkeypatch.setattr(listing, "ranking_rows", lambda s: built.append(s.year) or original(s))

    client.get(url)
    client.get(url, {"q": "a"})
    assert built == []

    compute.ranking_recompute_year(year=2026)
    client.get(url)
    assert built == [2026]

    player = RankingEntry.objects.select_related("player").get(rank=1).player
    player.publish_name = False
    with django_capture_on_commit_callbacks(execute=True):
        player_save(player=player)  # bumps the global public generation after commit
    html = client.get(url).content.decode()
    assert built == [2026, 2026]
    assert player.full_name not in html and player.public_name in html


def test_ranking_page_cold_queries_do_not_grow_with_the_field(
    client, ranked, settings, django_assert_max_num_queries
):
    settings.PUBLIC_CACHE_SECONDS = 0
    with django_assert_max_num_queries(8):
        response = client.get(reverse("ranking:year", args=[2026]))
    assert response.status_code == 200


@pytest.fixture
def german_afterwards():
    """LocaleMiddleware leaves the last request's language active in this thread."""
    yield
    translation.deactivate()


def test_the_page_writes_the_average_in_the_visitors_language(client, ranked, german_afterwards):
    """The page follows the language ("2,35" / "2.35"); the CSV keeps its decimal comma."""
    entry = RankingEntry.objects.filter(games__gt=0).order_by("rank", "player_id").first()
    german = floatformat(entry.placement_points / entry.games, 2)
    english = german.replace(",", ".")
    assert "," in german  # the world has an average with decimals to compare
    cell = '<td class="num col-wide">{}</td>'
    url = reverse("ranking:year", args=[2026])

    html_de = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    html_en = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    csv_en = client.get(reverse("ranking:csv", args=[2026]), HTTP_ACCEPT_LANGUAGE="en")

    assert cell.format(german) in html_de and cell.format(english) not in html_de
    assert cell.format(english) in html_en and cell.format(german) not in html_en
    assert f";{german};" in csv_en.content.decode("utf-8-sig")
