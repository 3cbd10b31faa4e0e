"""Journey (issue #15.8): the round is released; the desk board, a referee's page, the public
standings, "Mein Tisch" and the hall display are open. At table 1 one phone enters the sheet
(with the number pad's minus, through a lost connection) and the three others sign on their own
phones; table 2 does the same and calls a referee. The desk blind-types table 1 (equal:
confirmed at once) and table 2 with a typo (the cell difference shown), confirms table 2 after
comparing; the director publishes. Every open screen follows without a reload within 3 s (they
poll every 1.5 s; unchanged polls are 304); every table's key is then spent.
"""

import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_players, make_released_round, make_user
from tournaments.enums import GlobalRole, RoundStatus, SheetAction, SheetStatus, StaffRole
from tournaments.models import RefereeCall, ResultSheet, Round, SheetSignoff
from tournaments.rounds import services as round_services
from tournaments.tableside.views import token_for

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WITHIN_MS = 3000
SHEET = [
    ("+60", "-10", "-20", "-30"),
    ("-5", "+45", "-20", "-20"),
    ("-14", "-3", "+40", "-23"),
    ("-8", "-8", "-9", "+25"),
]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
OFFLINE = "net::ERR_INTERNET_DISCONNECTED"


class Screens:
    """Browser contexts asking for German (Chromium's default would get the English pages);
    conftest watches each one and judges it at the end."""

    def __init__(self, browser):
        self.browser = browser

    def open(self, kind: dict = PHONE):
        context = self.browser.new_context(locale="de-DE", **kind)
        return context, self.page(context)

    def page(self, context):
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page


def enter_sheet(phone, rows, *, by: str) -> None:
    phone.get_by_role("radio", name=by).check()
    for game, values in enumerate(rows, start=1):
        for letter, value in zip("ABCD", values, strict=True):
            phone.locator(f"#g{game}_{letter}").fill(value)


def previews_done(phone) -> None:
    """The live preview has answered the last input (it waits 500 ms, then posts): the test
    goes offline on purpose only after it, so no preview fails on the way."""
    phone.wait_for_timeout(700)
    phone.wait_for_function("() => !document.querySelector('.htmx-request')")


def sign_on_phones(screens, phones: dict, url: str, names: dict) -> None:
    """Each other player of the table confirms on their own phone (opened once, reused)."""
    for letter, name in names.items():
        if letter not in phones:
            phones[letter] = screens.open()[1]
        p = phones[letter]
        p.goto(url)
        p.get_by_role("link", name="Telefon weitergeben").tap()
        p.get_by_test_id(f"pick-{letter}").tap()
        p.get_by_role("button", name="Ich bestätige die Ergebnisse").tap()
        p.get_by_text(f"{name}: bestätigt. Danke!").wait_for()


def test_four_phones_enter_and_sign_the_desk_compares_every_screen_follows(browser, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    tournament, rnd = make_released_round(
        director=director, players=make_players(8), count=8, seed=8, desk=[desk]
    )
    tournament.staff.create(user=referee, role=StaffRole.REFEREE)
    base = live_server.url
    tables = {t.number: t for t in rnd.tables.prefetch_related("seats__player")}
    names = {n: {s.letter: s.player.full_name for s in t.seats.all()} for n, t in tables.items()}
    url = {n: base + reverse("table:entry", args=[token_for(t)]) for n, t in tables.items()}
    screens = Screens(browser)

    # Open before anything happens: the desk board, a referee's page, the public screens.
    desk_ctx, board = screens.open(DESKTOP)
    log_in(board, base, "orga", PASSWORD)
    board.goto(base + reverse("director:desk_board", args=[tournament.pk, 1]))
    expect(board.get_by_test_id("state-1")).to_have_text("fehlt")
    _, ref = screens.open()
    log_in(ref, base, "schiri", PASSWORD)
    ref.goto(base + reverse("referee:tournament", args=[tournament.pk]))
    expect(ref.get_by_test_id("referee-calls")).to_contain_text("Keine offenen Rufe.")
    _, standings = screens.open()
    standings.goto(base + reverse("standings", args=[tournament.pk]))
    expect(standings.get_by_text("Noch keine Runde veröffentlicht.", exact=False)).to_be_visible()
    _, mein_tisch = screens.open()
    mein_tisch.goto(base + reverse("pairing_by_name", args=[tournament.pk, 1]))
    _, hall = screens.open(DESKTOP)
    hall.goto(base + reverse("hall_display", args=[tournament.pk]))
    expect(hall.locator("#screen")).to_have_attribute("data-mode", "pairing")

    # Phone A of table 1: the number pad types a minus; the live sum shows the control sum.
    ctx, a = screens.open()
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
    enter_sheet(a, SHEET, by=f"A {names[1]['A']}")
    assert a.locator("tr[data-game='1'] output[data-sum]").inner_text() == "0"

    # The connection drops as A saves: the figures stay in the phone and go out once back.
    previews_done(a)
    ctx.set_offline(True)
    a.expect_failure(reverse("table:entry", args=[token_for(tables[1])]), OFFLINE)
    a.get_by_role("button", name="Speichern").click()
    a.get_by_text("Keine Verbindung.").wait_for()
    assert not ResultSheet.objects.filter(table=tables[1]).exists()
    ctx.set_offline(False)
    a.get_by_text("Gespeichert (Version 1)").wait_for()
    version = ResultSheet.objects.get(table=tables[1]).current
    assert (version.action, version.filled_in_by) == (SheetAction.TABLE_ENTERED, "A")
    assert version.device.endswith("· Chrome")
    expect(board.get_by_test_id("state-1")).to_have_text(
        "am Tisch eingetragen, 0/3 bestätigt", timeout=WITHIN_MS
    )

    # B, C and D sign on their own phones, each under their own name.
    phones: dict = {}
    sign_on_phones(screens, phones, url[1], {x: names[1][x] for x in "BCD"})
    expect(board.get_by_test_id("state-1")).to_have_text(
        "am Tisch bestätigt (3/3)", timeout=WITHIN_MS
    )
    a.reload()
    a.get_by_text("Alle haben bestätigt.").wait_for()
    assert SheetSignoff.objects.filter(version=version, verdict="confirmed").count() == 3

    # Table 2: C enters on the same kind of page, A, B and D sign (the phones go to table 2).
    _, t2 = screens.open()
    t2.goto(url[2])
    enter_sheet(t2, SHEET, by=f"C {names[2]['C']}")
    # as at table 1: the preview's last answer first (it grows above the button, which moves
    # under a click that comes while it is swapped in)
    previews_done(t2)
    t2.get_by_role("button", name="Speichern").click()
    t2.get_by_text("Gespeichert (Version 1)").wait_for()
    phones["A"] = a
    sign_on_phones(screens, phones, url[2], {x: names[2][x] for x in "ABD"})
    expect(board.get_by_test_id("state-2")).to_have_text(
        "am Tisch bestätigt (3/3)", timeout=WITHIN_MS
    )

    # Table 2 calls a referee: the open referee page lists it without a reload.
    t2.goto(url[2])
    t2.get_by_label("Anlass (freiwillig)").fill("Joker am Spielende")
    t2.get_by_role("button", name="Schiedsrichter rufen").click()
    t2.get_by_text("Ein Schiedsrichter ist gerufen und kommt an Tisch 2.").wait_for()
    expect(ref.get_by_test_id("call-2")).to_contain_text("„Joker am Spielende“", timeout=WITHIN_MS)
    assert RefereeCall.objects.get().table_id == tables[2].pk

    # The desk (a second page of its session): table 1 blind-typed equal → confirmed at once;
    # table 2 with a typo in game 2, seat C → the cell difference, nothing confirmed.
    sheet = screens.page(desk_ctx)

    def blind(table_number: int, rows) -> None:
        sheet.goto(base + reverse("director:sheet", args=[tournament.pk, 1, table_number]))
        sheet.get_by_text("Blind bestätigen: Zahlen vom Papier neu eintippen").click()
        for game, values in enumerate(rows, start=1):
            for letter, value in zip("ABCD", values, strict=True):
                sheet.locator(f"#b{game}_{letter}").fill(value)
        sheet.get_by_role("button", name="Vergleichen und bestätigen").click()

    blind(1, SHEET)
    sheet.get_by_text("Tisch 1 blind bestätigt: alle Zahlen stimmen.").wait_for()
    assert ResultSheet.objects.get(table=tables[1]).status == SheetStatus.CONFIRMED
    expect(board.get_by_test_id("state-1")).to_have_text("bestätigt", timeout=WITHIN_MS)
    sheet.expect_status(  # the comparison refused: the form again, with the differences
        422, reverse("director:sheet_action", args=[tournament.pk, 1, 2])
    )
    blind(2, [SHEET[0], ("-5", "+45", "-2", "-20"), *SHEET[2:]])
    sheet.get_by_test_id("differences").wait_for()
    # the cell: game 2, seat C; the table's entry, then the paper as the desk typed it
    assert sheet.get_by_test_id("difference-2-C").inner_text().split("\t")[1:] == ["-20", "-2"]
    assert sheet.locator("[data-testid^='difference-']").count() == 1
    assert ResultSheet.objects.get(table=tables[2]).status == SheetStatus.ENTERED
    # The desk looks at the paper again: its own typo; the table's figures stand.
    sheet.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    sheet.get_by_text("Tisch 2 bestätigt.").wait_for()
    assert ResultSheet.objects.get(table=tables[2]).status == SheetStatus.CONFIRMED
    expect(board.get_by_test_id("state-2")).to_have_text("bestätigt", timeout=WITHIN_MS)

    # The director publishes: every open screen follows within 3 s.
    _, boss = screens.open(DESKTOP)
    log_in(boss, base, "leiterin", PASSWORD)
    boss.goto(base + reverse("director:desk_board", args=[tournament.pk, 1]))
    boss.get_by_role("button", name="Runde veröffentlichen").click()
    boss.get_by_text("Runde 1 ist veröffentlicht.").wait_for()
    published = time.monotonic()
    assert Round.objects.get(pk=rnd.pk).status == RoundStatus.PUBLISHED
    expect(standings.get_by_role("heading", name="Rangliste nach Runde 1")).to_be_visible(
        timeout=WITHIN_MS
    )
    expect(standings.locator("#live-standings")).to_contain_text(names[1]["A"].split()[-1])
    expect(hall.locator("#screen")).to_have_attribute("data-mode", "standings", timeout=WITHIN_MS)
    expect(board.get_by_text("Runde veröffentlicht")).to_be_visible(timeout=WITHIN_MS)
    assert time.monotonic() - published < WITHIN_MS / 1000

    # "Mein Tisch" shows pairings, not results: it follows to round 2 once that is released.
    second = round_services.round_pair_next(tournament=tournament, user=director, seed=10)
    round_services.round_release(rnd=second, user=director)
    expect(mein_tisch).to_have_url(
        base + reverse("pairing_by_name", args=[tournament.pk, 2]), timeout=WITHIN_MS
    )

    # Every phone's key of round 1 is spent now.
    t2.expect_status(410, reverse("table:entry", args=[token_for(tables[2])]))
    response = t2.reload()
    assert response.status == 410
    t2.get_by_text("Diese Runde ist bereits veröffentlicht").wait_for()


def test_a_phone_saves_through_its_script_and_again_after_a_lost_connection(browser, live_server):
    """The script's path (issue 28.1): the save goes out as the script's own POST to the
    table's page (never to a wrong address, never the form's fallback), is kept while the
    phone is offline and goes out once more when it is back; no response >= 400 (conftest)."""
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    _, rnd = make_released_round(director=director, players=make_players(8), count=8, seed=8)
    table = rnd.tables.prefetch_related("seats__player").get(number=1)
    name = next(s.player.full_name for s in table.seats.all() if s.letter == "B")
    path = reverse("table:entry", args=[token_for(table)])
    context = browser.new_context(locale="de-DE", **PHONE)
    phone = context.new_page()
    posts: list[tuple[str, str]] = []
    phone.on(
        "request",
        lambda r: (
            posts.append((r.resource_type, r.url.removeprefix(live_server.url)))
            if r.method == "POST" and "hx-request" not in r.headers
            else None
        ),
    )
    phone.goto(live_server.url + path)
    enter_sheet(phone, SHEET, by=f"B {name}")

    previews_done(phone)
    context.set_offline(True)
    phone.expect_failure(path, OFFLINE)
    phone.get_by_role("button", name="Speichern").click()
    phone.get_by_text("Keine Verbindung.").wait_for()
    # the message sits by the button just tapped, on the same screen (issue 28.8)
    banner = phone.get_by_test_id("offline-banner").bounding_box()
    save = phone.get_by_role("button", name="Speichern").bounding_box()
    assert 0 <= save["y"] - (banner["y"] + banner["height"]) < 40
    assert banner["y"] >= 0 and save["y"] + save["height"] <= PHONE["viewport"]["height"]
    assert not ResultSheet.objects.filter(table=table).exists()
    context.set_offline(False)
    phone.get_by_text("Gespeichert (Version 1)").wait_for()

    assert posts == [("fetch", path), ("fetch", path)]
    version = ResultSheet.objects.get(table=table).current
    assert (version.action, version.filled_in_by) == (SheetAction.TABLE_ENTERED, "B")
    context.close()
