"""Every audience's pages pass axe-core (WCAG 2.1 A and AA) on the device its users carry.

axe-core is vendored under tests/support/vendor (MPL-2.0, from npm) and evaluated through the
DevTools protocol, so a Content-Security-Policy of the site cannot block it. The world is the demo
(`seed_demo`): a running tournament with its juniors' field, a finished one, the ranking.
"""

import uuid
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from players.accounts import services as account_services
from players.notifications import services as notification_services
from tests.browser.conftest import log_in
from tests.support import demo as demo_world
from tests.support import vnu
from tests.support.push_service import vapid_settings
from tournaments.models import Player, Round, Tournament
from tournaments.privacy import services as privacy_services
from tournaments.registration.online import services as online_services
from tournaments.simulation.players import DEMO_PASSWORD

pytestmark = [
    pytest.mark.browser,
    pytest.mark.presentation,
    pytest.mark.django_db(transaction=True),
]

AXE = (Path(__file__).parents[1] / "support" / "vendor" / "axe-4.14.1.min.js").read_text()
RUN_AXE = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
  });
  return result.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`);
}"""


#: the HTML of every page `violations` opened in this test, as the server sent it: checked by
#: the Nu HTML Checker when the test ends (`valid_html`)
SEEN: dict[str, str] = {}


def violations(page, base: str, paths: list[str]) -> dict[str, list[str]]:
    found = {}
    for path in paths:
        response = page.goto(f"{base}{path}")
        assert response is not None and response.status == 200, path
        SEEN[path] = response.text()
        page.evaluate(AXE)
        if problems := page.evaluate(RUN_AXE):
            found[path] = problems
    return found


@pytest.fixture(autouse=True)
def valid_html(tmp_path):
    """Every page the test checked with axe-core is also valid HTML (W3C Nu HTML Checker: no
    error; its warnings are advice). Without Java or the checker's jar this part is skipped."""
    SEEN.clear()
    yield
    if vnu.missing() or not SEEN:
        return
    assert vnu.validate(SEEN, tmp_path) == {}


def test_the_html_checker_runs_here(tmp_path):
    """The checker behind `valid_html` is here and finds what the pages once had (issue 28.8):
    a second's fraction of six digits, an aria-label on a plain div, htmx's bare attributes."""
    if reason := vnu.missing():
        pytest.skip(reason)
    page = (
        '<!doctype html><html lang="de"><head><title>T</title></head><body>'
        '<time datetime="2026-06-07T14:30:05.123456+02:00">heute</time>'
        '<div aria-label="Liste">x</div><p hx-get="/a">y</p><p data-hx-get="/a">z</p></body></html>'
    )
    errors = vnu.validate({"seite": page}, tmp_path)["seite"]
    assert [error.split(": ", 1)[1][:30] for error in errors] == [
        "Bad value “2026-06-07T14:30:05",
        "The “aria-label” attribute mus",
        "Attribute “hx-get” not allowed",
    ]


@pytest.fixture
def demo(db):
    demo_world.seed_demo(players=48)
    running = Tournament.objects.get(name="Demo: Stadtmeisterschaft Berlin")
    finished = Tournament.objects.get(name="Demo: Stadtmeisterschaft Köln")
    return {
        "running": running,
        "juniors": Tournament.objects.get(juniors_of=running),
        "finished": finished,
        "year": finished.ranking_year,
        "player": Round.objects.filter(tournament=finished).first().seats.first().player,
        # a club whose member played in the finished tournament (issue 33.2)
        "club": Round.objects.filter(tournament=finished)
        .first()
        .seats.exclude(player__club="")
        .first()
        .player.club_slug,
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
        reverse("hall_display", args=[r]) + "?ansicht=uhr",  # the round clock (issue #15.7)
        reverse("standings", args=[f]),
        reverse("round_results", args=[f, 1]),
        reverse("player_page", args=[d["player"].pk]),
        reverse("ranking:index"),
        reverse("ranking:year", args=[d["year"]]),
        reverse("ranking:player", args=[d["player"].pk]),
        reverse("ranking:clubs"),
        reverse("ranking:clubs_year", args=[d["year"]]),
        reverse("ranking:club", args=[d["club"]]),
        reverse("ranking:rating"),
        reverse("ranking:rating_year", args=[d["year"]]),
        # "Mein Tisch" with a name found: the skill rating's expectation at the table (issue 33)
        reverse("pairing_by_name", args=[f, 1]) + f"?q={d['player'].last_name}",
        reverse("login"),
        reverse("signup"),
        reverse("signup_sent"),
        reverse("password_reset"),
        reverse("password_reset_done"),
        reverse("password_reset_complete"),
        reverse("privacy"),
        reverse("offline"),
    ]


def test_public_pages_on_a_phone_and_a_laptop(phone, page, live_server, demo):
    paths = public_paths(demo)
    assert violations(phone, live_server.url, paths) == {}
    assert violations(page, live_server.url, paths) == {}


def test_main_pages_in_english_on_a_phone_and_a_laptop(phone_en, page_en, live_server, demo):
    """Issue #17: the English pages pass too (browsers asking for en-GB): the public pages on
    both devices, the director's and the desk's on the laptop, the referee's and the player's on
    the phone."""
    base, r = live_server.url, demo["running"].pk
    paths = public_paths(demo)
    assert violations(phone_en, base, paths) == {}
    assert violations(page_en, base, paths) == {}
    table = Round.objects.get(tournament_id=r, number=1).tables.order_by("number").first().number
    log_in(page_en, base, "leitung", DEMO_PASSWORD, language="en")
    paths = [
        reverse("director:home"),
        reverse("director:tournament_create"),
        reverse("director:tournament_detail", args=[r]),
        reverse("director:tournament_edit", args=[r]),
        reverse("director:registration", args=[r]),
        reverse("director:round_detail", args=[r, 1]),
        reverse("director:desk_board", args=[r, 1]),
        reverse("director:sheet", args=[r, 1, table]),
        reverse("director:staff", args=[r]),
        reverse("desk_home"),
    ]
    assert violations(page_en, base, paths) == {}
    assert page_en.locator("html").get_attribute("lang") == "en"
    log_in(phone_en, base, "schiri", DEMO_PASSWORD, language="en")
    paths = [
        reverse("referee_home"),
        reverse("referee:tournament", args=[r]),
        reverse("referee:warnings", args=[r]),
        reverse("referee:table", args=[r, 1, 1]),
    ]
    assert violations(phone_en, base, paths) == {}
    log_in(phone_en, base, "spieler", DEMO_PASSWORD, language="en")
    paths = [
        reverse("ranking:my_area"),
        reverse("ranking:my_tournaments"),
        reverse("ranking:check_in", args=[r]),
        reverse("ranking:my_data"),
    ]
    assert violations(phone_en, base, paths) == {}
    assert phone_en.locator("html").get_attribute("lang") == "en"


def test_account_forms_with_errors_and_links(phone, live_server, demo):
    """The sign-up form with its errors shown, a sign-up link and a reset link that failed."""
    base = live_server.url
    without_account = Player.objects.filter(account__isnull=True).order_by("pk").first()
    phone.goto(base + reverse("signup"))
    phone.expect_status(422, reverse("signup"))  # the empty form, refused with its errors
    phone.get_by_role("button", name="Link anfordern").click()
    phone.evaluate(AXE)
    assert phone.evaluate(RUN_AXE) == []
    paths = [
        reverse("signup_verify", args=[account_services.account_open_token(without_account)]),
        reverse("signup_verify", args=["kaputt"]),
    ]
    assert violations(phone, base, paths[:1]) == {}
    phone.expect_status(404, paths[1])  # the link that failed
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
        reverse("director:check_in_poster", args=[r]),
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


def test_player_and_commission_pages(phone, page, live_server, demo, settings):
    vapid_settings(settings)  # the devices page with its switch (issue 34)
    player = get_user_model().objects.get(username="spieler")
    notification_services.calendar_link_renew(user=player)  # the page with its feed link
    log_in(phone, live_server.url, "spieler", DEMO_PASSWORD)
    paths = [
        reverse("ranking:my_area"),
        reverse("ranking:my_tournaments"),
        reverse("ranking:check_in", args=[demo["running"].pk]),
        reverse("ranking:notifications"),
        reverse("ranking:my_data"),
        reverse("push_devices"),
    ]
    assert violations(phone, live_server.url, paths) == {}
    log_in(page, live_server.url, "kommission", DEMO_PASSWORD)
    paths = [reverse("ranking:commission_inbox"), reverse("ranking:commission_tournaments")]
    assert violations(page, live_server.url, paths) == {}


def test_table_pages_on_a_phone(phone, page, live_server, demo):
    """Issue #15: the table's phone pages (empty form, entered sheet, sign-off) and the staff
    prints that carry the QR codes."""
    from tournaments.sheets.selectors import table_not_played
    from tournaments.tableside import services as tableside_services
    from tournaments.tableside.views import token_for

    r = demo["running"].pk
    table = Round.objects.get(tournament_id=r, number=1).tables.order_by("number").first()
    token = token_for(table)
    base = live_server.url
    paths = [reverse("table:code"), reverse("table:entry", args=[token])]
    assert violations(phone, base, paths) == {}
    phone.goto(base + reverse("table:code"))
    phone.expect_status(404, reverse("table:code"))
    phone.get_by_role("button", name="Weiter").click()  # the form with its error (404)
    phone.evaluate(AXE)
    assert phone.evaluate(RUN_AXE) == []
    letters = sorted(table.seats.values_list("letter", flat=True))
    points = {4: (60, -10, -20, -30), 3: (30, -10, -20)}
    out = table_not_played(table, games=4)  # the demo has players who left mid-round
    playing = {n: [x for x in letters if x not in out.get(n, ())] for n in range(1, 5)}
    tableside_services.sheet_enter_at_table(
        table=table,
        games=[
            {"number": n, "scores": dict(zip(playing[n], points[len(playing[n])], strict=True))}
            for n in range(1, 5)
        ],
        filled_in_by="A",
        device="demo",
        submission_key=uuid.uuid4(),
        expected_version=0,
    )
    paths = [
        reverse("table:entry", args=[token]),
        reverse("table:signoff", args=[token]),
        reverse("table:signoff", args=[token]) + "?platz=B",
    ]
    assert violations(phone, base, paths) == {}
    log_in(page, base, "leitung", DEMO_PASSWORD)
    paths = [reverse("table_cards", args=[r, 1]), reverse("director:result_sheets", args=[r, 1])]
    assert violations(page, base, paths) == {}


def test_error_summary_and_forbidden_page(page, live_server, demo):
    """Issue #17: the error summary of a form and the 403 page (the sheet history is in the
    director's pages above)."""
    base = live_server.url
    log_in(page, base, "leitung", DEMO_PASSWORD)
    page.goto(base + reverse("director:tournament_create"))
    page.expect_status(422, reverse("director:tournament_create"))  # refused with its errors
    page.get_by_role("button", name="Speichern").click()
    assert page.locator(".error-summary a").count() >= 2
    page.evaluate(AXE)
    assert page.evaluate(RUN_AXE) == []
    log_in(page, base, "schiri", DEMO_PASSWORD)
    page.expect_status(403, reverse("director:staff", args=[demo["finished"].pk]))
    response = page.goto(base + reverse("director:staff", args=[demo["finished"].pk]))
    assert response is not None and response.status == 403
    page.evaluate(AXE)
    assert page.evaluate(RUN_AXE) == []


def test_table_entry_at_the_desk_and_calls_at_the_referees(page, phone, live_server, demo):
    """Issue #15: a sheet entered and disputed at the table, a blind re-typing with a typo (the
    differences shown), the referee's calls and disputed tables, closing a call."""
    from tests.support.builders import FIXED_SHEET, make_table_entry, sign_table_entry
    from tournaments.referees.calls import referee_call_open
    from tournaments.sheets.selectors import table_absences

    r = demo["running"].pk
    rnd = Round.objects.get(tournament_id=r, number=1)
    # Tables of four without the demo's red card (its sheet has a seat out, SPEC §7).
    tables = [t for t in rnd.tables.order_by("number") if not table_absences(t)]
    disputed = make_table_entry(tables[0], FIXED_SHEET, letter="A")
    sign_table_entry(disputed, {"B": "confirmed", "C": "disputed"}, note="Spiel 2 falsch")
    make_table_entry(tables[1], FIXED_SHEET, letter="B")
    call = referee_call_open(table=tables[2], reason="Joker strittig", device="dev-1 · Chrome")
    base = live_server.url
    log_in(page, base, "orgatisch", DEMO_PASSWORD)
    paths = [
        reverse("director:desk_board", args=[r, 1]),
        reverse("director:sheet", args=[r, 1, tables[0].number]),
    ]
    assert violations(page, base, paths) == {}
    page.goto(base + reverse("director:sheet", args=[r, 1, tables[1].number]))
    page.get_by_text("Blind bestätigen").click()
    for game in FIXED_SHEET:
        for letter, points in game["scores"].items():
            typo = points - 1 if (game["number"], letter) == (2, "C") else points
            page.fill(f"#b{game['number']}_{letter}", str(typo))
    page.expect_status(422, reverse("director:sheet_action", args=[r, 1, tables[1].number]))
    page.get_by_role("button", name="Vergleichen und bestätigen").click()
    assert page.get_by_test_id("differences").is_visible()
    page.evaluate(AXE)
    assert page.evaluate(RUN_AXE) == []
    log_in(phone, base, "schiri", DEMO_PASSWORD)
    paths = [
        reverse("referee:tournament", args=[r]),
        reverse("referee:call_close", args=[r, call.pk]),
        reverse("referee:table", args=[r, 1, tables[2].number]),
        reverse("referee:table", args=[r, 1, tables[0].number]),
    ]
    assert violations(phone, base, paths) == {}
