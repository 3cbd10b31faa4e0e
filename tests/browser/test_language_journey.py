"""The language switch in a browser (issue 17): from a German page to English and back, without
JavaScript doing anything, remembered across pages; the English pages pass axe-core too."""

import os
from pathlib import Path

import pytest
from django.urls import reverse

from tests.browser.test_accessibility import violations
from tests.support.builders import make_named_players, make_user, play_known_round
from tournaments.enums import GlobalRole

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("LANGUAGE_SCREENSHOTS")  # a folder: keep pictures of the pages


def shoot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("device", ["phone", "page"])
def test_switching_to_english_and_back(device, request, live_server):
    page = request.getfixturevalue(device)  # the browser asks for German (de-DE)
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    known = play_known_round(
        director=director, desk=make_user("orga"), players=make_named_players()
    )
    standings = reverse("standings", args=[known.pk])

    page.goto(f"{live_server.url}{standings}")
    assert page.locator("html").get_attribute("lang") == "de"
    shoot(page, f"{device}-de")
    page.get_by_role("button", name="English").click()
    page.wait_for_load_state()

    assert page.url == f"{live_server.url}{standings}"  # back on the same page
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.get_by_text("after round 1").count() >= 1
    shoot(page, f"{device}-en")
    page.get_by_role("navigation", name="Main navigation").get_by_role(
        "link", name="Ranking"
    ).click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"  # remembered
    assert violations(page, live_server.url, ["/", standings]) == {}

    page.get_by_role("button", name="Deutsch").click()
    page.wait_for_load_state()
    assert page.url == f"{live_server.url}{standings}"  # the last page axe looked at
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.get_by_text("nach Runde 1").count() >= 1
