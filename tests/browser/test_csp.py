"""The site's Content-Security-Policy holds in the browser: print buttons, htmx and the API docs
work without inline script or style, and the fixture's violation probe really sees violations."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.support.builders import simulate_tournament
from tournaments.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COUNT_PRINTS = "window.print = function () { window.printed = (window.printed || 0) + 1; };"


def test_print_buttons_work_under_the_policy(page, live_server):
    tournament = simulate_tournament(
        "--players", "16", "--seed", "3", "--stop-after", "1", "--name", "Pokal"
    )
    page.add_init_script(COUNT_PRINTS)
    page.goto(live_server.url + reverse("standings", args=[tournament.pk]))
    page.get_by_role("button", name="Drucken").click()
    assert page.evaluate("window.printed") == 1

    seat = Round.objects.get(tournament=tournament, number=1).seats.select_related("player")[0]
    by_name = reverse("pairing_by_name", args=[tournament.pk, 1])
    page.goto(f"{live_server.url}{by_name}?q={seat.player.last_name}")
    page.get_by_role("button", name="Drucken").click()
    assert page.evaluate("window.printed") == 1
    mine = page.locator("ul.pairing-by-name li.highlight").first
    assert mine.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(255, 246, 214)"


def test_api_docs_render_under_the_policy(page, live_server):
    page.goto(f"{live_server.url}/api/v1/docs/")
    page.locator(".swagger-ui .info .title").wait_for()


def test_the_probe_reports_an_inline_script(page, live_server):
    """A control for the fixture: the same header on a page with inline code is reported."""
    url = f"{live_server.url}/csp-probe/"
    page.route(
        url,
        lambda route: route.fulfill(
            status=200,
            headers={
                "Content-Type": "text/html",
                "Content-Security-Policy": settings.CONTENT_SECURITY_POLICY,
            },
            body='<!doctype html><p style="color:red">x</p><script>window.ran = 1;</script>',
        ),
    )
    page.goto(url)
    assert page.evaluate("window.ran === undefined")
    page.evaluate("0")
    assert any("script-src" in v for v in page.csp_violations), page.csp_violations
    assert any("style-src" in v for v in page.csp_violations), page.csp_violations
    page.csp_violations.clear()  # expected here; every other test must end with none
