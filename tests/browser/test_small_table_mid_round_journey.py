"""Journey (issue 27.1; Klub 4.5.1, SPEC §7): a red card in game 2 at a table of three. The
desk's grid shows C's games 2 and 3 as not played and takes the two others' 2-player games;
the director confirms and publishes; the public round results show placement points 4 and 3."""

import pytest

from tests.browser.conftest import log_in
from tests.support.builders import (
    FIXED_SHEET_THREE,
    PASSWORD,
    give_warning,
    make_house_tournament,
    make_players,
    make_user,
    register_players,
)
from tournaments.enums import GlobalRole, RoundStatus, StaffRole, WarningKind
from tournaments.models import Round
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_desk_enters_two_player_games_after_a_red_card_at_a_table_of_three(browser, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    tournament = make_house_tournament(director=director, has_final=False)
    tournament.staff.create(user=desk, role=StaffRole.DESK)
    tournament.staff.create(user=referee, role=StaffRole.REFEREE)
    register_players(tournament, make_players(6), count=6, user=director)
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=5)
    rnd = round_services.round_release(rnd=rnd, user=director)
    carded = rnd.seats.get(table__number=1, letter="C").player
    give_warning(tournament, carded, kind=WarningKind.RED, user=referee, rnd=rnd, game_number=2)
    sheet = sheet_services.sheet_save(
        table=rnd.tables.get(number=2), games=FIXED_SHEET_THREE[:3], expected_version=0, user=desk
    )
    sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=director)
    base = live_server.url

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = context.new_page()
    log_in(page, base, "orga", PASSWORD)
    page.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/tische/1/bogen/")
    for cell in ("2-C", "3-C"):
        assert page.get_by_test_id(f"not-played-{cell}").locator("input").is_disabled()
    # a 2-player game with a wrong control sum is reported while typing
    page.locator("#g2_A").fill("+15")
    page.locator("#g2_B").fill("-10")
    page.locator("#g2-feedback").get_by_text(
        "Spiel 2: Die Summe ist +5 statt 0 (Kontrollsumme)."
    ).wait_for()
    cells = {"g1_A": "+30", "g1_B": "-10", "g1_C": "-20", "g2_A": "-15", "g2_B": "+15",
             "g3_A": "+25", "g3_B": "-25"}  # fmt: skip
    for cell, value in cells.items():
        page.locator(f"#{cell}").fill(value)
    page.get_by_role("button", name="Speichern").first.click()
    page.get_by_text("Tisch 1 gespeichert (Version 1).").wait_for()
    context.close()

    boss_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    boss = boss_ctx.new_page()
    log_in(boss, base, "leiterin", PASSWORD)
    boss.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/orgatisch/")
    boss.get_by_role("link", name="Nächster zu bestätigen: Tisch 1").click()
    boss.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    boss.get_by_text("Tisch 1 bestätigt.").wait_for()
    boss.goto(f"{base}/leitung/turniere/{tournament.pk}/runden/1/orgatisch/")
    boss.get_by_role("button", name="Runde veröffentlichen").click()
    boss.get_by_text("Runde 1 ist veröffentlicht.").wait_for()
    assert Round.objects.get(pk=rnd.pk).status == RoundStatus.PUBLISHED

    boss.goto(f"{base}/turniere/{tournament.pk}/runden/1/ergebnisse/")
    table_1 = boss.locator("section.card").first
    assert table_1.locator(".not-played").count() == 2
    places = table_1.inner_text().replace("\u00a0", " ")
    # games 1 to 3: A 1st, 2nd, 1st; B 2nd, 1st, 2nd (4, 3 for two); C 3rd in game 1 only
    assert (places.count("1. Pl. · 4 P."), places.count("2. Pl. · 3 P.")) == (3, 3)
    assert places.count("3. Pl. · 1 P.") == 1
    boss_ctx.close()
