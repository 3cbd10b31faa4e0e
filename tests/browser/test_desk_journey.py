"""Journey (issue 4): desk enters a round, a second person confirms, the director publishes and
corrects one sheet after publication with a reason, and sees the version history."""

import pytest

from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_players, make_released_round, make_user
from tournaments.enums import GlobalRole, RoundStatus
from tournaments.models import ResultSheet, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEET = [
    ("+60", "-10", "-20", "-30"),
    ("-5", "+45", "-20", "-20"),
    ("-14", "-3", "+40", "-23"),
    ("-8", "-8", "-9", "+25"),
]


def fill_sheet(page, rows) -> None:
    """Keyboard first: type each cell and Tab to the next, game by game; Enter saves."""
    page.locator("#g1_A").focus()
    for game in rows:
        for value in game:
            page.keyboard.type(value)
            page.keyboard.press("Tab")
    page.locator(f"#g{len(rows)}_D").press("Enter")


def test_desk_round_confirm_publish_and_correct(browser, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    players = make_players(8)
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=8, desk=[desk]
    )
    base = live_server.url

    desk_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = desk_ctx.new_page()
    log_in(page, base, "orga", PASSWORD)
    page.get_by_role("link", name="Orgatisch").click()
    page.get_by_role("link", name="Runde 1").click()
    page.get_by_role("link", name="Nächster fehlender Bogen: Tisch 1").click()

    # A wrong control sum is reported next to the game while typing; nothing is saved.
    page.locator("#g1_A").fill("+60")
    page.locator("#g1_B").fill("-10")
    page.locator("#g1_C").fill("-20")
    page.locator("#g1_D").fill("-20")
    page.locator("#g1-feedback").get_by_text(
        "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."
    ).wait_for()
    for cell in ("A", "B", "C", "D"):
        page.locator(f"#g1_{cell}").fill("")

    fill_sheet(page, SHEET)
    page.get_by_text("Tisch 1 gespeichert (Version 1).").wait_for()
    assert page.get_by_role("heading", level=1).inner_text().startswith("Ergebnisliste Tisch 2")
    fill_sheet(page, SHEET)
    page.get_by_text("Tisch 2 gespeichert (Version 1).").wait_for()
    assert page.get_by_test_id("count-entered").inner_text() == "2"
    desk_ctx.close()

    boss_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    boss = boss_ctx.new_page()
    log_in(boss, base, "leiterin", PASSWORD)
    boss.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/orgatisch/")
    boss.get_by_role("link", name="Nächster zu bestätigen: Tisch 1").click()
    boss.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    boss.get_by_text("Tisch 1 bestätigt.").wait_for()
    boss.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    boss.get_by_text("Tisch 2 bestätigt.").wait_for()
    boss.get_by_role("button", name="Runde veröffentlichen").click()
    boss.get_by_text("Runde 1 ist veröffentlicht.").wait_for()
    assert Round.objects.get(pk=rnd.pk).status == RoundStatus.PUBLISHED

    # After publication: the director corrects table 1, game 1, with a reason.
    boss.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/tische/1/bogen/")
    boss.locator("#g1_A").fill("+70")
    boss.locator("#g1_D").fill("-40")
    boss.get_by_label("Grund der Korrektur (Pflicht)").fill("D hatte 40 Minuspunkte")
    boss.get_by_role("button", name="Speichern").click()
    boss.get_by_text("Tisch 1 gespeichert (Version 3).").wait_for()
    boss.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/tische/1/bogen/")
    history = boss.locator("ol.versions").inner_text()
    assert "Version 3" in history and "Grund: D hatte 40 Minuspunkte" in history
    assert "Version 2" in history and "Version 1" in history
    sheet = ResultSheet.objects.get(round=rnd, table__number=1)
    assert sheet.confirmed.games[0]["scores"]["A"] == 70

    boss.goto(f"{base}/turniere/{tournament.pk}/runden/1/ergebnisse/")
    assert "+70" in boss.locator("section.card").first.inner_text()
    boss_ctx.close()
