"""The skill rating in the browser (issue 33): the list on a phone of 360 px in German and on a
laptop in English, and the expected result at a table on "Mein Tisch" after a search."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ranking.models import PlayerRating
from ranking.rating import services as rating
from tests.support.builders import make_players, make_user, play_tournament
from tournaments.enums import GlobalRole
from tournaments.models import Seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path("test-artifacts")


@pytest.fixture
def rated():
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    t = play_tournament(
        director=director,
        desk=make_user("orga"),
        players=make_players(12),
        end=date(2026, 6, 7),
        count=12,
        seed=5,
    )
    rating.rating_recompute_pending()
    return t


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]


def test_the_rating_list_on_a_phone_and_a_laptop(browser, phone, page_en, live_server, rated):
    ARTIFACTS.mkdir(exist_ok=True)
    small = phone.context.browser.new_context(
        viewport={"width": 360, "height": 780}, locale="de-DE"
    )
    narrow = small.new_page()
    narrow.goto(f"{live_server.url}/ranking/spielstaerke/2026/")
    assert narrow.get_by_text("Dies ist nicht das Deutsche Rummikub Ranking.").count() == 1
    assert narrow.get_by_role("heading", name="Wie wird das berechnet?").count() == 1
    rows = narrow.locator("[data-testid=rating-table] tbody tr")
    assert rows.count() == 12
    best = PlayerRating.objects.filter(scope__year=2026).order_by("rank").first()
    assert rows.first.get_attribute("data-player") == str(best.player_id)
    _no_sideways_scroll(narrow)
    narrow.screenshot(path=str(ARTIFACTS / "rating-list-360-de.png"), full_page=True)
    narrow.get_by_role("link", name="Alle Jahre").click()
    narrow.get_by_role("heading", name="Spielstärke (Wertung), alle Jahre").wait_for()
    small.close()

    page_en.goto(f"{live_server.url}/ranking/spielstaerke/")
    assert page_en.get_by_text("This is not the German ranking").count() == 1
    page_en.get_by_label("Search for a player, club or place").fill(best.player.last_name)
    page_en.get_by_role("button", name="Search").click()
    page_en.locator(f'tr[data-player="{best.player_id}"]').wait_for()
    page_en.screenshot(path=str(ARTIFACTS / "rating-list-desktop-en.png"), full_page=True)


def test_the_expected_result_on_mein_tisch(phone, page_en, live_server, rated):
    seat = (
        Seat.objects.filter(round__tournament=rated, round__number=3)
        .select_related("player")
        .order_by("table__number", "letter")
        .first()
    )
    url = f"{live_server.url}/turniere/{rated.pk}/runden/3/namen/?q={seat.player.last_name}"
    for page, heading, name in (
        (phone, "Tisch 1: erwartetes Ergebnis", "my-table-phone-de.png"),
        (page_en, "Table 1: expected result", "my-table-desktop-en.png"),
    ):
        page.goto(url)
        section = page.locator("[data-testid=table-expectation]")
        section.get_by_role("heading", name=heading).wait_for()
        assert section.locator("[data-testid=win-probability]").count() == 4
        assert section.locator("[data-testid=rating-change]").count() == 4
        _no_sideways_scroll(page)
        page.screenshot(path=str(ARTIFACTS / name), full_page=True)
