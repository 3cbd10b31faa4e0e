"""Every audience's pages pass axe-core (WCAG 2.1 A and AA) on the device its users carry.

axe-core is vendored under tests/support/vendor (MPL-2.0, from npm) and evaluated through the
DevTools protocol, so a Content-Security-Policy of the site cannot block it. The world is the demo
(`seed_demo`): a running tournament with its juniors' field, a finished one, the ranking.
"""

from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from ranking.accounts import services as account_services
from tests.browser.conftest import log_in
from tournaments.models import Player, Round, Tournament
from tournaments.privacy import services as privacy_services
from tournaments.registration.online import services as online_services
from tournaments.simulation.players import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = (Path(__file__).parents[1] / "support" / "vendor" / "axe-4.14.1.min.js").read_text()
RUN_AXE = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
  });
  return result.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`);
}"""


def violations(page, base: str, paths: list[str]) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        response = page.goto(f"{base}{path}")
        assert response is not None and response.status == 200, path
        page.evaluate(AXE)
        if problems := page.evaluate(RUN_AXE):
            found[path] = problems
    return found


@pytest.fixture
def demo(db):
    call_command("seed_demo", players=48, force=True)
    running = Tournament.objects.get(name="Demo: Stadtmeisterschaft Berlin")
    finished = Tournament.objects.get(name="Demo: Stadtmeisterschaft Köln")
    return {
        "running": running,
        "juniors": Tournament.objects.get(juniors_of=running),
        "finished": finished,
        "year": finished.ranking_year,
        "player": Round.objects.filter(tournament=finished).first().seats.first().player,
    }


def public_paths(d) -> list[str]:
    r, f = d["running"].pk, d["finished"].pk
    return [
        reverse("home"),
        reverse("tournament_public", args=[r]),
        reverse("tournament_public", args=[d["juniors"].pk]),
        reverse("pairing_by_name", args=[r, 1]),
        reverse("pairing_by_table", args=[r, 1]),
        reverse("table_cards", args=[r, 1]),
        reverse("hall_display", args=[r]),
        reverse("standings", args=[f]),
        reverse("round_results", args=[f, 1]),
        reverse("player_page", args=[d["player"].pk]),
        reverse("ranking:index"),
        reverse("ranking:year", args=[d["year"]]),
        reverse("ranking:player", args=[d["player"].pk]),
        reverse("login"),
        reverse("signup"),
        reverse("signup_sent"),
        reverse("password_reset"),
        reverse("password_reset_done"),
        reverse("password_reset_complete"),
        reverse("privacy"),
    ]


def test_public_pages_on_a_phone_and_a_laptop(phone, page, live_server, demo):
    paths = public_paths(demo)
    assert violations(phone, live_server.url, paths) == {}
    assert violations(page, live_server.url, paths) == {}


def test_account_forms_with_errors_and_links(phone, live_server, demo):
    """The sign-up form with its errors shown, a sign-up link and a reset link that failed."""
    base = live_server.url
    without_account = Player.objects.filter(account__isnull=True).order_by("pk").first()
    phone.goto(base + reverse("signup"))
    phone.get_by_role("button", name="Link anfordern").click()
    phone.evaluate(AXE)
    assert phone.evaluate(RUN_AXE) == []
    paths = [
        reverse("signup_verify", args=[account_services.signup_token(without_account)]),
        reverse("signup_verify", args=["kaputt"]),
    ]
    assert violations(phone, base, paths[:1]) == {}
    phone.goto(base + paths[1])
    phone.evaluate(AXE)
    assert phone.evaluate(RUN_AXE) == []


def test_director_and_desk_pages_on_a_laptop(page, live_server, demo):
    r, j = demo["running"].pk, demo["juniors"].pk
    table = Round.objects.get(tournament_id=r, number=1).tables.order_by("number").first().number
    upcoming = Tournament.objects.get(name="Demo: Einsteiger-Turnier Hamburg")
    Tournament.objects.filter(pk=upcoming.pk).update(signup_approval=True)
    free = Player.objects.exclude(registrations__tournament=upcoming).order_by("pk")
    online_services.signup_register(tournament=upcoming, player=free[0], user=None)
    log_in(page, live_server.url, "leitung", DEMO_PASSWORD)
    paths = [
        reverse("director:registration", args=[upcoming.pk]),
        reverse("director:home"),
        reverse("director:tournament_create"),
        reverse("director:tournament_detail", args=[r]),
        reverse("director:tournament_edit", args=[r]),
        reverse("director:registration", args=[r]),
        reverse("director:round_detail", args=[r, 1]),
        reverse("director:desk_board", args=[r, 1]),
        reverse("director:sheet", args=[r, 1, table]),
        reverse("director:staff", args=[r]),
        reverse("director:tournament_detail", args=[j]),
        reverse("director:tournament_edit", args=[j]),
        reverse("desk_home"),
    ]
    assert violations(page, live_server.url, paths) == {}


def test_admin_registry_on_a_laptop(page, live_server, demo):
    first = Player.objects.order_by("pk").first()
    privacy_services.erasure_request_file(player=first, user=None, reason="Bitte löschen")
    log_in(page, live_server.url, "admin", DEMO_PASSWORD)
    paths = [
        reverse("director:player_list"),
        reverse("director:player_edit", args=[first.pk]),
        reverse("director:player_import"),
        reverse("director:player_list") + "?gaeste=1",
        reverse("director:player_merge", args=[first.pk]),
        reverse("director:erasure_list"),
    ]
    assert violations(page, live_server.url, paths) == {}


def test_referee_pages_on_a_phone(phone, live_server, demo):
    r = demo["running"].pk
    log_in(phone, live_server.url, "schiri", DEMO_PASSWORD)
    paths = [
        reverse("referee_home"),
        reverse("referee:tournament", args=[r]),
        reverse("referee:warnings", args=[r]),
        reverse("referee:rulings", args=[r]),
        reverse("referee:table", args=[r, 1, 1]),
    ]
    assert violations(phone, live_server.url, paths) == {}


def test_player_and_commission_pages(phone, page, live_server, demo):
    log_in(phone, live_server.url, "spieler", DEMO_PASSWORD)
    paths = [
        reverse("ranking:my_area"),
        reverse("ranking:my_tournaments"),
        reverse("ranking:check_in", args=[demo["running"].pk]),
        reverse("ranking:my_data"),
    ]
    assert violations(phone, live_server.url, paths) == {}
    log_in(page, live_server.url, "kommission", DEMO_PASSWORD)
    paths = [reverse("ranking:commission_inbox"), reverse("ranking:commission_tournaments")]
    assert violations(page, live_server.url, paths) == {}
