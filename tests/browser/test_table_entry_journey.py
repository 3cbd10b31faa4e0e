"""Journey (issue #15.8): the round is released; at table 1 one phone enters the sheet (with the
number pad's minus, through a lost connection) and the three others sign on their own phones;
table 2 enters too. The desk blind-types table 1 (equal: confirmed at once) and table 2 with a
typo (refused), confirms table 2 after comparing, publishes; every table's key is then spent.
"""

import re

import pytest
from django.urls import reverse

from tests.browser.conftest import CSP_PROBE, _is_csp_violation, log_in
from tests.support.builders import PASSWORD, make_players, make_released_round, make_user
from tournaments.enums import GlobalRole, RoundStatus, SheetAction, SheetStatus
from tournaments.models import ResultSheet, Round, SheetSignoff
from tournaments.tableside.views import token_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEET = [
    ("+60", "-10", "-20", "-30"),
    ("-5", "+45", "-20", "-20"),
    ("-14", "-3", "+40", "-23"),
    ("-8", "-8", "-9", "+25"),
]


def new_phone(browser, violations: list[str]):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="de-DE"
    )
    context.add_init_script(CSP_PROBE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("console", lambda m: violations.append(m.text) if _is_csp_violation(m) else None)
    return context, page


def enter_sheet(phone, rows, *, by: str) -> None:
    phone.get_by_role("radio", name=by).check()
    for game, values in enumerate(rows, start=1):
        for letter, value in zip("ABCD", values, strict=True):
            phone.locator(f"#g{game}_{letter}").fill(value)


def test_four_phones_enter_and_sign_the_desk_compares_and_publishes(browser, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    tournament, rnd = make_released_round(
        director=director, players=make_players(8), count=8, seed=8, desk=[desk]
    )
    base = live_server.url
    tables = {t.number: t for t in rnd.tables.prefetch_related("seats__player")}
    names = {s.letter: s.player.full_name for s in tables[1].seats.all()}
    url = {n: base + reverse("table:entry", args=[token_for(t)]) for n, t in tables.items()}
    violations: list[str] = []
    contexts = []

    # Phone A of table 1: the number pad types a minus; the live sum shows the control sum.
    ctx, a = new_phone(browser, violations)
    contexts.append(ctx)
    a.goto(url[1])
    a.locator("#g1_B").tap()
    pad = a.locator("[data-numpad]")
    for key in ("1", "0"):
        pad.locator(f"button[data-key='{key}']").tap()
    pad.get_by_role("button", name="Vorzeichen wechseln").tap()
    assert a.locator("#g1_B").input_value() == "-10"
    a.locator("#g1_C").fill("-20")
    a.locator("#g1_D").fill("-20")
    assert a.locator("#g1_A").get_attribute("placeholder") == "+50"  # the winner's plus
    a.locator("#g1_A").fill("+60")
    assert a.locator("tr[data-game='1'] output[data-sum]").inner_text() == "+10"
    a.locator("#g1-feedback").get_by_text("Die Summe ist +10 statt 0").wait_for()
    enter_sheet(a, SHEET, by=f"A {names['A']}")
    assert a.locator("tr[data-game='1'] output[data-sum]").inner_text() == "0"

    # The connection drops as A saves: the figures stay in the phone and go out once back.
    ctx.set_offline(True)
    a.get_by_role("button", name="Speichern").click()
    a.get_by_text("Keine Verbindung.").wait_for()
    assert not ResultSheet.objects.filter(table=tables[1]).exists()
    ctx.set_offline(False)
    a.get_by_text("Gespeichert (Version 1)").wait_for()
    version = ResultSheet.objects.get(table=tables[1]).current
    assert (version.action, version.filled_in_by) == (SheetAction.TABLE_ENTERED, "A")
    assert version.device.endswith("· Chrome")

    # B, C and D sign on their own phones, each under their own name.
    for letter in "BCD":
        ctx, p = new_phone(browser, violations)
        contexts.append(ctx)
        p.goto(url[1])
        p.get_by_role("link", name="Telefon weitergeben").tap()
        p.get_by_test_id(f"pick-{letter}").tap()
        p.get_by_role("button", name="Ich bestätige die Ergebnisse").tap()
        p.get_by_text(f"{names[letter]}: bestätigt. Danke!").wait_for()
    a.reload()
    a.get_by_text("Alle haben bestätigt.").wait_for()
    assert SheetSignoff.objects.filter(version=version, verdict="confirmed").count() == 3

    # Table 2 enters on its own phone.
    ctx, t2 = new_phone(browser, violations)
    contexts.append(ctx)
    t2.goto(url[2])
    enter_sheet(t2, SHEET, by="C " + tables[2].seats.get(letter="C").player.full_name)
    t2.get_by_role("button", name="Speichern").click()
    t2.get_by_text("Gespeichert (Version 1)").wait_for()

    # The desk: table 1 blind-typed equal → confirmed at once; table 2 with a typo → refused.
    desk_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    desk_page = desk_ctx.new_page()
    log_in(desk_page, base, "orga", PASSWORD)

    def blind(table_number: int, rows) -> None:
        desk_page.goto(base + reverse("director:sheet", args=[tournament.pk, 1, table_number]))
        desk_page.get_by_text("Blind bestätigen: Zahlen vom Papier neu eintippen").click()
        for game, values in enumerate(rows, start=1):
            for letter, value in zip("ABCD", values, strict=True):
                desk_page.locator(f"#b{game}_{letter}").fill(value)
        desk_page.get_by_role("button", name="Vergleichen und bestätigen").click()

    blind(1, SHEET)
    assert ResultSheet.objects.get(table=tables[1]).status == SheetStatus.CONFIRMED
    typo = [SHEET[0], ("-5", "+45", "-2", "-20"), *SHEET[2:]]
    blind(2, typo)
    # TODO(lead): with the desk helper's compare merged, assert its cell here:
    # desk_page.get_by_test_id("difference-2-C") (entered −20, paper −2).
    desk_page.get_by_text(
        re.compile("Die nachgetippten Zahlen weichen .*von der Erfassung")
    ).wait_for()
    assert ResultSheet.objects.get(table=tables[2]).status == SheetStatus.ENTERED
    desk_page.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    assert ResultSheet.objects.get(table=tables[2]).status == SheetStatus.CONFIRMED
    desk_ctx.close()

    boss_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    boss = boss_ctx.new_page()
    log_in(boss, base, "leiterin", PASSWORD)
    boss.goto(base + reverse("director:desk_board", args=[tournament.pk, 1]))
    boss.get_by_role("button", name="Runde veröffentlichen").click()
    boss.get_by_text("Runde 1 ist veröffentlicht.").wait_for()
    assert Round.objects.get(pk=rnd.pk).status == RoundStatus.PUBLISHED
    boss_ctx.close()

    # Every phone's key is spent now (the live refresh of open screens is issue #15.5's).
    response = t2.reload()
    assert response.status == 410
    t2.get_by_text("Diese Runde ist bereits veröffentlicht").wait_for()
    for context in contexts:
        context.close()
    assert violations == [], "Content-Security-Policy verletzt:\n" + "\n".join(violations)
