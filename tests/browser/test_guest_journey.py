"""Journey (issue 16.4): on the day, mid-registration, the director adds a walk-in guest from
the registration page (name, club, no member number), checks her in, and she is in the field."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import log_in
from tests.support.builders import (
    PASSWORD,
    make_director,
    make_players,
    make_tournament,
    register_players,
)
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_director_adds_a_guest_mid_registration(page, live_server):
    base = live_server.url
    director = make_director()
    t = make_tournament(director=director, open=True, name="Stadtmeisterschaft Kiel")
    register_players(t, make_players(7), count=7, user=director)

    log_in(page, base, "leiterin", PASSWORD)
    page.goto(f"{base}/leitung/turniere/{t.pk}/anmeldungen/")
    assert page.locator(".stats li").nth(3).inner_text() == "7\nangemeldet"
    page.get_by_text("Gast hinzufügen (ohne Mitgliedsnummer)").click()
    form = page.get_by_test_id("guest-form")
    form.get_by_label("Vorname").fill("Gerda")
    form.get_by_label("Nachname").fill("Gastmann")
    form.get_by_label("Verein").fill("SV Kiel")
    form.get_by_role("button", name="Gast anmelden").click()
    assert "Gast Gastmann, Gerda angemeldet." in page.get_by_role("status").first.inner_text()

    row = page.get_by_role("row", name=re.compile("Gastmann, Gerda"))
    assert row.locator(".badge").first.inner_text() == "Gast"
    row.get_by_role("button", name="einchecken").click()
    row.get_by_role("button", name="auschecken").wait_for()  # the list is swapped in (htmx)
    assert page.locator(".stats li").first.inner_text() == "8\nSpieler eingecheckt"
    guest = Registration.objects.get(tournament=t, player__last_name="Gastmann").player
    assert (guest.is_guest, guest.federation_number, guest.club) == (True, None, "SV Kiel")
