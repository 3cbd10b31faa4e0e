"""Journey (Klub 6.3, 7.1): the director gives the juniors their own field, registers and pairs
them apart from the main field; a player finds the juniors' field on a phone."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_players, make_tournament, make_user
from tournaments.enums import GlobalRole
from tournaments.models import Seat, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_director_runs_a_junior_field_and_a_player_finds_it(page, phone, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    main = make_tournament(director=director, open=True)
    juniors = make_players(4)
    base = live_server.url
    log_in(page, base, "leiterin", PASSWORD)

    # 1. From the main tournament's overview: a juniors' field with two rounds.
    page.goto(f"{base}/leitung/turniere/{main.pk}/")
    page.get_by_label("Runden der Junioren").select_option("2")
    page.get_by_role("button", name="Juniorenfeld anlegen").click()
    heading = "Stadtmeisterschaft Teststadt – Junioren"
    assert page.get_by_role("heading", level=1).inner_text() == heading
    assert page.get_by_test_id("junior-field-note").is_visible()
    junior = Tournament.objects.get(juniors_of=main)

    # 2. Register the four juniors and draw their round 1, apart from the main field.
    page.get_by_role("link", name="Anmeldungen und Check-in").click()
    search = page.get_by_label("Spieler suchen (Name, Mitgliedsnummer, Verein)")
    for player in juniors:
        search.fill(player.federation_number)
        name = f"{player.last_name}, {player.first_name}"
        page.get_by_role("button", name=f"{name} anmelden", exact=True).click()
        page.get_by_text(f"{name} angemeldet.").wait_for()
    page.get_by_role("button", name="Alle einchecken").click()
    page.get_by_role("button", name="Runde 1 auslosen").click()
    assert page.get_by_role("heading", level=1).inner_text().endswith("Runde 1")
    seated = set(Seat.objects.filter(round__tournament=junior).values_list("player", flat=True))
    assert seated == {p.pk for p in juniors}
    page.get_by_role("button", name="Paarung freigeben").click()
    expect(page.get_by_role("button", name="Paarung freigeben")).to_have_count(0)

    # 3. On a phone: the main tournament's page leads to the juniors' field and its table.
    phone.goto(f"{base}/turniere/{main.pk}/")
    fields = phone.get_by_role("navigation", name="Felder des Turniers")
    fields.get_by_role("link", name="Juniorenfeld").click()
    assert phone.get_by_role("heading", level=1).inner_text() == heading
    phone.get_by_role("link", name="Mein Tisch (Runde 1)").click()
    first = juniors[0]
    expect(phone.locator("main")).to_contain_text(f"{first.last_name}, {first.first_name}")
