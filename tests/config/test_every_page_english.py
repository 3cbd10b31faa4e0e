"""Every page of the site in English, and no English leftovers in German (issue 17.1).

The crawl reuses the permission matrix (tests/permission_matrix/): its world and, for every URL,
every role whose GET cell is 200 (one client per role, no browser). Each page is fetched once in
English (`Accept-Language: en`) and once in German; its visible text (tags, scripts and styles
stripped; `title`, `alt`, `placeholder`, `aria-label` and the page description kept) is checked:

- in English, for German: an umlaut or ß, a German function word, or a German noun of the site's
  vocabulary. The world's data is not site text and is removed first: names of players, clubs,
  tournaments, venues, teams and accounts, and the free texts people typed (reasons, notes).
  A rule term in parentheses after its English name is allowed ("placement points
  (Platzierungspunkte)"), as the issue asks.
- in German, for the most typical English leftovers, as whole words ("Tournament", "Save").

Non-HTML answers (CSV, calendars, files) are skipped: exports are checked in their own tests.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.conf import settings
from django.db import models, transaction
from django.test import Client

from tests.permission_matrix.test_matrix import CALLS, EXPECTED, url_of
from tests.support.module_world import rolled_back_world
from tests.support.permission_world import ROLES, make_permission_world

# the module builds one world for all its tests: one test worker (pytest-xdist) runs them all
pytestmark = [pytest.mark.xdist_group("every-page-crawl"), pytest.mark.presentation]

ANSWERS = {"200", "400", "409", "422"}
"""POST outcomes that answer with a page instead of a redirect."""

PAGES = sorted(
    (key, method, role, codes[role])
    for (key, method), codes in EXPECTED.items()
    if key in CALLS
    for role in (
        [r for r in ROLES if codes[r] == "200"]
        if method == "GET"
        else [r for r in ROLES if codes[r] in ANSWERS][:1]
    )
)
"""(URL key, method, role, status) for every page of the matrix and every role that sees it (a
page shows each role other controls), and the answer to the matrix's POST where it is a page
(a form with its errors, a refusal): ~800 pages, each fetched in English and in German."""

#: fields whose values people type (names and free texts): data, not site text
DATA_FIELDS = {
    "first_name",
    "last_name",
    "username",
    "club",
    "city",
    "name",
    "venue",
    "ranking_note",
    "person_name",
    "kept_name",
    "removed_name",
    "reason",
    "reasoning",
    "note",
    "question",
    "decision",
    "rule_cited",
    "ground_text",
    "withdrawal_reason",
    "what_is_wrong",
    "correction_requested",
    "text",  # an addition to an appeal (AppealAddition)
    "decision_reason",
    "resolution",
    "device",
    "filled_in_by",
    # records keep the language they were written in (like the commission's strike note): the
    # audit line of a pairing change, composed of names and a reason at the time
    "description",
}
DATA_APPS = ("tournaments", "players", "ranking", "auth")

#: rule terms an English text may name in German, in parentheses after the English term
#: ("placement points (Platzierungspunkte)", "(contest between cities, Städtekampf)")
RULE_TERMS = {
    "Platzierungspunkte",
    "Spielpunkte",
    "Ranglistenpunkte",
    "Städtekampf",
    "Vier-Augen-Prüfung",
    "Klub",
    "Deutscher Rummikub Verband",  # the federation's name, after its English name
}

GERMAN_LETTERS = re.compile(r"\w*[äöüÄÖÜß„]\w*")
GERMAN_WORDS = re.compile(
    r"\b(der|das|den|dem|des|ein|eine|einen|einem|einer|eines|und|oder|nicht|ist|sind|wurde"
    r"|wurden|werden|wird|kein|keine|keinen|noch|schon|bereits|nur|auch|bei|mit|vom|zum|zur"
    r"|nach|seit|bis|durch|gegen|ohne|auf|aus|im|ins|zu|sich|sie|ihr|ihre|wir|uns|hier|dort"
    r"|jetzt|erst|muss|kann|darf|soll|haben|gibt|wenn|dann|als|wie|wer|bitte|danke|neu|neue"
    r"|ja|nein|Uhr|Seite|Zurück|Speichern|Abbrechen|Suchen|Anmelden|Abmelden|Löschen)\b"
)
GERMAN_NOUNS = re.compile(
    r"\b(Turnier|Spieler|Runde|Tisch|Anmeld|Schiedsricht|Mannschaft|Verwarn|Entscheid|Rangliste"
    r"|Ergebnis|Paarung|Ersatzspiel|Zuordnung|Einspruch|Gast|Verband|Datei|Zeile|Spalte|Bogen"
    r"|Fehler|Feld|Spiel|Karte|Vorname|Nachname|Verein|Datum|Punkte|Platz|Wertung|Fassung"
    r"|Gleichstand|Leitung|Wertungs|Übersicht)[a-zäöüß]*\b"
)
#: (area, word) -> why it may stay: texts outside the site's own code
ALLOWED = {
    ("admin", "Search"): "Django's admin search form: alt text of its magnifier icon, unmarked",
}
ENGLISH_WORDS = re.compile(
    r"\b(Tournaments?|Rounds?|Standings|Save|Cancel|Players?|Referees?|Search|Tables?)\b"
)


class VisibleText(HTMLParser):
    """The text a visitor reads or hears: no scripts, styles or templates; some attributes."""

    HIDDEN = {"script", "style", "template", "noscript"}
    SPOKEN = ("title", "alt", "placeholder", "aria-label")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        values = dict(attrs)
        self.parts.extend(values[name] for name in self.SPOKEN if values.get(name))
        if tag == "meta" and values.get("name") == "description":
            self.parts.append(values.get("content") or "")

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def visible_text(page: str) -> str:
    parser = VisibleText()
    parser.feed(page)
    return html.unescape(" ".join(" ".join(parser.parts).split()))


def world_data() -> list[str]:
    """Every name and free text of the world, longest first (so "Köln-Süd" goes before "Köln")."""
    values: set[str] = set()
    for app in DATA_APPS:
        for model in apps.get_app_config(app).get_models():
            for field in model._meta.get_fields():
                if (
                    field.name in DATA_FIELDS
                    and isinstance(field, (models.CharField, models.TextField))
                    and not field.choices
                ):
                    values.update(model.objects.values_list(field.name, flat=True))
    return sorted((v for v in values if v and len(v) >= 3), key=len, reverse=True)


def without_data(text: str, data: list[str]) -> str:
    """The text with the data removed as whole words ("admin" stays in "administration")."""
    if not data:
        return text
    pattern = "|".join(re.escape(value) for value in data)
    return re.sub(rf"(?<!\w)(?:{pattern})(?!\w)", " ", text)


def german_in(text: str) -> list[str]:
    terms = re.compile("|".join(re.escape(term) for term in RULE_TERMS))
    text = re.sub(r"\([^()]*\)", lambda group: terms.sub(" ", group[0]), text)
    found = GERMAN_LETTERS.findall(text) + GERMAN_WORDS.findall(text)
    found += [m[0] for m in GERMAN_NOUNS.finditer(text)]
    return sorted(set(found))


def english_in(text: str) -> list[str]:
    return sorted(set(ENGLISH_WORDS.findall(text)))


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker, tmp_path_factory):
    """The permission matrix's world, a logged-in client per role and the world's data (names,
    free texts); rolled back after the module."""
    with rolled_back_world(django_db_blocker, tmp_path_factory):
        w = make_permission_world()
        clients = {}
        for role, user in w.users.items():
            clients[role] = Client(raise_request_exception=False)
            if user is not None:
                clients[role].force_login(user)
        yield w, clients, world_data()


def crawl(site, pages) -> dict:
    """These pages' visible text in both languages without the world's data:
    {(key, role, language): text}. Each request's writes are rolled back."""
    w, clients, data = site
    texts = {}
    for key, method, role, status in pages:
        url, post = url_of(w, key), CALLS[key].data
        for language in ("en", "de"):
            client = clients[role]
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
            with transaction.atomic():
                if method == "GET":
                    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
                else:
                    body = post(w) if post else {}
                    response = client.post(url, body, HTTP_ACCEPT_LANGUAGE=language)
                transaction.set_rollback(True)
            assert str(response.status_code) == status, (key, method, role)
            if not response.get("Content-Type", "").startswith("text/html"):
                continue
            page = response.content.decode()
            texts[f"{key} {method}", role, language] = without_data(visible_text(page), data)
    return texts


def test_the_crawl_checks_the_site():
    """The crawl covers the public pages and the staff areas (a guard against an empty list)."""
    keys = {key for key, method, _role, _status in PAGES if method == "GET"}
    assert {"home", "standings", "director:tournament_detail", "ranking:year"} <= keys, keys
    assert len(PAGES) > 800


#: the ~800 pages (in two languages) in parts of a few seconds each (a test is no longer than ~10 s)
PARTS = 8


@pytest.mark.django_db
@pytest.mark.parametrize("part", range(PARTS), ids=lambda part: f"part{part + 1}of{PARTS}")
def test_every_page_reads_in_its_language(site, part):
    """English pages have no German; German pages have none of the typical English leftovers."""
    texts = crawl(site, PAGES[part::PARTS])
    german = {
        f"{key} as {role}": words
        for (key, role, language), text in sorted(texts.items())
        if language == "en" and (words := german_in(text))
    }
    english = {
        f"{key} as {role}": words
        for (key, role, language), text in sorted(texts.items())
        if language == "de"
        and (words := [w for w in english_in(text) if (key.split(":")[0], w) not in ALLOWED])
    }
    assert (german, english) == ({}, {})


def test_the_checks_find_what_they_look_for():
    """The word lists catch a German text and an English leftover; data and rule terms pass."""
    page = (
        "<html><head><meta name='description' content='Ergebnisse'><script>var a = 'und';</script>"
        "</head><body><h1 title='Runde 2'>Standings</h1><p>placement points "
        "(Platzierungspunkte), game points (Spielpunkte, plus minus minus) of Anna Köln</p>"
        "<button>Save</button></body></html>"
    )
    text = without_data(visible_text(page), ["Anna Köln"])
    assert german_in(text) == ["Ergebnisse", "Runde"]
    assert english_in(text) == ["Save", "Standings"]
    assert german_in("Round 2 · 14:30 Uhr") == ["Uhr"]
    assert german_in("Teams (contest between cities, Städtekampf)") == []
    assert german_in("Städtekampf (a contest between cities)") == ["Städtekampf"]
