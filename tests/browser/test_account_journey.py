"""Journey (issue 16.1) on a phone: a player signs up with member number and e-mail, follows
the e-mailed link, sets a password and lands in the own area; later resets the password."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import log_in
from tests.support.builders import make_players
from tests.support.celery import celery_conf

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW = "Rummi-2026-sicher"


def _link(mail, base: str) -> str:
    return re.search(rf"{re.escape(base)}(/konto/[^\s]+/)", mail.body).group(1)


def test_sign_up_verify_and_reset_password_on_a_phone(phone, live_server, mailoutbox):
    base = live_server.url
    player = make_players(3)[2]
    with celery_conf(task_always_eager=True, task_eager_propagates=True):  # the mails' task
        phone.goto(f"{base}/konto/anmelden/")
        phone.get_by_role("link", name="Spielerkonto anlegen").click()
        phone.get_by_label("Mitgliedsnummer").fill(player.federation_number)
        phone.get_by_label("E-Mail").fill(player.email)
        phone.get_by_role("button", name="Link anfordern").click()
        assert phone.get_by_role("heading", level=1).inner_text() == "Bitte Postfach prüfen"
        assert [m.to for m in mailoutbox] == [[player.email]]

        phone.goto(base + _link(mailoutbox[0], base))
        assert player.federation_number in phone.get_by_role("main").inner_text()
        phone.get_by_label("Neues Passwort").fill(NEW)
        phone.get_by_label("Passwort wiederholen").fill(NEW)
        phone.get_by_role("button", name="Passwort festlegen").click()
        assert phone.get_by_role("heading", level=1).inner_text() == "Mein Bereich"
        phone.get_by_role("button", name=re.compile("Abmelden")).click()

        phone.goto(f"{base}/konto/anmelden/")
        phone.get_by_role("link", name="Passwort vergessen?").click()
        phone.get_by_label("E-Mail-Adresse").fill(player.email)
        phone.get_by_role("button", name="Link anfordern").click()
        assert phone.get_by_role("heading", level=1).inner_text() == "Bitte Postfach prüfen"
        phone.goto(base + _link(mailoutbox[1], base))
        phone.get_by_label("Neues Passwort:", exact=True).fill("Anders-2026-sicher")
        phone.get_by_label("Neues Passwort bestätigen").fill("Anders-2026-sicher")
        phone.get_by_role("button", name="Passwort speichern").click()
        assert phone.get_by_role("heading", level=1).inner_text() == "Passwort gespeichert"

        log_in(phone, base, player.federation_number, "Anders-2026-sicher")
        assert phone.get_by_role("heading", level=1).inner_text() == "Mein Bereich"
