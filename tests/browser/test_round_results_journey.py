"""Issue 28 items 5 and 6: a round's results page exists from its release on, says the results are
not published yet and shows them once the director publishes, without a reload; a correction
of a published table reaches the open page with its mark (date and reason)."""

import copy

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.conftest import _page
from tests.browser.test_phone_width import PHONE_360
from tests.support.builders import FIXED_SHEET, make_released_round, play_round
from tournaments.common.formats import local_format
from tournaments.models import ResultSheet
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: the page polls every 1.5 s: a change shows within two polls
WITHIN_MS = 3000
#: set on the open page; a reload would lose it
MARK_PAGE = "() => { window.stillTheSamePage = true; }"
SAME_PAGE = "() => window.stillTheSamePage === true"


@pytest.fixture
def phone_360(browser, request):
    yield from _page(browser, request, PHONE_360)


@pytest.fixture
def released(director, players, desk_user):
    """Round 1 of 8 players released: two tables of four."""
    return make_released_round(
        director=director, players=players, count=8, seed=9, desk=[desk_user]
    )


def test_a_phone_sees_the_results_appear_at_their_publication(
    phone_360, live_server, released, director, desk_user
):
    tournament, rnd = released
    # every sheet entered and confirmed at the desk, the round not published yet
    play_round(rnd, director=director, desk=desk_user, publish=False)
    response = phone_360.goto(live_server.url + reverse("round_results", args=[tournament.pk, 1]))

    assert response.status == 200
    notice = phone_360.get_by_test_id("results-not-published")
    expect(notice).to_have_text(
        "Die Ergebnisse dieser Runde sind noch nicht veröffentlicht. Sie erscheinen auf dieser "
        "Seite, sobald die Turnierleitung sie veröffentlicht."
    )
    expect(phone_360.locator("section.results-card")).to_have_count(0)
    assert "+60" not in phone_360.locator("main").inner_text()  # no figure of a confirmed sheet
    phone_360.evaluate(MARK_PAGE)
    phone_360.wait_for_timeout(2000)  # polls answered 304: nothing swapped
    expect(notice).to_be_visible()

    round_services.round_publish(rnd=rnd, user=director)

    cards = phone_360.locator("section.results-card")
    expect(cards).to_have_count(2, timeout=WITHIN_MS)
    expect(notice).to_have_count(0)
    assert phone_360.evaluate(SAME_PAGE) is True  # swapped in by the poll, not reloaded
    expect(cards.first.get_by_role("heading")).to_have_text("Tisch 1")
    expect(cards.first.locator("tbody tr").first).to_contain_text("+60")
    expect(phone_360.get_by_test_id("correction")).to_have_count(0)


def test_a_correction_reaches_the_open_results_page_with_its_mark(
    page, live_server, released, director, desk_user
):
    tournament, rnd = released
    play_round(rnd, director=director, desk=desk_user)
    page.goto(live_server.url + reverse("round_results", args=[tournament.pk, 1]))
    cards = page.locator("section.results-card")
    expect(cards).to_have_count(2)
    expect(page.get_by_test_id("correction")).to_have_count(0)
    page.evaluate(MARK_PAGE)

    sheet = ResultSheet.objects.get(round=rnd, table__number=1)
    games = copy.deepcopy(FIXED_SHEET)
    games[0]["scores"].update(A=70, D=-40)
    sheet_services.sheet_save(
        table=sheet.table,
        games=games,
        expected_version=sheet.version,
        user=director,
        reason="D hatte 40 Minuspunkte",
    )
    corrected = ResultSheet.objects.get(pk=sheet.pk).confirmed
    with translation.override("de"):
        day = local_format(corrected.created_at, "DATE_FORMAT")

    mark = cards.first.get_by_test_id("correction")
    expect(mark).to_have_text(f"korrigiert am {day} (D hatte 40 Minuspunkte)", timeout=WITHIN_MS)
    assert page.evaluate(SAME_PAGE) is True
    expect(cards.first.locator("tbody tr").first).to_contain_text("+70")
    expect(cards.nth(1).get_by_test_id("correction")).to_have_count(0)
