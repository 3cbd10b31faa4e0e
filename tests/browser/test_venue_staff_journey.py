"""Journey (issue 29.1): on the venue laptop's server (a separate process on its own SQLite
file) the director gives the central desk and a referee of the federation's list a PIN for the
day, adds a helper of the venue's own and assigns the referee; the desk enters round 1, the
helper confirms it (four eyes), the referee gives a yellow card, the director publishes. After
the upload the central site names each of them: the desk and the referee by their own accounts,
the helper as a helper at the venue."""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.browser import test_venue_journey
from tests.browser.conftest import log_in
from tests.browser.test_accessibility import valid_html, violations  # noqa: F401 - its check too
from tests.browser.test_desk_journey import SHEET, fill_sheet
from tests.support.builders import PASSWORD, make_user
from tests.support.venue import DIRECTOR, DIRECTOR_PASSWORD
from tournaments.enums import GlobalRole, WarningKind
from tournaments.models import PlayerWarning, SheetVersion, VenuePerson

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
#: the laptop's server with the checked-out tournament (the venue journey's fixture)
venue_day = test_venue_journey.venue_day

PAIR_AND_RELEASE = """
from django.contrib.auth import get_user_model
from tournaments.rounds import services
from tournaments.venue.laptop.selectors import current_state
t = current_state().checkout.tournament
director = get_user_model().objects.get(username={director!r})
rnd = services.round_release(rnd=services.round_pair_next(tournament=t, user=director, seed=8),
                             user=director)
seat = rnd.seats.select_related("player").get(table__number=1, letter="A")
print(t.pk, seat.player.full_name)
"""


@pytest.fixture
def listed_referee(db):
    """On the federation's referee list, not assigned to the tournament: in the package."""
    return make_user("schiri", role=GlobalRole.REFEREE)


def _person(browser, venue: str, username: str, pin: str):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = context.new_page()
    log_in(page, venue, username, pin)
    return page


@pytest.mark.usefixtures("listed_referee")  # before the checkout package is made
def test_desk_second_person_and_referee_at_the_venue(browser, live_server, venue_day):
    tournament, laptop, venue = venue_day
    boss = _person(browser, venue, DIRECTOR, DIRECTOR_PASSWORD)
    code = PAIR_AND_RELEASE.format(director=DIRECTOR)
    venue_pk, carded = laptop.output("shell", "-c", code).splitlines()[-1].split(" ", 1)

    # the director: PINs for the day, a helper of the venue's own, the referee assigned
    boss.goto(f"{venue}/leitung/turniere/{venue_pk}/")
    boss.get_by_role("link", name="Personen vor Ort: Anmeldungen").click()
    for username, pin in (("orgatisch", "482913"), ("schiri", "141421")):
        row = boss.get_by_test_id(f"person-{username}")
        row.get_by_label(f"Passwort oder PIN für {username}").fill(pin)
        row.get_by_role("button", name="Anmeldung vergeben").click()
        boss.get_by_text(
            f"{username} kann sich jetzt mit dem vergebenen Passwort anmelden."
        ).wait_for()
    helper = boss.get_by_test_id("helper-form")
    helper.get_by_label("Name").fill("Zweite Person")
    helper.get_by_label("Aufgabe").select_option(label="Orgatisch")
    helper.get_by_label("Passwort oder PIN für den Tag").fill("161803")
    helper.get_by_role("button", name="Helfer hinzufügen").click()
    boss.get_by_text(
        "Zweite Person meldet sich als „zweite-person“ mit dem vergebenen Passwort an."
    ).wait_for()
    people = f"/leitung/turniere/{venue_pk}/spielort/personen/"
    assert violations(boss, venue, [people, f"/leitung/turniere/{venue_pk}/personal/"]) == {}
    boss.goto(f"{venue}{people}")
    boss.get_by_role("link", name="Personal: Orgatisch und Schiedsrichter").first.click()
    boss.get_by_label("Aufgabe").select_option(label="Schiedsrichter")
    boss.get_by_label("Benutzername").fill("schiri")
    boss.get_by_role("button", name="Zuordnen").click()
    boss.get_by_text("schiri ist als Schiedsrichter zugeordnet.").wait_for()

    # the desk enters both tables
    desk = _person(browser, venue, "orgatisch", "482913")
    desk.goto(f"{venue}/leitung/turniere/{venue_pk}/runden/1/orgatisch/")
    desk.get_by_role("link", name="Nächster fehlender Bogen: Tisch 1").click()
    fill_sheet(desk, SHEET)
    desk.get_by_text("Tisch 1 gespeichert (Version 1).").wait_for()
    fill_sheet(desk, SHEET)
    desk.get_by_text("Tisch 2 gespeichert (Version 1).").wait_for()

    # a second person confirms: the helper of the venue
    second = _person(browser, venue, "zweite-person", "161803")
    second.goto(f"{venue}/leitung/turniere/{venue_pk}/runden/1/orgatisch/")
    second.get_by_role("link", name="Nächster zu bestätigen: Tisch 1").click()
    second.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    second.get_by_text("Tisch 1 bestätigt.").wait_for()
    second.get_by_role("button", name="Mit Papierbogen verglichen: bestätigen").click()
    second.get_by_text("Tisch 2 bestätigt.").wait_for()

    # the referee of the federation's list gives a yellow card at table 1
    referee = _person(browser, venue, "schiri", "141421")
    referee.get_by_role("link", name="Schiedsrichter").click()
    referee.get_by_role("link", name=tournament.name).click()
    referee.get_by_role("link", name=re.compile(r"^Tisch 1\b")).click()
    referee.get_by_role("link", name=re.compile(re.escape(carded))).click()
    referee.get_by_label("Gelbe Karte").check()
    referee.get_by_label("Unsportliches Verhalten (4.4)").check()
    referee.get_by_role("button", name="Verwarnung speichern").click()
    referee.get_by_text(f"Gelbe Karte für {carded} gespeichert.").wait_for()

    # the director publishes; the uploader brings it to the central site
    boss.goto(f"{venue}/leitung/turniere/{venue_pk}/runden/1/orgatisch/")
    boss.get_by_role("button", name="Runde veröffentlichen").click()
    boss.get_by_text("Runde 1 ist veröffentlicht.").wait_for()
    boss.goto(f"{venue}/leitung/turniere/{venue_pk}/")
    light = boss.locator("[data-testid=venue-light][data-colour=green]")
    light.wait_for(timeout=45_000)
    for page in (boss, desk, second, referee):  # before the laptop's server stops
        page.context.close()

    users = get_user_model().objects
    person = VenuePerson.objects.get()
    assert (person.name, person.role, person.username) == ("Zweite Person", "desk", "zweite-person")
    assert (person.user.is_active, person.user.has_usable_password()) == (False, False)
    versions = SheetVersion.objects.filter(sheet__round__tournament=tournament)
    assert sorted(versions.values_list("number", "created_by__username")) == [
        (1, "orgatisch"),
        (1, "orgatisch"),
        (2, person.user.get_username()),
        (2, person.user.get_username()),
    ]
    assert person.user.get_username().startswith("vor-ort-zweite-person-")
    warning = PlayerWarning.objects.get(tournament=tournament)
    assert (warning.kind, warning.given_by) == (WarningKind.YELLOW, users.get(username="schiri"))

    # the federation sees the helper as such on the review page, and may link her
    make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    admin = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE").new_page()
    log_in(admin, live_server.url, "verband", PASSWORD)
    assert violations(admin, live_server.url, ["/leitung/spielort/pruefung/"]) == {}
    helpers = admin.get_by_test_id("venue-helpers").inner_text()
    assert "Helfer vor Ort: Zweite Person (Orgatisch, Offene Stadtmeisterschaft)" in helpers
    admin.context.close()
