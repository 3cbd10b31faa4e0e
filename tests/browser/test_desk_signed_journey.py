"""Journey (issue 28.4): the desk takes over the tables' signed sheets in one click. Tables 1
and 2 are signed by everyone on their phones, table 3 is disputed; with JavaScript the summary
appears under the button and the board shows tables 1 and 2 confirmed, without a reload."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.support.builders import (
    FIXED_SHEET,
    PASSWORD,
    make_players,
    make_released_round,
    make_table_entry,
    make_user,
    sign_table_entry,
)
from tournaments.enums import GlobalRole, SheetStatus
from tournaments.models import ResultSheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_desk_takes_over_every_signed_sheet_in_one_click(page, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    tournament, rnd = make_released_round(
        director=director, players=make_players(12), count=12, seed=8, desk=[desk]
    )
    tables = {t.number: t for t in rnd.tables.all()}
    for number in (1, 2):
        version = make_table_entry(tables[number], FIXED_SHEET, letter="A")
        sign_table_entry(version, dict.fromkeys("BCD", "confirmed"))
    version = make_table_entry(tables[3], FIXED_SHEET, letter="A")
    sign_table_entry(version, {"B": "confirmed", "C": "disputed"}, note="Spiel 2 falsch")
    base = live_server.url

    log_in(page, base, "orga", PASSWORD)
    page.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/orgatisch/")
    expect(page.get_by_test_id("state-1")).to_have_text("am Tisch bestätigt (3/3)")
    expect(page.get_by_test_id("state-3")).to_have_text("Einspruch von C")
    page.evaluate("window.drvSamePage = true")  # gone if the click loaded a new page

    page.get_by_role("button", name="Alle am Tisch bestätigten Blätter übernehmen").click()

    summary = page.locator("#desk-signed-summary").get_by_test_id("signed-summary")
    expect(summary.locator("p")).to_have_text(
        [
            "Als bestätigt übernommen: 2 Blätter, Tische 1, 2.",
            "Nicht übernommen, Einspruch am Tisch (auf der Bogenseite den Papierbogen blind "
            "nachtippen): Tisch 3 (C).",
        ]
    )
    expect(page.get_by_test_id("state-1")).to_have_text("bestätigt")
    expect(page.get_by_test_id("state-2")).to_have_text("bestätigt")
    expect(page.get_by_test_id("state-3")).to_have_text("Einspruch von C")
    expect(page.get_by_test_id("count-confirmed")).to_have_text("2")
    assert page.evaluate("window.drvSamePage") is True
    sheets = ResultSheet.objects.filter(round=rnd).order_by("table__number")
    assert [(s.status, s.current.created_by_id) for s in sheets] == [
        (SheetStatus.CONFIRMED, desk.pk),
        (SheetStatus.CONFIRMED, desk.pk),
        (SheetStatus.ENTERED, None),
    ]
