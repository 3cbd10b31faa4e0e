"""Two languages (issue 17): German by default, English from Accept-Language or the switch."""

import re

import pytest
from django.conf import settings
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from tests.support.builders import make_named_players, make_tournament, play_known_round
from tournaments.standings.public_data import StandingsData, derived

pytestmark = pytest.mark.django_db
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


@pytest.fixture(autouse=True)
def _default_language_after():
    """LocaleMiddleware leaves the request's language active in this thread: later tests
    (services, messages) expect German."""
    yield
    translation.deactivate()


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([^"]+)">', html).group(1)


def test_the_start_page_is_german_by_default(client):
    html = client.get("/").content.decode()

    assert html_lang(html) == "de"
    assert "Zum Inhalt springen" in html and "Rummikub-Turniere" in html


def test_accept_language_en_gives_the_english_start_page(client):
    response = client.get("/", **ENGLISH)
    html = response.content.decode()

    assert html_lang(html) == "en"
    assert "Skip to content" in html and "<h1>Rummikub tournaments</h1>" in html
    assert "Zum Inhalt springen" not in html
    assert response["Content-Language"] == "en"
    assert "Accept-Language" in response["Vary"]


def test_an_unknown_language_falls_back_to_german(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").content.decode()

    assert html_lang(html) == "de"


def test_the_standings_in_english(client, director, desk_user):
    known = play_known_round(director=director, desk=desk_user, players=make_named_players())

    english = client.get(reverse("standings", args=[known.pk]), **ENGLISH).content.decode()
    german = client.get(reverse("standings", args=[known.pk]), **GERMAN).content.decode()

    assert html_lang(english) == "en" and "after round 1" in english
    assert "nach Runde 1" not in english
    assert html_lang(german) == "de" and "nach Runde 1" in german


def test_a_staff_page_in_english(client, director):
    client.force_login(director)

    html = client.get(reverse("director:home"), **ENGLISH).content.decode()

    assert html_lang(html) == "en"
    assert "<h1>Tournament director</h1>" in html and "New tournament" in html


def test_every_page_has_the_switch_without_a_csrf_token(client):
    """A token would make the public page uncacheable (public_cache) and is not needed."""
    html = client.get("/", **ENGLISH).content.decode()

    form = re.search(r'<form class="language-switch".*?</form>', html, re.S).group(0)
    assert 'action="/i18n/setlang/"' in form and 'method="post"' in form
    assert '<input type="hidden" name="next" value="/">' in form
    assert re.findall(r'value="(\w+)" lang="\w+"', form) == ["de", "en"]
    current = 'value="en" lang="en" class="link-button" aria-current="true">English</button>'
    assert current in form and form.count("aria-current") == 1
    assert "csrfmiddlewaretoken" not in form


def test_the_switch_sets_the_language_and_it_is_remembered(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"}, **GERMAN)

    assert response.status_code == 302 and response["Location"] == "/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "en"
    assert cookie["max-age"] == 365 * 24 * 60 * 60  # survives closing the browser
    # The cookie outweighs the browser's own preference, on every later page.
    assert html_lang(client.get("/", **GERMAN).content.decode()) == "en"
    assert html_lang(client.get(reverse("login"), **GERMAN).content.decode()) == "en"

    client.post(reverse("set_language"), {"language": "de", "next": "/"}, **ENGLISH)
    assert html_lang(client.get("/", **ENGLISH).content.decode()) == "de"


def test_the_switch_ignores_an_unknown_language_and_a_foreign_next(client):
    response = client.post(
        reverse("set_language"), {"language": "xx", "next": "https://example.org/"}
    )

    assert response.status_code == 302 and response["Location"] == "/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_german_and_english_visitors_get_their_own_cached_page(client, director, desk_user):
    known = play_known_round(director=director, desk=desk_user, players=make_named_players())
    url = reverse("standings", args=[known.pk])

    first = [client.get(url, **headers) for headers in (GERMAN, ENGLISH)]
    again = [client.get(url, **headers) for headers in (GERMAN, ENGLISH)]

    assert [r["X-Public-Cache"] for r in first] == ["miss", "miss"]  # one render per language
    assert [r["X-Public-Cache"] for r in again] == ["hit", "hit"]
    german, english = (r.content.decode() for r in again)
    assert html_lang(german) == "de" and "nach Runde 1" in german
    assert html_lang(english) == "en" and "after round 1" in english


def test_cached_standings_rows_are_kept_per_language():
    """The rows built in Python hold translated marks (Finale, Ersatz)."""
    data = StandingsData(1, 1, (1,), (1,), None, "klub", False, (), (), key="public:test:t1.1")

    with translation.override("de"):
        german = derived(data, "marks", lambda: translation.gettext("Final"))
    with translation.override("en"):
        english = derived(data, "marks", lambda: translation.gettext("Final"))

    assert (german, english) == ("Finale", "Final")


def test_dates_and_numbers_follow_the_language(client, director):
    """Month names, the order of day and month, and decimal separators per language
    (config/formats: German as before, English "12 December 2026")."""
    tournament = make_tournament(director=director, open=True)  # 12 December 2026
    url = reverse("tournament_public", args=[tournament.pk])

    german = client.get(url, **GERMAN).content.decode()
    english = client.get(url, **ENGLISH).content.decode()

    assert "12. Dezember 2026" in german and "December" not in german
    assert "12 December 2026" in english and "Dezember" not in english
    assert "12. December" not in english
    with translation.override("de"):
        assert translation.gettext("Standings") == "Rangliste"
    page = Template('{% load l10n %}{{ x|floatformat:2 }} {{ d|date:"DATE_FORMAT" }}')
    context = Context({"x": 1.5, "d": tournament.start_date})
    with translation.override("de"):
        assert page.render(context) == "1,50 12. Dezember 2026"
    with translation.override("en"):
        assert page.render(context) == "1.50 12 December 2026"
