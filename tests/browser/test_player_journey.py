"""Journey (issue 5): a player on a phone finds their table and their standing within two taps
of the start page; the hall display shows the standings in large type."""

import pytest

from tests.support.builders import simulate_tournament
from tournaments.models import Round
from tournaments.standings.selectors import standings_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_player_finds_table_and_standing_in_two_taps(phone, live_server):
    tournament = simulate_tournament(
        "--players", "16", "--seed", "3", "--stop-after", "1", "--name", "Pokal"
    )
    seat = (
        Round.objects.get(tournament=tournament, number=2)
        .seats.select_related("player", "table")
        .order_by("table__number", "letter")[5]
    )
    me = seat.player
    entry = next(e for e in standings_table(tournament).entries if e.player == me)

    phone.goto(live_server.url + "/")
    card = phone.get_by_role("listitem").filter(has_text="Pokal")
    card.get_by_role("link", name="Mein Tisch").click()  # tap 1
    phone.get_by_label("Meinen Namen suchen").fill(me.last_name)
    phone.get_by_label("Meinen Namen suchen").press("Enter")
    mine = phone.locator("li.highlight").filter(has_text=me.public_name)
    assert f"Tisch {seat.table.number} {seat.letter}" in mine.inner_text()

    phone.goto(live_server.url + "/")
    card = phone.get_by_role("listitem").filter(has_text="Pokal")
    card.get_by_role("link", name="Rangliste").click()  # tap 1
    phone.get_by_label("Spieler oder Verein suchen").fill(me.last_name)  # live search (htmx)
    row = phone.locator("tr.highlight").filter(has_text=me.public_name)
    row.wait_for()
    assert row.locator("td").first.inner_text() == str(entry.rank)
    assert str(entry.placement_points) in row.inner_text()
    assert "q=" in phone.url  # the search is bookmarkable
    phone.screenshot(path="test-artifacts/player-standings-phone.png", full_page=True)

    row.get_by_role("link", name=me.public_name).click()  # tap 2: own page, rounds and games
    assert phone.get_by_role("heading", name="Runde 1: Tisch").is_visible()


def test_hall_display_shows_large_standings(page, live_server):
    tournament = simulate_tournament("--players", "16", "--category", "beginners", "--seed", "5")
    page.goto(f"{live_server.url}/turniere/{tournament.pk}/saal/")

    assert page.get_by_text("Rangliste · nach Runde 2").is_visible()
    first = standings_table(tournament).entries[0]
    cell = page.locator(".hall-standings tbody tr").first.locator("td").nth(1)
    assert cell.inner_text().startswith(first.player.public_name)
    size = cell.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 28
