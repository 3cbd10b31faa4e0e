"""Round results (issue 28): the page of a released round exists before its publication, with a
notice and no figure, and follows the publication live; a corrected table is marked with the
date and reason of its correction, on the round results and the standings."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.urls import reverse
from django.utils import translation

from tests.support.builders import (
    correct_published_sheet,
    make_drawn_round,
    make_released_round,
    play_next_round,
    play_round,
)
from tests.support.celery import celery_conf
from tournaments.common.formats import local_format
from tournaments.results.selectors import Correction
from tournaments.rounds import services as round_services
from tournaments.standings import selectors as standings_selectors
from tournaments.standings.public_data import standings_data
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db

NOTICE = (
    '<p class="notice" role="status" data-testid="results-not-published">Die Ergebnisse dieser '
    "Runde sind noch nicht veröffentlicht. Sie erscheinen auf dieser Seite, sobald die "
    "Turnierleitung sie veröffentlicht.</p>"
)
NOTICE_EN = (
    '<p class="notice" role="status" data-testid="results-not-published">The results of this '
    "round are not published yet. They appear on this page as soon as the tournament director "
    "publishes them.</p>"
)
#: what only a page with figures has: a card per table, a cell per game and seat
FIGURES = ("results-card", "result-cell", "+60")


def poll(client, url, tag=None):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live-results"}
    if tag:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return client.get(url, **headers)


@pytest.fixture
def announced(django_capture_on_commit_callbacks):
    """Run a block's after-commit work as a real commit would: the generation bump that
    retires the cached pages and the warm-up (in this process)."""

    @contextmanager
    def block():
        with (
            celery_conf(task_always_eager=True, task_eager_propagates=True),
            django_capture_on_commit_callbacks(execute=True),
        ):
            yield

    return block


def german_day(moment) -> str:
    with translation.override("de"):
        return local_format(moment, "DATE_FORMAT")


@pytest.fixture
def confirmed(director, players, desk_user):
    """Round 1 of 8 players released, both sheets entered and confirmed, not published."""
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    play_round(rnd, director=director, desk=desk_user, publish=False)
    return tournament, rnd


@pytest.fixture
def published(director, players, desk_user):
    """Round 1 of 8 players (two tables, the fixed sheet) published; the tournament runs on."""
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    return tournament, play_round(rnd, director=director, desk=desk_user)


# --- before the publication (issue 28.5) --------------------------------------------------------


def test_a_round_not_released_or_not_existing_has_no_results_page(client, director, players):
    tournament, _ = make_drawn_round(director=director, players=players, count=8, seed=5)

    assert client.get(reverse("round_results", args=[tournament.pk, 1])).status_code == 404
    assert client.get(reverse("round_results", args=[tournament.pk, 2])).status_code == 404
    client.force_login(director)  # the director sees the draft (unchanged)
    assert client.get(reverse("round_results", args=[tournament.pk, 1])).status_code == 200


def test_a_released_round_says_its_results_are_not_published_yet(client, confirmed):
    tournament, _ = confirmed
    response = client.get(reverse("round_results", args=[tournament.pk, 1]))
    html = response.content.decode()

    assert response.status_code == 200
    assert response.context["tables"] == []
    assert html.count(NOTICE) == 1
    # confirmed sheets stay private: no table, no figure, no legend of figures
    assert [x for x in FIGURES if x in html] == []
    assert "Platzierungspunkte" not in html
    assert "nur für die Turnierleitung" not in html


def test_the_notice_in_english(client, confirmed):
    tournament, _ = confirmed
    response = client.get(
        reverse("round_results", args=[tournament.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
    )

    assert NOTICE_EN in response.content.decode()


def test_the_director_sees_the_figures_marked_as_not_published(client, confirmed, director):
    tournament, _ = confirmed
    client.force_login(director)
    html = client.get(reverse("round_results", args=[tournament.pk, 1])).content.decode()

    assert NOTICE not in html
    assert "Noch nicht veröffentlicht – nur für die Turnierleitung sichtbar." in html
    assert html.count('class="card space-below results-card"') == 2


@pytest.mark.warm_up
def test_the_publication_reaches_the_open_page_and_its_poll_is_warm(
    client, confirmed, director, announced
):
    """The page cached before the publication holds no figure; the publication moves the
    generation (a new key and ETag) and warms the poll's answer with the results."""
    tournament, rnd = confirmed
    url = reverse("round_results", args=[tournament.pk, 1])
    page = client.get(url)
    tag = page["ETag"]
    assert page["X-Public-Cache"] == "miss"
    assert client.get(url)["X-Public-Cache"] == "hit"
    unchanged = poll(client, url, tag)
    assert unchanged.status_code == 304
    before = poll(client, url)
    assert NOTICE in before.content.decode()
    assert [x for x in FIGURES if x in before.content.decode()] == []

    with announced():
        round_services.round_publish(rnd=rnd, user=director)

    after = poll(client, url, tag)
    partial = after.content.decode()
    assert after.status_code == 200
    assert after["X-Public-Cache"] == "hit"  # rendered by the warm-up
    assert after["ETag"] != tag
    assert partial.lstrip().startswith('<div id="live-results" data-live')
    assert NOTICE not in partial
    assert partial.count('class="card space-below results-card"') == 2
    assert "+60" in partial
    assert client.get(url)["X-Public-Cache"] == "hit"


# --- corrections (issue 28.6) --------------------------------------------------------------------


def test_round_results_carry_the_correction_of_a_table(published, director):
    tournament, rnd = published
    assert [t["correction"] for t in standings_selectors.round_results(rnd)] == [None, None]

    version = correct_published_sheet(rnd, table=2, director=director, reason="Tippfehler")

    tables = standings_selectors.round_results(rnd)
    assert [t["correction"] for t in tables] == [
        None,
        Correction(corrected_at=version.created_at, reason="Tippfehler"),
    ]


def test_round_results_read_the_corrections_with_the_lines(
    published, director, django_assert_num_queries
):
    tournament, rnd = published
    correct_published_sheet(rnd, table=1, director=director, reason="Tippfehler")

    with django_assert_num_queries(2):  # the seating, the scored lines with their version
        tables = standings_selectors.round_results(rnd)
    assert tables[0]["correction"].reason == "Tippfehler"


def test_the_round_results_page_marks_the_corrected_table(client, published, director, announced):
    tournament, rnd = published
    url = reverse("round_results", args=[tournament.pk, 1])
    assert 'data-testid="correction"' not in client.get(url).content.decode()

    with announced():
        version = correct_published_sheet(
            rnd, table=1, director=director, reason="D hatte 40 Minuspunkte <nicht 30>"
        )
    html = client.get(url).content.decode()

    mark = (
        '<p class="notice notice-warn correction-note" data-testid="correction">korrigiert am '
        f"{german_day(version.created_at)} (D hatte 40 Minuspunkte &lt;nicht 30&gt;)</p>"
    )
    assert html.count('data-testid="correction"') == 1
    first_card = html.index('<h2 id="res-1">'), html.index('<h2 id="res-2">')
    assert first_card[0] < html.index(mark) < first_card[1]


def test_the_mark_in_english(client, published, director):
    tournament, rnd = published
    version = correct_published_sheet(rnd, table=1, director=director, reason="typo")
    html = client.get(
        reverse("round_results", args=[tournament.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    with translation.override("en"):
        day = local_format(version.created_at, "DATE_FORMAT")
    assert f'data-testid="correction">corrected on {day} (typo)</p>' in html


def test_confirmations_before_the_publication_are_no_correction(client, published):
    tournament, rnd = published
    html = client.get(reverse("round_results", args=[tournament.pk, 1])).content.decode()

    assert 'data-testid="correction"' not in html
    assert standings_table(tournament).corrected_rounds == ()


def test_the_standings_say_which_round_was_corrected(
    client, published, director, desk_user, announced
):
    tournament, rnd = published
    play_next_round(tournament, director=director, desk=desk_user, seed=8)
    url = reverse("standings", args=[tournament.pk])
    assert 'data-testid="corrected-rounds"' not in client.get(url).content.decode()

    with announced():
        correct_published_sheet(rnd, table=2, director=director, reason="Tippfehler")
    html = client.get(url).content.decode()

    assert standings_table(tournament).corrected_rounds == (1,)
    assert standings_table(tournament, after_round=1).corrected_rounds == (1,)
    assert standings_data(tournament).corrected_rounds == (1,)  # stored and cached with it
    results = reverse("round_results", args=[tournament.pk, 1])
    assert html.count('data-testid="corrected-rounds"') == 1
    assert (
        "<li>Die Ergebnisse von Runde 1 wurden nach ihrer Veröffentlichung korrigiert. "
        f'<a href="{results}">Rundenergebnisse</a></li>'
    ) in html
    assert "Runde 2 wurden" not in html


def test_a_correction_of_a_later_round_is_not_in_the_standings_before_it(
    published, director, desk_user
):
    tournament, _ = published
    second = play_next_round(tournament, director=director, desk=desk_user, seed=8)

    correct_published_sheet(second, table=1, director=director, reason="Tippfehler")

    assert standings_table(tournament).corrected_rounds == (2,)
    assert standings_table(tournament, after_round=1).corrected_rounds == ()
