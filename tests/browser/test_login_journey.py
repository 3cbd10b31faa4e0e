"""Journey: the demo admin logs in and reaches the director area."""

import pytest

from tests.browser.conftest import log_in
from tests.support import demo as demo_world
from tournaments.simulation.players import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_demo_admin_logs_in_and_sees_director_area(page, live_server):
    demo_world.seed_demo(players=48)
    log_in(page, live_server.url, "admin", DEMO_PASSWORD)
    page.get_by_role("navigation", name="Hauptnavigation").get_by_role(
        "link", name="Turnierleitung"
    ).click()
    assert page.get_by_role("heading", level=1).inner_text() == "Turnierleitung"
    assert page.get_by_role("link", name="Demo: Stadtmeisterschaft Berlin", exact=True).is_visible()
    juniors = page.get_by_role("link", name="Demo: Stadtmeisterschaft Berlin – Junioren")
    assert juniors.is_visible()
    assert page.get_by_role("link", name="Spielerverzeichnis").is_visible()


def test_wrong_password_shows_message_on_phone(phone, live_server):
    demo_world.seed_demo(players=48)
    log_in(phone, live_server.url, "admin", "falsch")
    assert phone.get_by_role("alert").inner_text() == (
        "Benutzername oder Passwort ist falsch. Bitte erneut versuchen."
    )
