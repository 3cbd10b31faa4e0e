"""Live screens (issue #15.5): an unchanged poll costs one cache read (304, no query); a
publication, a sheet action or a clock change lets the next poll through with a new ETag."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.urls import reverse

from tests.support.builders import fixed_games, make_released_round, make_user, play_round
from tournaments.clock import services as clock_services
from tournaments.common.live import LivePollApp
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db


def poll(client, url, target, tag=None):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": target}
    if tag:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return client.get(url, **headers)


@pytest.fixture
def released(director, players, desk_user):
    """Round 1 of 8 players released; the desk user works the desk."""
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=5, desk=[desk_user]
    )
    return tournament, rnd


@pytest.fixture
def published(released, director, desk_user, django_capture_on_commit_callbacks):
    tournament, rnd = released
    with django_capture_on_commit_callbacks(execute=True):
        play_round(rnd, director=director, desk=desk_user)
    return tournament, rnd


def _screens(tournament, rnd):
    return [
        (reverse("standings", args=[tournament.pk]), "live-standings"),
        (reverse("hall_display", args=[tournament.pk]), "screen"),
        (reverse("round_results", args=[tournament.pk, rnd.number]), "live-results"),
        (reverse("pairing_by_name", args=[tournament.pk, rnd.number]), "live-pairing"),
    ]


def test_an_unchanged_public_screen_answers_304_without_a_query(
    client, published, django_assert_num_queries
):
    tournament, rnd = published
    for url, target in _screens(tournament, rnd):
        first = poll(client, url, target)
        assert first.status_code == 200, url
        tag = first["ETag"]
        assert tag.startswith(f'W/"{tournament.pk}.')
        assert first["Cache-Control"] == "no-cache"
        with django_assert_num_queries(0):
            again = poll(client, url, target, tag)
        assert again.status_code == 304, url
        assert again["ETag"] == tag
        assert again.content == b""


def test_the_page_itself_carries_its_etag_for_the_first_poll(client, published):
    tournament, _ = published
    page = client.get(reverse("standings", args=[tournament.pk]))
    quoted = page["ETag"].replace('"', "&quot;")
    assert f'data-live-etag="{quoted}"' in page.content.decode()


def test_a_navigation_with_the_same_etag_gets_the_page(client, published):
    """Only htmx polls are answered 304: a reload shows the page (and its messages)."""
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    tag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_a_publication_moves_every_public_screen_on(
    client, released, director, desk_user, django_capture_on_commit_callbacks
):
    tournament, rnd = released
    url = reverse("hall_display", args=[tournament.pk])
    before = poll(client, url, "screen")
    assert 'data-mode="pairing"' in before.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        play_round(rnd, director=director, desk=desk_user)
    after = poll(client, url, "screen", before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert 'data-mode="standings"' in after.content.decode()
    standings = poll(client, reverse("standings", args=[tournament.pk]), "live-standings")
    assert 'id="live-standings"' in standings.content.decode()
    assert "Rangliste" in standings.content.decode()


def test_a_clock_change_moves_the_hall_display_on(
    client, released, director, django_capture_on_commit_callbacks
):
    tournament, rnd = released
    url = reverse("hall_display", args=[tournament.pk])
    before = poll(client, url, "screen")
    with django_capture_on_commit_callbacks(execute=True):
        clock_services.round_clock_start(rnd=rnd, user=director, minutes=90)
    after = poll(client, url, "screen", before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    body = after.content.decode()
    assert 'data-mode="clock"' in body
    assert 'data-status="running"' in body
    assert "Ergebnisse am Tisch eintragen: QR-Code auf der Tischkarte" in body
    assert "Zeit pro Zug" in body


def test_mein_tisch_names_the_next_round_once_it_is_released(
    client, released, director, desk_user, django_capture_on_commit_callbacks
):
    tournament, rnd = released
    url = reverse("pairing_by_name", args=[tournament.pk, 1])
    before = poll(client, url, "live-pairing")
    assert "data-live-goto" not in before.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        play_round(rnd, director=director, desk=desk_user)
        second = round_services.round_pair_next(tournament=tournament, user=director, seed=6)
        round_services.round_release(rnd=second, user=director)
    after = poll(client, url, "live-pairing", before["ETag"])
    assert after.status_code == 200
    goto = reverse("pairing_by_name", args=[tournament.pk, 2])
    assert f'data-live-goto="{goto}"' in after.content.decode()


def test_the_desk_board_answers_304_to_its_own_session_only(
    client, released, desk_user, django_assert_num_queries
):
    tournament, rnd = released
    url = reverse("director:desk_board", args=[tournament.pk, rnd.number])
    client.force_login(desk_user)
    first = poll(client, url, "desk-board")
    assert first.status_code == 200
    tag = first["ETag"]
    with django_assert_num_queries(0):
        assert poll(client, url, "desk-board", tag).status_code == 304
    # Another signed-in user who is not staff, sending the desk's tag: the permission check.
    other = make_user("fremd")
    client.force_login(other)
    assert poll(client, url, "desk-board", tag).status_code == 403
    client.logout()
    assert poll(client, url, "desk-board", tag).status_code == 302  # to the log-in


def test_a_sheet_action_moves_the_desk_board_on_before_publication(
    client, released, desk_user, director, django_capture_on_commit_callbacks
):
    tournament, rnd = released
    url = reverse("director:desk_board", args=[tournament.pk, rnd.number])
    client.force_login(desk_user)
    before = poll(client, url, "desk-board")
    assert 'data-testid="count-entered">0<' in before.content.decode()
    public = poll(client, reverse("standings", args=[tournament.pk]), "live-standings")
    table = rnd.tables.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        sheet_services.sheet_save(
            table=table,
            games=play_games(table),
            expected_version=0,
            user=desk_user,
        )
    after = poll(client, url, "desk-board", before["ETag"])
    assert after.status_code == 200
    assert 'data-testid="count-entered">1<' in after.content.decode()
    # Anonymous public screens do not hear of unpublished sheet actions.
    client.logout()
    anon = poll(client, reverse("standings", args=[tournament.pk]), "live-standings")
    tag = anon["ETag"]
    assert public["ETag"] != tag  # the signed-in tag carries the desk's generation and a MAC
    assert (
        poll(client, reverse("standings", args=[tournament.pk]), "live-standings", tag).status_code
        == 304
    )


def play_games(table):
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    return fixed_games(letters)[: table.round.tournament.games_per_round]


def test_the_desk_board_polls_every_one_and_a_half_seconds(client, released, desk_user):
    tournament, rnd = released
    client.force_login(desk_user)
    page = client.get(reverse("director:desk_board", args=[tournament.pk, rnd.number]))
    assert 'data-hx-trigger="every 1500ms, live-now"' in page.content.decode()
    assert "js/live.js" in page.content.decode()


def test_the_polls_empty_search_field_shares_the_plain_pages_cache(client, published):
    """The standings poll sends the (empty) search field along: `?q=` is the page without it,
    so all open phones share one cached partial per generation."""
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    assert poll(client, url, "live-standings").status_code == 200  # rendered or warmed
    assert poll(client, url + "?q=", "live-standings")["X-Public-Cache"] == "hit"
    assert poll(client, url + "?nach_runde=1", "live-standings")["X-Public-Cache"] == "miss"
    searched = poll(client, url + "?q=zzz", "live-standings")
    assert "X-Public-Cache" not in searched  # a search is filtered per request, uncached
    assert "0 Treffer" in searched.content.decode()


class Rest:
    """The rest of the site behind `LivePollApp` (Django in production): what reached it."""

    def __init__(self):
        self.paths = []

    def __call__(self, environ, start_response):
        self.paths.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"django"]


def wsgi_get(app, url, *, tag=None, htmx=True, host="testserver", cookie="", **extra):
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": url,
        "HTTP_HOST": host,
        "wsgi.url_scheme": "http",
        **({"HTTP_HX_REQUEST": "true"} if htmx else {}),
        **({"HTTP_IF_NONE_MATCH": tag} if tag else {}),
        **({"HTTP_COOKIE": cookie} if cookie else {}),
        **extra,
    }
    answer = {}

    def start_response(status, headers):
        answer.update(status=status, headers=dict(headers))

    answer["body"] = b"".join(app(environ, start_response))
    return answer


def test_an_unchanged_poll_is_answered_in_front_of_django(
    client, published, django_assert_num_queries
):
    """Issue 32.3: the 304 comes before Django builds a request (no session, language, CSRF,
    user, log line), with the headers of the view's own 304."""
    tournament, rnd = published
    rest = Rest()
    app = LivePollApp(rest)
    for url, target in _screens(tournament, rnd):
        tag = poll(client, url, target)["ETag"]
        by_view = poll(client, url, target, tag)
        assert by_view.status_code == 304
        with django_assert_num_queries(0):
            answer = wsgi_get(app, url, tag=tag, HTTP_HX_TARGET=target)
        assert answer["status"] == "304 Not Modified", url
        assert answer["body"] == b""
        for name in ("ETag", "Cache-Control", "Vary"):
            assert answer["headers"][name] == by_view[name], (url, name)
    assert rest.paths == []


def test_every_other_request_goes_on_to_django(client, published, settings):
    tournament, rnd = published
    url = reverse("standings", args=[tournament.pk])
    tag = poll(client, url, "live-standings")["ETag"]
    rest = Rest()
    app = LivePollApp(rest)
    asked = [
        wsgi_get(app, url, tag='W/"1.1"'),  # an old tag
        wsgi_get(app, url, tag=tag, htmx=False),  # a navigation gets the page
        wsgi_get(app, url, tag=tag, host="evil.example"),  # Django answers 400
        wsgi_get(app, reverse("tournament_public", args=[tournament.pk]), tag=tag),  # not live
        wsgi_get(app, "/gibt-es-nicht/", tag=tag),
        wsgi_get(app, url, tag=tag, REQUEST_METHOD="HEAD"),
    ]
    assert [a["status"] for a in asked] == ["200 OK"] * 6
    assert len(rest.paths) == 6


def test_where_the_site_redirects_to_https_a_plain_poll_gets_the_redirect(
    client, published, settings
):
    tournament, _ = published
    url = reverse("standings", args=[tournament.pk])
    tag = poll(client, url, "live-standings")["ETag"]
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    app = LivePollApp(Rest())
    assert wsgi_get(app, url, tag=tag)["status"] == "200 OK"  # Django's redirect
    behind_nginx = wsgi_get(app, url, tag=tag, HTTP_X_FORWARDED_PROTO="https")
    assert behind_nginx["status"] == "304 Not Modified"


def test_a_signed_in_poll_gets_its_304_only_with_its_own_session(client, published, director):
    """A viewer with a session has a tag with a MAC over the session cookie: another session
    (or none) cannot reuse it."""
    tournament, _ = published
    client.force_login(director)
    url = reverse("standings", args=[tournament.pk])
    tag = poll(client, url, "live-standings")["ETag"]
    session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    app = LivePollApp(Rest())
    name = django_settings.SESSION_COOKIE_NAME
    own = wsgi_get(app, url, tag=tag, cookie=f"csrftoken=x; {name}={session}")
    other = wsgi_get(app, url, tag=tag, cookie=f"{name}=someone-else")
    anonymous = wsgi_get(app, url, tag=tag)
    assert own["status"] == "304 Not Modified"
    assert other["status"] == anonymous["status"] == "200 OK"


def test_the_site_is_served_behind_the_poll_answer():
    from config import wsgi

    assert isinstance(wsgi.application, LivePollApp)
    assert wsgi.application.app is wsgi.django_application


def test_a_poll_with_an_old_tag_goes_through_to_the_view(
    client, released, director, desk_user, django_capture_on_commit_callbacks
):
    tournament, rnd = released
    url = reverse("standings", args=[tournament.pk])
    old = poll(client, url, "live-standings")["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        play_round(rnd, director=director, desk=desk_user)
    answer = poll(client, url, "live-standings", old)
    assert answer.status_code == 200
    assert answer["ETag"] != old
    assert hasattr(answer.wsgi_request, "session")
