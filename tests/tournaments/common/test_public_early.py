"""Issue 32.2: an anonymous visitor's stored public page is served high in the middleware
(`tournaments.common.public_early`), before sessions, language, CSRF and users, with the very
headers and bytes the full path gives."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from ranking.compute import services as compute
from tests.support.builders import make_released_round, play_round, play_tournament

pytestmark = pytest.mark.django_db

EARLY = "tournaments.common.public_early.PublicPageMiddleware"
FULL_PATH = [name for name in settings.MIDDLEWARE if name != EARLY]
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def published(director, players, desk_user, django_capture_on_commit_callbacks):
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    with django_capture_on_commit_callbacks(execute=True):
        play_round(rnd, director=director, desk=desk_user)
    return tournament, rnd


def early(response) -> bool:
    """Whether the answer came from the early path: the request never got a session, a user."""
    request = response.wsgi_request
    return not hasattr(request, "session") and not hasattr(request, "user")


def headers(response) -> list[tuple[str, str]]:
    """Every header in order but the request id (new per request)."""
    return [(k, v) for k, v in response.items() if k != "X-Request-ID"]


def both_paths(client, url: str, **extra):
    """The stored page (rendered by the first request) through the early and the full path."""
    first = client.get(url, **extra)
    assert first.status_code == 200 and first["X-Public-Cache"] in ("miss", "hit"), url
    from_early = client.get(url, **extra)
    with override_settings(MIDDLEWARE=FULL_PATH):
        full = Client()  # a client loads the middleware on its first request
        full.cookies = client.cookies
        from_full = full.get(url, **extra)
    assert early(from_early) and not early(from_full), url
    assert from_full["X-Public-Cache"] == "hit", url
    return from_early, from_full


def _variants(tournament, rnd):
    standings = reverse("standings", args=[tournament.pk])
    return [
        (standings, {}),
        (standings, GZIP),
        (standings, {**GZIP, **HTMX, "HTTP_HX_TARGET": "standings-table"}),
        (standings, {**HTMX, "HTTP_HX_TARGET": "live-standings"}),
        (standings + "?nach_runde=1&unbekannt=2", GZIP),
        (reverse("hall_display", args=[tournament.pk]), {**GZIP, **HTMX}),
        (reverse("round_results", args=[tournament.pk, rnd.number]), GZIP),
        (reverse("pairing_by_name", args=[tournament.pk, rnd.number]), GZIP),
        (reverse("tournament_public", args=[tournament.pk]), GZIP),
        (reverse("standings_csv", args=[tournament.pk]), {}),
    ]


def test_an_early_hit_carries_the_full_paths_headers_and_bytes(client, published):
    tournament, rnd = published
    for url, extra in _variants(tournament, rnd):
        from_early, from_full = both_paths(client, url, **extra)
        assert from_early.status_code == from_full.status_code == 200, url
        assert headers(from_early) == headers(from_full), url
        assert from_early.content == from_full.content, url
        assert from_early["X-Public-Cache"] == "hit"
        for name in ("Content-Security-Policy", "X-Frame-Options", "Content-Language", "Vary"):
            assert from_early[name], (url, name)


def test_a_live_pages_early_hit_carries_its_etag(client, published):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    from_early, from_full = both_paths(client, url)
    assert from_early["ETag"] == from_full["ETag"]
    assert from_early["ETag"].startswith(f'W/"{tournament.pk}.')
    assert from_early["Cache-Control"] == "no-cache"
    assert from_early["Vary"] == "Accept-Encoding, HX-Request, HX-Target, Accept-Language, Cookie"
    quoted = from_early["ETag"].replace('"', "&quot;")
    assert f'data-live-etag="{quoted}"' in from_early.content.decode()


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ({}, "de"),
        ({"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9,de;q=0.8"}, "en"),
        ({"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}, "de"),
        ({"HTTP_ACCEPT_LANGUAGE": "de-AT"}, "de"),
        ({"HTTP_ACCEPT_LANGUAGE": "fr, en;q=0.5"}, "en"),
        (
            {"HTTP_COOKIE": f"{settings.LANGUAGE_COOKIE_NAME}=en", "HTTP_ACCEPT_LANGUAGE": "de"},
            "en",
        ),
        (
            {"HTTP_COOKIE": f"{settings.LANGUAGE_COOKIE_NAME}=xx", "HTTP_ACCEPT_LANGUAGE": "en"},
            "en",
        ),
    ],
)
def test_the_language_is_chosen_as_the_locale_middleware_chooses_it(
    client, published, extra, language
):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    from_early, from_full = both_paths(client, url, **extra)
    assert from_early["Content-Language"] == from_full["Content-Language"] == language
    assert from_early.content == from_full.content
    assert f'<html lang="{language}"' in from_early.content.decode()


def test_one_stored_page_per_language(client, published):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    german = client.get(url)
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert (german["X-Public-Cache"], english["X-Public-Cache"]) == ("miss", "miss")
    again = [client.get(url), client.get(url, HTTP_ACCEPT_LANGUAGE="en")]
    assert [r["X-Public-Cache"] for r in again] == ["hit", "hit"] and all(map(early, again))
    assert again[0].content == german.content and again[1].content == english.content
    assert "Rangliste" in german.content.decode() and "Standings" in english.content.decode()


def test_logged_in_users_are_never_served_from_the_cache(client, published, director):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    assert client.get(url).status_code == 200
    assert early(client.get(url))
    client.force_login(director)
    staff = client.get(url)
    assert staff.status_code == 200 and "X-Public-Cache" not in staff
    assert not early(staff) and staff.wsgi_request.user == director


def test_a_session_cookie_takes_the_full_path(client, published):
    """Without a valid session behind it the visitor is anonymous: the full path serves the
    stored page, after the session middleware had its say."""
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    stored = client.get(url)
    client.cookies[settings.SESSION_COOKIE_NAME] = "keine-gueltige-sitzung"
    answer = client.get(url)
    assert not early(answer) and answer["X-Public-Cache"] == "hit"
    assert answer.content == stored.content


def test_searches_misses_and_other_methods_go_down_the_stack(client, published):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    first = client.get(url)
    assert first["X-Public-Cache"] == "miss" and not early(first)
    searched = client.get(url + "?q=zzz", **HTMX, HTTP_HX_TARGET="standings-table")
    assert "X-Public-Cache" not in searched and not early(searched)
    head = client.head(url)
    assert head.status_code == 200 and not early(head)
    assert client.post(url).status_code == 405


def test_an_early_hit_needs_no_query(client, published, django_assert_num_queries):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    client.get(url)
    with django_assert_num_queries(0):
        answer = client.get(url)
    assert early(answer) and answer["X-Public-Cache"] == "hit"


@override_settings(ALLOWED_HOSTS=["drv.example"])
def test_a_host_not_allowed_is_refused_as_on_the_full_path(client, published):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    assert client.get(url, HTTP_HOST="drv.example").status_code == 200
    assert client.get(url, HTTP_HOST="drv.example")["X-Public-Cache"] == "hit"
    assert client.get(url, HTTP_HOST="boese.example").status_code == 400


def test_the_ranking_page_from_the_early_path(client, director, desk_user, players):
    play_tournament(director=director, desk=desk_user, players=players, count=8, rounds=1)
    compute.ranking_recompute_year(year=2026)
    url = reverse("ranking:year", args=[2026])
    table = {**HTMX, "HTTP_HX_TARGET": "ranking-table"}
    for extra in (
        {},
        GZIP,
        table,
        {**table, "QUERY_STRING": "seite=1"},
        {"HTTP_ACCEPT_LANGUAGE": "en"},
    ):
        from_early, from_full = both_paths(client, url, **extra)
        assert headers(from_early) == headers(from_full)
        assert from_early.content == from_full.content
