"""Journey (issue 16.2) on phones: a player registers online, the next one lands on the waiting
list with her position, the first withdraws, she moves up and gets the e-mail; the director's
registration page shows where each registration came from."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.conftest import log_in
from tests.support.builders import (
    PASSWORD,
    make_director,
    make_player_account,
    make_players,
    make_tournament,
    register_players,
)
from tests.support.celery import celery_conf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_waiting_list_and_move_up_mail(browser, phone, page, live_server, mailoutbox):
    base = live_server.url
    director = make_director()
    players = make_players(12)
    start = timezone.localdate() + timedelta(days=21)
    t = make_tournament(
        director=director,
        open=True,
        name="Stadtmeisterschaft Bonn",
        max_players=4,
        start_date=start,
        end_date=start,
        ranking_year=start.year,
    )
    register_players(t, players[4:], count=3, user=director, check_in=False)
    make_player_account("erster", players[0])
    make_player_account("zweite", players[1])

    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        log_in(phone, base, "erster", PASSWORD)
        phone.goto(f"{base}/ranking/mein-bereich/")
        phone.get_by_role("link", name=re.compile("Meine Turniere")).click()
        assert "Noch 1 Platz frei." in phone.get_by_test_id(f"offer-{t.pk}").inner_text()
        phone.get_by_role("button", name="Anmelden", exact=True).click()
        assert "angemeldet" in phone.get_by_test_id(f"offer-{t.pk}").inner_text()

        other = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
        second = other.new_page()
        log_in(second, base, "zweite", PASSWORD)
        second.goto(f"{base}/ranking/mein-bereich/turniere/")
        second.get_by_role("button", name="Anmelden", exact=True).click()
        assert "Sie stehen auf der Warteliste" in second.get_by_role("status").first.inner_text()
        assert "Warteliste, Platz 1" in second.get_by_test_id(f"offer-{t.pk}").inner_text()

        phone.get_by_role("button", name="Abmelden", exact=True).click()
        assert [m.to for m in mailoutbox] == [[players[1].email]]
        assert "nachgerückt" in mailoutbox[0].body
        second.reload()
        offer = second.get_by_test_id(f"offer-{t.pk}").inner_text()
        assert "angemeldet" in offer and "Warteliste" not in offer
        other.close()

    log_in(page, base, "leiterin", PASSWORD)
    page.goto(f"{base}/leitung/turniere/{t.pk}/anmeldungen/")
    row = page.get_by_role("row", name=re.compile(players[1].last_name))
    assert row.get_by_test_id("source").inner_text() == "Online (Spieler)"
    staff_row = page.get_by_role("row", name=re.compile(players[4].last_name))
    assert staff_row.get_by_test_id("source").inner_text() == "Turnierleitung"
