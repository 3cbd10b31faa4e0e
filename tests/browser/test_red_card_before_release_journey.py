"""Journey (issue 27.3; Klub 4.5.1, SPEC §7): a referee gives a red card on the phone after
round 1 is drawn and before it is released. The round is drawn again without the player at
once; at tables of four the rest needs a reserve, so the director's round page says why it has
no tables, the desk checks a reserve in and the director draws again and releases."""

import re

import pytest
from django.urls import reverse

from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_drawn_round, make_players, make_user
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Round, Seat
from tournaments.registration import services as registration_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_red_card_before_the_release_the_director_draws_again_and_releases(
    browser, phone, page, live_server
):
    make_user("leiterin", role=GlobalRole.DIRECTOR)
    director = make_user("leiterin2", role=GlobalRole.DIRECTOR)
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    players = make_players(9)
    tournament, rnd = make_drawn_round(director=director, players=players[:8], count=8, seed=3)
    tournament.staff.create(user=referee, role=StaffRole.REFEREE)
    carded = Seat.objects.select_related("player").get(round=rnd, table__number=1, letter="A")
    carded = carded.player
    registration_services.registration_add(
        tournament=tournament, player=players[8], reserve=True, user=director
    )
    base = live_server.url

    # The referee's red card, in a break before the round starts (no game named).
    log_in(phone, base, "schiri", PASSWORD)
    phone.goto(base + reverse("referee:warning_create", args=[tournament.pk]))
    phone.get_by_label("Spieler:", exact=True).select_option(str(carded.pk))
    phone.get_by_label("Rote Karte").check()
    phone.get_by_label("Unsportliches Verhalten (4.4)").check()
    phone.get_by_role("button", name="Verwarnung speichern").click()
    phone.get_by_role("alertdialog", name="Rote Karte bestätigen").get_by_role(
        "button", name="Ja, Rote Karte geben"
    ).click()
    phone.get_by_text(f"Rote Karte für {carded.full_name} gespeichert").wait_for()

    # The director's round page: taken out, no tables (7 players need a reserve), the way on.
    log_in(page, base, "leiterin2", PASSWORD)
    page.goto(base + reverse("director:round_detail", args=[tournament.pk, 1]))
    empty = page.get_by_test_id("round-no-tables")
    assert empty.inner_text().startswith(
        "Diese Runde hat noch keine Tische. Sie muss neu ausgelost werden, bevor die Paarung "
        "freigegeben werden kann."
    )
    assert (
        empty.get_by_test_id("round-redrawn")
        .inner_text()
        .startswith(f"{carded.full_name} ist ausgeschlossen (Rote Karte) und wurde aus")
    )
    assert page.get_by_role("button", name="Paarung freigeben").count() == 0
    assert page.get_by_role("heading", name="Tische").count() == 0
    assert page.get_by_role("button", name="Tauschen").count() == 0

    # Still no reserve: drawing again is refused with the reason, nothing changes.
    page.get_by_role("button", name="Neu auslosen").click()
    page.get_by_text("es werden genau 1 Ersatzspieler gebraucht").first.wait_for()
    assert Round.objects.get(pk=rnd.pk).tables.count() == 0

    # The reserve checks in at the desk; the director draws again and releases.
    page.goto(base + reverse("director:registration", args=[tournament.pk]))
    row = page.get_by_role("row", name=re.compile(re.escape(players[8].full_name)))
    row.get_by_role("button", name="einchecken").click()
    row.get_by_text("eingecheckt", exact=True).wait_for()
    page.goto(base + reverse("director:round_detail", args=[tournament.pk, 1]))
    page.get_by_role("button", name="Neu auslosen").click()
    page.get_by_role("heading", name="Tische").wait_for()
    assert page.get_by_test_id("round-no-tables").count() == 0
    page.get_by_role("button", name="Paarung freigeben").click()
    page.get_by_text("Runde 1 ist freigegeben und öffentlich sichtbar.").wait_for()

    seated = set(Round.objects.get(pk=rnd.pk).seats.values_list("player_id", flat=True))
    assert len(seated) == 8 and carded.pk not in seated and players[8].pk in seated
    assert Round.objects.get(pk=rnd.pk).is_released
