"""Journey (issue 18): a round played on the venue laptop's server (a separate process on its
own SQLite file, with its uploader) appears on the central public page after the upload."""

from datetime import date

import pytest

from tests.browser.conftest import log_in
from tests.support.builders import (
    add_staff,
    make_director,
    make_players,
    make_tournament,
    make_user,
    register_players,
)
from tests.support.venue import (
    DIRECTOR,
    DIRECTOR_PASSWORD,
    VenueProcess,
    free_port,
    migrated_template,
    wait_until_up,
)
from tournaments.enums import StaffRole
from tournaments.venue.checkout import checkout_package, venue_checkout_open

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def venue_day(live_server, tmp_path):
    director = make_director("leiterin")
    tournament = make_tournament(
        director=director,
        open=True,
        name="Offene Stadtmeisterschaft",
        start_date=date(2026, 6, 7),
        end_date=date(2026, 6, 7),
    )
    register_players(tournament, make_players(8), count=8, user=director)
    add_staff(tournament, make_user("orgatisch"), StaffRole.DESK)
    checkout = venue_checkout_open(tournament=tournament, by=director)
    laptop = VenueProcess(tmp_path / "laptop", template=migrated_template())
    laptop.load(checkout_package(checkout=checkout), live_server.url)
    port = free_port()
    server = laptop.serve(port)
    try:
        wait_until_up(f"http://127.0.0.1:{port}/", server)
        yield tournament, laptop, f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_round_published_at_the_venue_reaches_the_public_page(page, live_server, venue_day):
    tournament, laptop, venue = venue_day
    # the desk's work at the venue: round 1 drawn, released, every sheet entered and confirmed
    venue_pk = int(laptop.play_round(seed=11, sheets=101, publish=False).split()[-1])

    # the public standings on the central site, left open (they poll for changes)
    page.goto(f"{live_server.url}/turniere/{tournament.pk}/rangliste/")
    assert page.get_by_test_id("venue-banner").inner_text().startswith("Live vom Spielort")
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 0

    director = page.context.new_page()
    log_in(director, venue, DIRECTOR, DIRECTOR_PASSWORD)
    director.goto(f"{venue}/leitung/turniere/{venue_pk}/runden/1/orgatisch/")
    director.get_by_role("button", name="Runde veröffentlichen").click()
    director.wait_for_load_state()
    director.goto(f"{venue}/leitung/turniere/{venue_pk}/")
    light = director.locator("[data-testid=venue-light][data-colour=green]")
    light.wait_for(timeout=45_000)  # the uploader looks every 5 s, the light polls every 5 s
    assert light.inner_text().startswith("Hochgeladen ")
    director.close()  # its light polls the laptop, which stops before this test's page does

    # the central page updates by itself: 8 players after round 1, "as of" the upload
    rows.nth(7).wait_for(timeout=15_000)
    assert rows.count() == 8
    assert page.get_by_test_id("venue-banner").inner_text().startswith("Live vom Spielort – Stand ")
