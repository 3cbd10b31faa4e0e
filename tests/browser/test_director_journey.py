"""Journey (issue 3): a director sets up a tournament and prints round 1, all in the browser."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_user
from tournaments.enums import GlobalRole
from tournaments.models import Player, Round, Seat
from tournaments.simulation.players import demo_player_rows

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def csv_bytes(count: int) -> bytes:
    """A registry export as Excel writes it in Germany: Windows-1252 and semicolons."""
    lines = ["Mitgliedsnummer;Nachname;Vorname;Verein;Ort;Geburtsjahr;E-Mail;Name veröffentlichen"]
    for row in demo_player_rows(count, seed=7, start=501):
        lines.append(
            ";".join(
                [
                    row["federation_number"],
                    row["last_name"],
                    row["first_name"],
                    row["club"],
                    row["city"],
                    str(row["birth_year"]),
                    row["email"],
                    "ja" if row["publish_name"] else "nein",
                ]
            )
        )
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_director_sets_up_tournament_and_prints_round_one(page, live_server, tmp_path):
    make_user("leiterin", role=(GlobalRole.FEDERATION_ADMIN, GlobalRole.DIRECTOR))
    base = live_server.url
    log_in(page, base, "leiterin", PASSWORD)

    # 1. Import 40 players from a CSV file: preview first, then confirm.
    page.goto(f"{base}/leitung/spieler/import/")
    upload = tmp_path / "spieler.csv"
    upload.write_bytes(csv_bytes(40))
    page.get_by_label("CSV-Datei").set_input_files(str(upload))
    page.get_by_role("button", name="Vorschau anzeigen").click()
    expect(page.locator("body")).to_contain_text("Kodierung Windows-1252")
    assert Player.objects.count() == 0  # nothing before the confirmation
    page.get_by_role("button", name="Jetzt importieren").click()
    assert page.get_by_text("Import abgeschlossen: 40 neu, 0 geändert, 0 unverändert.").is_visible()
    assert Player.objects.count() == 40

    # 2. Create the tournament and open registration.
    page.goto(f"{base}/leitung/turniere/neu/")
    page.get_by_label("Name").fill("Stadtmeisterschaft Browserstadt")
    page.get_by_label("Kategorie").select_option("national")
    assert page.get_by_label("Vorrunden").input_value() == "4"  # Klub 6.3 preset (issue #17.3)
    page.get_by_label("Kategorie").select_option("city")
    assert page.get_by_label("Vorrunden").input_value() == "3"
    page.get_by_label("Beginn").fill("2026-12-12")
    page.get_by_label("Beginn").dispatch_event("change")
    assert page.locator("#id_end_date").input_value() == "2026-12-12"  # a one-day event
    page.get_by_label("Ranking-Jahr").fill("2026")
    page.get_by_label("Spielort").fill("Stadthalle")
    page.get_by_role("button", name="Speichern").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Stadtmeisterschaft Browserstadt"
    page.get_by_role("button", name="Anmeldung öffnen").click()
    assert page.get_by_text("Die Anmeldung ist geöffnet").is_visible()

    # 3. Register 37 players and 3 reserves by search-as-you-type.
    page.get_by_role("link", name="Anmeldungen und Check-in").click()
    numbers = list(
        Player.objects.order_by("federation_number").values_list(
            "federation_number", "last_name", "first_name"
        )
    )
    search = page.get_by_label("Spieler suchen (Name, Mitgliedsnummer, Verein)")
    for index, (number, last, first) in enumerate(numbers):
        search.fill(number)
        reserve = index >= 37
        name = f"{last}, {first}"
        label = f"{name} als Ersatzspieler anmelden" if reserve else f"{name} anmelden"
        button = page.get_by_role("button", name=label, exact=True)
        button.click()
        kind = "als Ersatzspieler " if reserve else ""
        page.get_by_text(f"{name} {kind}angemeldet.").wait_for()
        if index == 0:  # issue #17.4: the search is empty and focused for the next name
            assert search.input_value() == ""
            assert search.evaluate("el => el === document.activeElement")
    page.get_by_role("button", name="Alle einchecken").click()
    page.get_by_text("10 Tische zu vier Spielern, davon 3 Ersatzspieler.").wait_for()

    # 4. Pair round 1 (random draw from a stored seed) and release it. While the server draws,
    # the button says so and is busy (issue 28.7): the test holds the first submit in the page
    # (a listener after the site's own), looks, then sends the form.
    page.evaluate(
        "() => document.addEventListener('submit', e => e.preventDefault(), {once: true})"
    )
    page.get_by_role("button", name="Runde 1 auslosen").click()
    busy = page.get_by_role("button", name="Runde wird ausgelost …")
    assert busy.get_attribute("aria-busy") == "true"
    page.evaluate("() => document.querySelector('form[data-busy]').submit()")
    page.wait_for_url(re.compile(r"/runden/1/$"))
    assert page.get_by_role("heading", level=1).inner_text().endswith("Runde 1")
    rnd = Round.objects.get()
    assert Seat.objects.filter(round=rnd).count() == 40
    assert Seat.objects.filter(round=rnd, reserve=True).count() == 3
    assert page.get_by_test_id("repeated-pairs").inner_text() == "0"
    page.get_by_role("button", name="Paarung freigeben").click()
    assert page.get_by_text("Runde 1 ist freigegeben").is_visible()

    # 5. Both pairing lists and the table cards, printed on A4.
    page.get_by_role("link", name="Liste nach Tischen").click()
    assert page.locator("table.pairing-by-table tbody").count() == 10
    page.emulate_media(media="print")
    assert pdf_pages(page.pdf(format="A4")) >= 1
    page.emulate_media(media="screen")

    page.get_by_role("link", name="nach Namen").click()
    first_seat = (
        Seat.objects.select_related("player", "table")
        .order_by("player__last_name", "player__first_name")
        .first()
    )
    entry = f"{first_seat.player.last_name}, {first_seat.player.first_name}"
    assert entry in page.locator("ul.pairing-by-name li").first.inner_text()

    page.get_by_role("link", name="Tischkarten").click()
    assert page.locator("article.table-card").count() == 10
    page.emulate_media(media="print")
    assert pdf_pages(page.pdf(format="A4")) == 5  # two table cards per A4 page
