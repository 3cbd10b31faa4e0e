"""Journey (issue 16, items 1–4) on a phone, chained: a player signs up and verifies the e-mail,
registers for a full tournament and waits, moves up when a place is freed (mail), checks in on
the day through the posted link (the director shows the QR code), gets the "your table" mail at
the release, and subscribes to her calendar feed, which parses back with `icalendar`."""

from __future__ import annotations

import re
import urllib.request
from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from tests.browser.conftest import log_in
from tests.support.builders import (
    PASSWORD,
    make_director,
    make_players,
    make_tournament,
    register_players,
)
from tests.support.celery import celery_conf
from tournaments.models import Seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW = "Rummi-2026-sicher"


def _link(mail, base: str) -> str:
    return re.search(rf"{re.escape(base)}(/konto/[^\s]+/)", mail.body).group(1)


def test_sign_up_to_table_mail_and_calendar_feed(page, phone, live_server, mailoutbox, settings):
    base = live_server.url
    settings.SITE_URL = base
    director = make_director()
    players = make_players(10)
    me = players[1]
    day = timezone.localdate()
    t = make_tournament(
        director=director, open=True, name="Stadtmeisterschaft Lübeck", max_players=4,
        start_date=day, end_date=day, ranking_year=day.year,
        signup_deadline=timezone.now() + timedelta(hours=3),
    )  # fmt: skip
    register_players(t, players[4:], count=4, user=director, check_in=False)

    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        # 1. Sign up with member number and the e-mail the federation holds, verify, password.
        phone.goto(f"{base}/konto/registrieren/")
        phone.get_by_label("Mitgliedsnummer").fill(me.federation_number)
        phone.get_by_label("E-Mail").fill(me.email)
        phone.get_by_role("button", name="Link anfordern").click()
        phone.goto(base + _link(mailoutbox[0], base))
        phone.get_by_label("Neues Passwort").fill(NEW)
        phone.get_by_label("Passwort wiederholen").fill(NEW)
        phone.get_by_role("button", name="Passwort festlegen").click()
        assert phone.get_by_role("heading", level=1).inner_text() == "Mein Bereich"

        # 2. The field is full: register and land on the waiting list.
        phone.get_by_role("link", name=re.compile("Meine Turniere")).click()
        offer = phone.get_by_test_id(f"offer-{t.pk}")
        assert "Das Feld ist voll" in offer.inner_text()
        phone.get_by_role("button", name="Anmelden", exact=True).click()
        assert "Warteliste, Platz 1" in phone.get_by_test_id(f"offer-{t.pk}").inner_text()

        # 3. The director withdraws a player: she moves up and gets the mail.
        log_in(page, base, "leiterin", PASSWORD)
        page.goto(f"{base}/leitung/turniere/{t.pk}/anmeldungen/")
        row = page.get_by_role("row", name=re.compile(players[4].federation_number))
        row.get_by_role("button", name=re.compile(r" abmelden$")).click()
        row.get_by_text("abgemeldet", exact=True).wait_for()
        assert [m.to for m in mailoutbox[1:]] == [[me.email]]
        assert "nachgerückt" in mailoutbox[1].body

        # 4. On the day: check-in opened, the QR code shown, she checks in on the phone.
        page.get_by_label("Spieler checken selbst ein für").select_option("30")
        page.get_by_role("button", name="Check-in öffnen").click()
        qr = page.get_by_test_id("check-in-qr")
        qr.wait_for()
        # the image loads after the page (under load later): wait for it, fail if it is broken
        page.wait_for_function(
            "() => { const img = document.querySelector('[data-testid=check-in-qr]');"
            " return img && img.complete && img.naturalWidth > 0; }",
            timeout=10_000,
        )
        link = page.get_by_test_id("check-in-window").get_by_role("link").first
        phone.goto(base + link.get_attribute("href"))
        phone.get_by_role("button", name="Jetzt einchecken").click()
        state = phone.get_by_test_id("check-in-state").inner_text()
        assert state.startswith("Sie sind eingecheckt")

        # 5. The director checks the others in, draws and releases round 1: her table by mail.
        page.get_by_role("button", name="Alle einchecken").click()
        page.get_by_role("button", name="Runde 1 auslosen").click()
        page.get_by_role("button", name="Paarung freigeben").click()
        page.get_by_text("Runde 1 ist freigegeben").wait_for()
        seat = Seat.objects.select_related("table").get(player=me)
        assert [m.to for m in mailoutbox[2:]] == [[me.email]]  # the only one with an account
        table_mail = mailoutbox[2]
        assert table_mail.subject == (
            f"Runde 1: Tisch {seat.table.number}, Platz {seat.letter} – {t.name}"
        )
        assert f"{base}/turniere/{t.pk}/runden/1/namen/" in table_mail.body

    # 6. Her calendar: a secret link, fetched without a session, parses with the library.
    phone.goto(f"{base}/ranking/mein-bereich/")
    phone.get_by_role("link", name="E-Mails und Kalender-Link").click()
    phone.get_by_role("button", name="Kalender-Link erstellen").click()
    feed_url = phone.get_by_test_id("feed-url").input_value()
    assert feed_url.startswith(f"{base}/ranking/kalender/") and feed_url.endswith(".ics")
    with urllib.request.urlopen(feed_url, timeout=10) as response:  # noqa: S310 (live server)
        assert response.headers["Content-Type"] == "text/calendar; charset=utf-8"
        calendar = Calendar.from_ical(response.read())
    events = [
        (str(e["UID"]), str(e["SUMMARY"]), e.decoded("DTSTART"), str(e["LOCATION"]))
        for e in calendar.walk("VEVENT")
    ]
    assert events == [
        (f"turnier-{t.pk}@turniere.rummikub-verband.de", t.name, day, "Bürgerhaus"),
    ]
