"""Live screens (issue #15.5, #15.7): open pages follow a publication, a release and the round
clock without a reload, within 2–3 s (they poll every 1.5 s; unchanged polls are 304)."""

import re
import time
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.browser.test_accessibility import AXE
from tests.support.builders import PASSWORD, make_released_round, play_round
from tournaments.clock import services as clock_services
from tournaments.rounds import services as round_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WITHIN_MS = 3000
LANDMARKS = """async () => {
  const result = await axe.run(document, {runOnly: {type: "rule",
    values: ["region", "landmark-one-main", "landmark-unique", "landmark-no-duplicate-main",
             "page-has-heading-one"]}});
  return result.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`);
}"""


@pytest.fixture
def released(director, players, desk_user):
    return make_released_round(
        director=director, players=players, count=12, seed=9, desk=[desk_user]
    )


def test_a_publication_reaches_the_phone_and_the_hall_without_reload(
    phone, page, live_server, released, director, desk_user
):
    tournament, rnd = released
    phone.goto(live_server.url + reverse("standings", args=[tournament.pk]))
    page.goto(live_server.url + reverse("hall_display", args=[tournament.pk]))
    expect(phone.get_by_text("Noch keine Runde veröffentlicht.", exact=False)).to_be_visible()
    expect(page.locator("#screen")).to_have_attribute("data-mode", "pairing")
    page.screenshot(path=str(SHOTS / "live-hall-pairing-desktop.png"))
    phone.wait_for_timeout(2000)  # a few polls that must stay 304 (nothing swapped)

    play_round(rnd, director=director, desk=desk_user)  # committed: the generation moves on
    published = time.monotonic()

    expect(phone.get_by_role("heading", name="Rangliste nach Runde 1")).to_be_visible(
        timeout=WITHIN_MS
    )
    expect(page.locator("#screen")).to_have_attribute("data-mode", "standings", timeout=WITHIN_MS)
    assert time.monotonic() - published < WITHIN_MS / 1000
    expect(phone.get_by_test_id("standings-legend")).to_contain_text("PP = Platzierungspunkte")
    phone.screenshot(path=str(SHOTS / "live-standings-phone.png"), full_page=True)
    page.screenshot(path=str(SHOTS / "live-hall-standings-desktop.png"))


def test_mein_tisch_switches_to_the_released_round_and_keeps_the_name(
    phone, live_server, released, director, desk_user
):
    tournament, rnd = released
    phone.goto(live_server.url + reverse("pairing_by_name", args=[tournament.pk, 1]))
    seat = rnd.seats.select_related("player", "table").order_by("table__number", "letter")[5]
    me = seat.player
    phone.get_by_label("Meinen Namen suchen").fill(me.public_name)  # filters as you type
    expect(phone.get_by_test_id("my-seat")).to_contain_text(
        f"Tisch {seat.table.number} · Position {seat.letter}"
    )
    expect(phone.locator("#pairing-list li:visible")).to_have_count(1)
    phone.screenshot(path=str(SHOTS / "live-mein-tisch-phone.png"), full_page=True)

    play_round(rnd, director=director, desk=desk_user)
    second = round_services.round_pair_next(tournament=tournament, user=director, seed=10)
    round_services.round_release(rnd=second, user=director)
    released_at = time.monotonic()

    expect(phone).to_have_url(re.compile(r"/runden/2/namen/\?q="), timeout=WITHIN_MS)
    assert time.monotonic() - released_at < WITHIN_MS / 1000
    mine = second.seats.select_related("table").get(player=me)
    expect(phone.get_by_test_id("my-seat")).to_contain_text(
        f"Tisch {mine.table.number} · Position {mine.letter}"
    )


def test_the_hall_counts_the_round_clock_down_and_shows_a_pause(
    page, live_server, released, director
):
    tournament, rnd = released
    page.goto(live_server.url + reverse("hall_display", args=[tournament.pk]))
    clock_services.round_clock_start(rnd=rnd, user=director, minutes=45)
    timer = page.get_by_test_id("hall-timer")
    expect(timer).to_have_text(re.compile(r"^4[45]:\d\d$"), timeout=WITHIN_MS)
    first = timer.inner_text()
    # Counts down locally, second by second (auto-waiting: a busy machine may skip a tick).
    expect(timer).not_to_have_text(first, timeout=WITHIN_MS)
    expect(
        page.get_by_text("Ergebnisse am Tisch eintragen: QR-Code auf der Tischkarte")
    ).to_be_visible()
    expect(page.locator(".hall-clock-notes")).to_contain_text("Zeit pro Zug: 1 Minute")
    page.screenshot(path=str(SHOTS / "live-hall-clock-desktop.png"))
    page.evaluate(AXE)
    assert page.evaluate(LANDMARKS) == []

    clock_services.round_clock_pause(rnd=rnd, user=director)
    expect(page.get_by_text("Uhr angehalten")).to_be_visible(timeout=WITHIN_MS)
    paused = timer.inner_text()
    page.wait_for_timeout(1300)
    assert timer.inner_text() == paused


def test_the_hall_display_has_landmarks_in_every_mode(page, live_server, released):
    tournament, _ = released
    for view in ("paarung", "uhr", "rangliste"):
        page.goto(
            live_server.url + reverse("hall_display", args=[tournament.pk]) + f"?ansicht={view}"
        )
        page.evaluate(AXE)
        assert page.evaluate(LANDMARKS) == [], view


def test_the_director_runs_the_clock_from_the_round_page(page, live_server, released, director):
    tournament, rnd = released
    log_in(page, live_server.url, director.username, PASSWORD)
    page.goto(live_server.url + reverse("director:round_detail", args=[tournament.pk, 1]))
    clock = page.get_by_test_id("round-clock")
    clock.get_by_label("Dauer der Runde (Minuten)").fill("100")
    clock.get_by_role("button", name="Uhr starten").click()
    expect(page.get_by_text("Die Rundenuhr läuft.")).to_be_visible()
    page.get_by_test_id("round-clock").get_by_role("button", name="Anhalten").click()
    expect(page.get_by_text("Die Rundenuhr ist angehalten.")).to_be_visible()
    expect(page.get_by_test_id("round-clock")).to_contain_text(
        re.compile(r"Angehalten: noch 1:(40:00|39:\d\d)")
    )
    page.get_by_test_id("round-clock").get_by_text("Protokoll der Uhr").click()
    page.screenshot(path=str(SHOTS / "live-round-clock-desktop.png"), full_page=True)
    page.evaluate(AXE)
    assert page.evaluate(LANDMARKS) == []
