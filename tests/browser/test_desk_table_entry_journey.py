"""Journey (issue #15.4): two tables entered and signed on their phones; the desk blind-types
one paper sheet (equal: confirmed at once) and the other with a typo (the difference shown cell
by cell, nothing confirmed), corrects it from the paper with a reason, the director confirms the
correction (four eyes) and publishes. The phones are built as rows until the table's pages are
merged (tests/support/builders.make_table_entry)."""

import pytest

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
from tournaments.enums import GlobalRole, RoundStatus, SheetStatus
from tournaments.models import ResultSheet, Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def blind_type(page, changed=None) -> None:
    """Open the blind form and type the paper's figures; `changed`: (game, letter) → value
    where the paper says something else than the table's entry."""
    page.get_by_text("Blind bestätigen: Zahlen vom Papier neu eintippen").click()
    for game in FIXED_SHEET:
        for letter, points in game["scores"].items():
            value = (changed or {}).get((game["number"], letter), points)
            page.fill(f"#b{game['number']}_{letter}", str(value))
    page.get_by_role("button", name="Vergleichen und bestätigen").click()


def test_desk_compares_the_tables_entries_with_the_paper(browser, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    tournament, rnd = make_released_round(
        director=director, players=make_players(8), count=8, seed=8, desk=[desk]
    )
    for number, letter in ((1, "A"), (2, "C")):
        version = make_table_entry(rnd.tables.get(number=number), FIXED_SHEET, letter=letter)
        sign_table_entry(version, {x: "confirmed" for x in "ABCD" if x != letter})
    base = live_server.url

    desk_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = desk_ctx.new_page()
    log_in(page, base, "orga", PASSWORD)
    page.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/orgatisch/")
    assert page.get_by_test_id("count-at-table").inner_text() == "2"
    assert page.get_by_test_id("state-1").inner_text() == "am Tisch bestätigt (3/3)"
    page.get_by_role("link", name="Nächster zu bestätigen: Tisch 1").click()
    assert page.get_by_test_id("table-entry").is_visible()

    blind_type(page)  # the paper says the same: confirmed at once, on to table 2
    page.get_by_text("Tisch 1 blind bestätigt: alle Zahlen stimmen.").wait_for()
    assert page.get_by_role("heading", level=1).inner_text().startswith("Ergebnisliste Tisch 2")

    # The paper has B and D of game 3 the other way round than the table's phone.
    page.expect_status(  # the comparison refused: the form again, with the differences
        422, f"/leitung/turniere/{tournament.pk}/runden/1/tische/2/bogen/aktion/"
    )
    blind_type(page, changed={(3, "B"): -23, (3, "D"): -14})
    page.get_by_test_id("differences").wait_for()
    assert page.get_by_test_id("difference-3-B").inner_text().split("\t")[1:] == ["-14", "-23"]
    assert page.get_by_test_id("difference-3-D").inner_text().split("\t")[1:] == ["-23", "-14"]
    assert ResultSheet.objects.get(table__round=rnd, table__number=2).status == "entered"

    # The paper is the valid sheet (Klub 10.2): the form below holds its figures; save them as
    # a correction with a reason, for a second person to confirm.
    page.fill("#id_reason", "Papierbogen: B und D in Spiel 3 vertauscht")
    page.get_by_role("button", name="Speichern").click()
    page.get_by_text("Tisch 2 gespeichert (Version 2).").wait_for()
    desk_ctx.close()

    boss_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    boss = boss_ctx.new_page()
    log_in(boss, base, "leiterin", PASSWORD)
    boss.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/tische/2/bogen/")
    boss.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    boss.get_by_text("Tisch 2 bestätigt.").wait_for()
    boss.get_by_role("button", name="Runde veröffentlichen").click()
    boss.get_by_text("Runde 1 ist veröffentlicht.").wait_for()
    assert Round.objects.get(pk=rnd.pk).status == RoundStatus.PUBLISHED
    second = ResultSheet.objects.get(table__round=rnd, table__number=2)
    assert second.status == SheetStatus.CONFIRMED
    assert second.confirmed.games[2]["scores"] == {"A": 40, "B": -23, "C": -3, "D": -14}
    assert [v.action for v in second.versions.order_by("number")] == [
        "table_entered",
        "corrected",
        "confirmed",
    ]
    boss_ctx.close()
