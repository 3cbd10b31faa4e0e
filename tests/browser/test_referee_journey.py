"""Journey (issue 6): on a phone a referee logs an unofficial warning, a yellow and a red card;
the director draws the next round without the red-carded player, and the public standings
show him as excluded."""

import re

import pytest
from django.urls import reverse

from tests.browser.conftest import log_in
from tests.support.builders import (
    FIXED_SHEET,
    PASSWORD,
    make_players,
    make_released_round,
    make_user,
    play_round,
    without_seat,
)
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import PlayerWarning, Registration, Round, Seat
from tournaments.registration import services as registration_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_referee_cards_on_phone_then_director_draws_without_excluded_player(
    browser, phone, live_server
):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    players = make_players(9)
    tournament, rnd = make_released_round(
        director=director, players=players[:8], count=8, seed=8, desk=[desk]
    )
    tournament.staff.create(user=referee, role=StaffRole.REFEREE)
    seat = Seat.objects.select_related("player").get(round=rnd, table__number=1, letter="A")
    carded = seat.player
    base = live_server.url

    # 1. Unofficial warning: tournament → table 1 → player → kind → ground → save.
    log_in(phone, base, "schiri", PASSWORD)
    phone.get_by_role("link", name="Schiedsrichter").click()
    phone.get_by_role("link", name=tournament.name).click()
    phone.get_by_role("link", name=re.compile(r"^Tisch 1\b")).click()
    phone.get_by_role("link", name=re.compile(re.escape(carded.full_name))).click()
    phone.get_by_text("Keine früheren Verwarnungen in diesem Turnier.").wait_for()
    phone.get_by_label("Inoffizielle Verwarnung").check()
    phone.get_by_label("Heruntergefallene Steine (15.3)").check()
    phone.get_by_role("button", name="Verwarnung speichern").click()
    phone.get_by_text(f"Inoffizielle Verwarnung für {carded.full_name} gespeichert.").wait_for()

    # 2. Yellow card: the player is chosen from the list; htmx loads the earlier warning.
    phone.get_by_role("link", name="Verwarnung erfassen").click()
    phone.get_by_label("Spieler:", exact=True).select_option(str(carded.pk))
    history = phone.locator("#player-history")
    history.get_by_text("Heruntergefallene Steine (15.3)").wait_for()
    phone.get_by_label("Gelbe Karte").check()
    phone.get_by_label("Unsportliches Verhalten (4.4)").check()
    phone.get_by_role("button", name="Verwarnung speichern").click()
    phone.get_by_text(f"Gelbe Karte für {carded.full_name} gespeichert.").wait_for()

    # 3. Red card via the name search; the second-yellow alarm is on screen; a dialog confirms.
    phone.get_by_label("Name oder Mitgliedsnummer").fill(carded.last_name)
    phone.locator("#search-results").get_by_role(
        "link", name=re.compile(re.escape(carded.full_name))
    ).click()
    alarm = phone.get_by_test_id("history-alarm")
    assert alarm.inner_text() == (
        "Achtung: bereits 1 Gelbe Karte in diesem Turnier! Eine weitere wäre die zweite."
    )
    phone.get_by_label("Rote Karte").check()
    phone.get_by_label("Missbrauch des Schiedsrichterrufs (4.1.4)").check()
    phone.get_by_text("Runde, Spiel und Notiz (optional)").click()
    phone.get_by_label("Spiel:", exact=True).select_option("3")
    phone.get_by_label("Notiz").fill("Ruft ständig ohne Grund")
    phone.get_by_role("button", name="Verwarnung speichern").click()
    dialog = phone.get_by_role("alertdialog", name="Rote Karte bestätigen")
    dialog.wait_for()
    assert PlayerWarning.objects.filter(kind=WarningKind.RED).count() == 0  # not before "Ja"
    dialog.get_by_role("button", name="Ja, Rote Karte geben").click()
    phone.get_by_text(f"Rote Karte für {carded.full_name} gespeichert").wait_for()
    assert phone.get_by_role("region", name="Ausgeschlossen (Rote Karte)").is_visible()

    warnings = list(PlayerWarning.objects.filter(player=carded).order_by("given_at", "pk"))
    assert [(x.kind, x.table_number, x.given_by_id) for x in warnings] == [
        ("unofficial", 1, referee.pk),
        ("yellow", 1, referee.pk),
        ("red", 1, referee.pk),
    ]
    assert (warnings[2].game_number, warnings[2].note) == (3, "Ruft ständig ohne Grund")

    # The desk publishes round 1; a reserve stands by (registered, not checked in).
    # Carded in game 3 (SPEC §7): table 1 plays games 3 and 4 as a table of three.
    play_round(rnd, director=director, desk=desk, sheets={1: without_seat(FIXED_SHEET, "A", 3)})
    reserve = registration_services.registration_add(
        tournament=tournament, player=players[8], reserve=True, user=director
    )

    # 4. The director sees the exclusion, checks the reserve in and draws round 2.
    boss_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    boss = boss_ctx.new_page()
    log_in(boss, base, "leiterin", PASSWORD)
    boss.goto(f"{base}{reverse('director:tournament_detail', args=[tournament.pk])}")
    assert carded.full_name in boss.get_by_test_id("exclusions").inner_text()
    assert "Preisgeld verfällt" in boss.get_by_test_id("exclusions").inner_text()
    assert (
        boss.get_by_test_id("next-round-field")
        .inner_text()
        .startswith(
            "Nächste Runde: 1 Spieler ist ausgeschlossen (Rote Karte) und wird nicht gesetzt. "
            "7 Spieler: es werden genau 1 Ersatzspieler gebraucht"
        )
    )
    boss.get_by_role("link", name="Ersatzspieler ein- oder auschecken").click()
    boss.get_by_role("row", name=re.compile(re.escape(players[8].full_name))).get_by_role(
        "button", name="einchecken"
    ).click()
    boss.get_by_role("row", name=re.compile(re.escape(players[8].full_name))).get_by_text(
        "eingecheckt", exact=True
    ).wait_for()
    boss.get_by_role("link", name="Übersicht").click()
    boss.get_by_role("button", name="Nächste Runde auslosen").click()
    boss.get_by_text("Runde 2 ist ausgelost").wait_for()

    round2 = Round.objects.get(tournament=tournament, number=2)
    seated = set(round2.seats.values_list("player_id", flat=True))
    assert carded.pk not in seated and reserve.player_id in seated and len(seated) == 8
    tables = boss.locator("#h-tables").locator("xpath=..").inner_text()
    assert carded.full_name not in tables
    assert boss.get_by_test_id("round-exclusions").inner_text() == (
        f"Ausgeschlossen (Rote Karte), nicht gesetzt: {carded.full_name}."
    )
    boss_ctx.close()

    # 5. The public standings list him without a rank, marked "ausgeschlossen".
    phone.goto(f"{base}{reverse('standings', args=[tournament.pk])}")
    row = phone.get_by_role("row", name=re.compile(re.escape(carded.public_name)))
    assert "ausgeschlossen" in row.inner_text()
    assert Registration.objects.get(pk=reserve.pk).checked_in_at is not None
