"""Issue 17: the site in English and in German, in a browser.

The public pages (home, tournament, standings, ranking, a player's page) in both languages, and
one staff day in English: a director switches the login page to English, creates a tournament,
registers the field, draws and releases round 1; the desk enters both sheets; the director
confirms them and publishes. The same day with a German browser shows the German texts.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import reverse

from ranking.compute import services as compute
from ranking.models import RankingEntry
from tests.support.builders import (
    PASSWORD,
    add_staff,
    make_named_players,
    make_user,
    play_tournament,
)
from tournaments.enums import GlobalRole, RoundStatus
from tournaments.models import Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEET = [
    ("+60", "-10", "-20", "-30"),
    ("-5", "+45", "-20", "-20"),
    ("-14", "-3", "+40", "-23"),
    ("-8", "-8", "-9", "+25"),
]

#: what each step shows, in the language the page is in
TEXTS = {
    "en": {
        "user": "User name",
        "password": "Password",
        "log_in": "Log in",
        "director": "Tournament director",
        "new": "New tournament",
        "name": "Name",
        "category": "Category",
        "rounds": "Preliminary rounds",
        "start": "Start",
        "end": "End",
        "year": "Ranking year",
        "venue": "Venue",
        "save": "Save",
        "date": "12 Dec 2026",
        "open": "Open registration",
        "registrations": "Registrations and check-in",
        "search": "Search for players (name, membership number, club)",
        "register": "Register {}",
        "registered": "registered",
        "check_in_all": "Check in everyone",
        "checked_in": "Players checked in",
        "draw": "Draw round 1",
        "round": "Round 1",
        "release": "Release the pairing",
        "desk": "Desk",
        "next_missing": "Next missing sheet: table 1",
        "sheet": "Result sheet table {}",
        "next_confirm": "Next to confirm: table {}",
        "confirm": "Compared with the paper sheet: confirm",
        "publish": "Publish the round",
        "standings": "Standings",
        "after": "after round 1",
        "long_date": "12 December 2026",
    },
    "de": {
        "user": "Benutzername",
        "password": "Passwort",
        "log_in": "Anmelden",
        "director": "Turnierleitung",
        "new": "Neues Turnier",
        "name": "Name",
        "category": "Kategorie",
        "rounds": "Vorrunden",
        "start": "Beginn",
        "end": "Ende",
        "year": "Ranking-Jahr",
        "venue": "Spielort",
        "save": "Speichern",
        "date": "12.12.2026",
        "open": "Anmeldung öffnen",
        "registrations": "Anmeldungen und Check-in",
        "search": "Spieler suchen (Name, Mitgliedsnummer, Verein)",
        "register": "{} anmelden",
        "registered": "angemeldet",
        "check_in_all": "Alle einchecken",
        "checked_in": "Spieler eingecheckt",
        "draw": "Runde 1 auslosen",
        "round": "Runde 1",
        "release": "Paarung freigeben",
        "desk": "Orgatisch",
        "next_missing": "Nächster fehlender Bogen: Tisch 1",
        "sheet": "Ergebnisliste Tisch {}",
        "next_confirm": "Nächster zu bestätigen: Tisch {}",
        "confirm": "Mit Papierbogen verglichen: bestätigen",
        "publish": "Runde veröffentlichen",
        "standings": "Rangliste",
        "after": "nach Runde 1",
        "long_date": "12. Dezember 2026",
    },
}


def laptop(browser, locale: str):
    """A laptop page; conftest watches its context (CSP, errors, bad responses)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def html_lang(page) -> str:
    return page.locator("html").get_attribute("lang")


def heading(page) -> str:
    return page.get_by_role("heading", level=1).inner_text()


def log_in(page, base: str, username: str, t: dict, *, switch: bool) -> None:
    page.goto(f"{base}{reverse('login')}")
    if switch:  # the German login page, switched to English by the footer's button
        assert page.get_by_role("button", name="Anmelden").count() == 1
        page.get_by_role("button", name="English").click()
        page.wait_for_load_state()
    page.get_by_label(t["user"]).fill(username)
    page.get_by_label(t["password"]).fill(PASSWORD)
    page.get_by_role("button", name=t["log_in"]).click()
    page.wait_for_load_state()


def field(page, label: str):
    """A form field by its whole label (Django writes "Name:")."""
    return page.get_by_label(f"{label}:", exact=True)


def fill_sheet(page) -> None:
    """Keyboard first, as the desk types: each cell and Tab, Enter saves."""
    page.locator("#g1_A").focus()
    for game in SHEET:
        for value in game:
            page.keyboard.type(value)
            page.keyboard.press("Tab")
    page.locator(f"#g{len(SHEET)}_D").press("Enter")


def director_sets_up_round_one(page, base: str, players, t: dict) -> Tournament:
    page.get_by_role("navigation", name=re.compile("Main navigation|Hauptnavigation")).get_by_role(
        "link", name=t["director"]
    ).click()
    assert heading(page) == t["director"]
    page.get_by_role("link", name=t["new"]).click()
    assert heading(page) == t["new"]
    field(page, t["name"]).fill("Browser Open")
    field(page, t["category"]).select_option("city")
    assert field(page, t["rounds"]).input_value() == "3"
    field(page, t["start"]).fill("2026-12-12")
    field(page, t["start"]).dispatch_event("change")
    assert field(page, t["end"]).input_value() == "2026-12-12"
    field(page, t["year"]).fill("2026")
    field(page, t["venue"]).fill("Town hall")
    page.get_by_role("button", name=t["save"]).click()
    assert heading(page) == "Browser Open"
    assert t["date"] in page.locator("main").inner_text()
    page.get_by_role("button", name=t["open"]).click()
    page.wait_for_load_state()

    page.get_by_role("link", name=t["registrations"]).click()
    search = page.get_by_label(t["search"])
    for count, player in enumerate(players, start=1):
        search.fill(player.federation_number)
        page.get_by_role("button", name=t["register"].format(player.full_name), exact=True).click()
        page.locator(".stats li").last.get_by_text(str(count), exact=True).wait_for()
    assert page.locator(".stats li").last.inner_text() == f"8\n{t['registered']}"
    page.get_by_role("button", name=t["check_in_all"]).click()
    page.locator(".stats li").first.get_by_text("8", exact=True).wait_for()
    assert page.locator(".stats li").first.inner_text() == f"8\n{t['checked_in']}"

    page.get_by_role("button", name=t["draw"]).click()
    assert heading(page).endswith(t["round"])
    page.get_by_role("button", name=t["release"]).click()
    page.wait_for_load_state()
    tournament = Tournament.objects.get(name="Browser Open")
    assert Round.objects.get(tournament=tournament).status == RoundStatus.RELEASED
    return tournament


def desk_enters_both_sheets(page, t: dict) -> None:
    page.get_by_role("link", name=t["desk"], exact=True).click()
    page.get_by_role("link", name=t["round"], exact=True).click()
    page.get_by_role("link", name=t["next_missing"]).click()
    assert heading(page).startswith(t["sheet"].format(1))
    fill_sheet(page)
    page.get_by_role(
        "heading", level=1, name=re.compile(re.escape(t["sheet"].format(2)))
    ).wait_for()
    fill_sheet(page)
    page.get_by_test_id("count-entered").get_by_text("2", exact=True).wait_for()


def director_confirms_and_publishes(page, base: str, tournament, t: dict) -> None:
    page.goto(f"{base}{reverse('director:desk_board', args=[tournament.pk, 1])}")
    page.get_by_role("link", name=t["next_confirm"].format(1)).click()
    for table in (1, 2):
        assert heading(page).startswith(t["sheet"].format(table))
        page.get_by_role("button", name=t["confirm"]).click()
        page.wait_for_load_state()
    page.get_by_role("button", name=t["publish"]).click()
    page.wait_for_load_state()
    assert Round.objects.get(tournament=tournament).status == RoundStatus.PUBLISHED


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_staff_day_in_the_visitors_language(browser, live_server, language):
    """English: the German login page switched by its button, remembered on every later page
    of the director, and the desk's browser asks for English itself. German: de-DE browsers."""
    t = TEXTS[language]
    make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    players = make_named_players()
    base = live_server.url

    director = laptop(browser, "de-DE")
    log_in(director, base, "leiterin", t, switch=language == "en")
    assert html_lang(director) == language
    tournament = director_sets_up_round_one(director, base, players, t)
    assert html_lang(director) == language
    add_staff(tournament, desk)

    desk_page = laptop(browser, "en-GB" if language == "en" else "de-DE")
    log_in(desk_page, base, "orga", t, switch=False)
    desk_enters_both_sheets(desk_page, t)
    assert html_lang(desk_page) == language
    desk_page.context.close()

    director_confirms_and_publishes(director, base, tournament, t)
    director.goto(f"{base}{reverse('standings', args=[tournament.pk])}")
    assert html_lang(director) == language
    assert heading(director).startswith(t["standings"])
    assert director.get_by_text(t["after"]).count() >= 1
    director.goto(f"{base}{reverse('tournament_public', args=[tournament.pk])}")
    assert t["long_date"] in director.locator("p.lead").inner_text()
    director.context.close()


PUBLIC = {
    "en": {
        "home": "Rummikub tournaments",
        "finished": "Finished tournaments",
        "day": "7 June 2026",
        "standings": "Standings",
        "after": "after round 3",
        "ranking": "German ranking (Deutsches Rummikub Ranking) 2026",
        "counted": "Tournaments counted",
        "history": "Position in the German ranking per year",
        "separator": ".",
    },
    "de": {
        "home": "Rummikub-Turniere",
        "finished": "Beendete Turniere",
        "day": "7. Juni 2026",
        "standings": "Rangliste",
        "after": "nach Runde 3",
        "ranking": "Deutsches Rummikub Ranking 2026",
        "counted": "Gewertete Turniere",
        "history": "Platz im Deutschen Rummikub Ranking pro Jahr",
        "separator": ",",
    },
}


@pytest.mark.parametrize(
    ("language", "device"), [("en", "phone_en"), ("en", "page_en"), ("de", "phone"), ("de", "page")]
)
def test_the_public_pages_in_english_and_german(request, live_server, language, device):
    """What a visitor sees without an account: the browser's language decides."""
    page = request.getfixturevalue(device)
    t = PUBLIC[language]
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    players = make_named_players()
    tournament = play_tournament(
        director=director, desk=make_user("orga"), players=players, name="Spring Open", seed=3
    )
    assert tournament.end_date == date(2026, 6, 7)
    compute.ranking_recompute_year(year=2026)
    first = RankingEntry.objects.select_related("player").order_by("rank", "player_id").first()
    base = live_server.url

    page.goto(f"{base}{reverse('home')}")
    assert (html_lang(page), heading(page)) == (language, t["home"])
    assert page.get_by_role("heading", level=2, name=t["finished"]).count() == 1
    page.get_by_role("link", name="Spring Open").click()
    assert heading(page) == "Spring Open"
    assert t["day"] in page.locator("p.lead").inner_text()

    page.get_by_role("link", name=t["standings"], exact=True).click()
    assert heading(page) == f"{t['standings']} {t['after']}"
    assert page.get_by_text(first.player.public_name).count() >= 1

    page.goto(f"{base}{reverse('ranking:year', args=[2026])}")
    assert (html_lang(page), heading(page)) == (language, t["ranking"])
    assert page.get_by_role("heading", name=t["counted"]).count() == 1
    row = page.locator(f'tr[data-player="{first.player_id}"]')
    average = row.locator("td").nth(3).inner_text()  # rank, tournaments, PP, PP per game
    assert re.fullmatch(rf"\d+{re.escape(t['separator'])}\d\d", average), average

    row.get_by_role("link", name=first.player.public_name).click()
    assert (html_lang(page), heading(page)) == (language, first.player.public_name)
    assert page.get_by_role("heading", name=t["history"]).count() == 1

    page.goto(f"{base}{reverse('player_page', args=[first.player_id])}")
    assert html_lang(page) == language
    assert t["day"] in page.locator("section.player-tournament").first.inner_text()
