"""Journey (issue 16.3): on the tournament day the director opens the check-in on the laptop,
a player checks in from the phone through the posted link, and the director's registration
page shows her in and the reserve arithmetic without a reload."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tests.browser.conftest import log_in
from tests.support.builders import (
    PASSWORD,
    make_director,
    make_player_account,
    make_players,
    make_tournament,
    register_players,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_player_checks_in_on_a_phone_and_the_director_sees_it(page, phone, live_server, settings):
    settings.REGISTRATION_POLL_SECONDS = 2  # the list's poll (20 s on the day) within the test
    base = live_server.url
    director = make_director()
    players = make_players(6)
    day = timezone.localdate()
    t = make_tournament(
        director=director, open=True, name="Stadtmeisterschaft Mainz",
        start_date=day, end_date=day, ranking_year=day.year,
    )  # fmt: skip
    register_players(t, players, count=5, user=director, check_in=False)
    make_player_account("spielerin", players[0])

    log_in(page, base, "leiterin", PASSWORD)
    page.goto(f"{base}/leitung/turniere/{t.pk}/anmeldungen/")
    page.get_by_label("Spieler checken selbst ein für").select_option("30")
    page.get_by_role("button", name="Check-in öffnen").click()
    window = page.get_by_test_id("check-in-window")
    assert "Spieler checken sich gerade selbst ein" in window.inner_text()
    link = window.get_by_role("link").first.get_attribute("href")
    assert page.locator(".stats li").first.inner_text() == "0\nSpieler eingecheckt"

    phone.goto(base + link)  # the posted link: log in first, then back here
    phone.get_by_label("Benutzername").fill("spielerin")
    phone.get_by_label("Passwort").fill(PASSWORD)
    phone.get_by_role("button", name="Anmelden").click()
    phone.get_by_role("button", name="Jetzt einchecken").click()
    assert phone.get_by_test_id("check-in-state").inner_text().startswith("Sie sind eingecheckt")

    # The registration list polls while the window is open: no reload here.
    page.locator(".stats li").first.get_by_text("1", exact=True).wait_for(timeout=30_000)
    assert page.get_by_text("eingecheckt", exact=True).count() == 1
