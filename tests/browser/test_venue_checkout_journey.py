"""Journey (issue 18): the director checks her tournament out to the venue and sees its status;
the central copy refuses a change with the message; the public page says "Live vom Spielort"."""

import pytest

from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_tournament, make_user
from tournaments.enums import GlobalRole
from tournaments.models import CheckoutState, VenueCheckout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_director_checks_out_and_sees_the_status(page, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    t = make_tournament(director=director, open=True)
    base = live_server.url
    log_in(page, base, "leiterin", PASSWORD)

    # 1. The tournament page explains what a checkout means and asks for the confirmation.
    page.goto(f"{base}/leitung/turniere/{t.pk}/")
    section = page.get_by_test_id("venue-section")
    assert section.get_by_role("heading", name="Spielort-Modus").is_visible()
    assert "die zentrale Fassung dieses Turniers" in section.inner_text()
    button = section.get_by_role("button", name="An den Spielort auschecken")
    button.click()  # not confirmed: the browser keeps the form
    assert not VenueCheckout.objects.exists()

    # 2. Confirmed: the section answers in place (htmx) with the status.
    section.get_by_label("Verstanden: bis zum Einchecken").check()
    button.click()
    status = page.get_by_test_id("venue-status")
    status.wait_for()
    assert "An den Spielort ausgecheckt – von leiterin seit" in status.inner_text()
    assert page.get_by_test_id("venue-last-upload").inner_text().count("noch") == 2
    assert page.get_by_test_id("venue-package").is_visible()
    checkout = VenueCheckout.objects.get()
    assert (checkout.state, checkout.checked_out_by) == (CheckoutState.OUT, director)

    # A check-in without any upload wants a reason: the refusal shows in place.
    page.get_by_test_id("venue-checkin").get_by_role("button", name="Einchecken").click()
    page.get_by_text("Vom Spielort ist noch nichts hochgeladen worden.").wait_for()
    assert VenueCheckout.objects.get().state == CheckoutState.OUT

    # 3. A change on the central copy is refused with the reason.
    page.reload()
    page.get_by_test_id("table-entry-switch").get_by_role("button").click()
    assert page.get_by_text("Das Turnier ist an den Spielort ausgecheckt").is_visible()

    # 4. The public page tells visitors where the tournament is run.
    page.goto(f"{base}/turniere/{t.pk}/")
    banner = page.get_by_test_id("venue-banner")
    assert banner.inner_text() == "Live vom Spielort – noch kein Stand vom Spielort"
