"""The public page cache's single flight (issue 14): one render per page variant and generation,
however many requests miss at once; waiters get the renderer's page."""

from __future__ import annotations

import gzip
import threading
import time
from collections import Counter

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotFound
from django.test import RequestFactory
from django.urls import reverse

from tests.support.builders import make_director, make_tournament
from tournaments.common import events, public_cache
from tournaments.common.public_cache import cached_once, public_page

#: the pages' version is read from the database (events.global_generation)
pytestmark = pytest.mark.django_db

VARIANTS = [f"/seite/{n}/" for n in range(5)]


def _counting_view(renders: Counter, lock: threading.Lock, *, seconds: float = 0.05):
    @public_page(scope="all")
    def view(request):
        with lock:
            renders[request.get_full_path()] += 1
        time.sleep(seconds)  # a slow render: the others arrive while it runs
        return HttpResponse(f"Seite {request.get_full_path()}")

    return view


def _rush(view, paths: list[str]) -> list[tuple[str, int, str, bytes]]:
    """Every path requested at the same moment, each from its own thread."""
    factory = RequestFactory()
    events.global_generation()  # read here: the visitors' threads find it in the memo
    start = threading.Barrier(len(paths))
    answers = []
    guard = threading.Lock()

    def visitor(path: str) -> None:
        request = factory.get(path)
        request.user = AnonymousUser()
        start.wait()
        response = view(request)
        with guard:
            answers.append(
                (path, response.status_code, response["X-Public-Cache"], response.content)
            )

    threads = [threading.Thread(target=visitor, args=(p,)) for p in paths]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return answers


def test_a_rush_over_five_variants_renders_each_once():
    renders: Counter = Counter()
    view = _counting_view(renders, threading.Lock())
    paths = VARIANTS * 8  # 40 concurrent requests

    answers = _rush(view, paths)

    assert renders == Counter({p: 1 for p in VARIANTS})
    assert len(answers) == 40 and {status for _, status, _, _ in answers} == {200}
    assert Counter(state for _, _, state, _ in answers)["miss"] == 5
    assert {state for _, _, state, _ in answers} <= {"miss", "wait", "hit"}
    assert all(body == f"Seite {path}".encode() for path, _, _, body in answers)


def test_a_new_generation_renders_once_more_then_hits(django_capture_on_commit_callbacks):
    renders: Counter = Counter()
    view = _counting_view(renders, threading.Lock(), seconds=0)
    _rush(view, VARIANTS[:1] * 4)
    with django_capture_on_commit_callbacks(execute=True):
        events.public_data_changed(1)  # a publication: the global generation moves on

    answers = _rush(view, VARIANTS[:1] * 4)

    assert renders == Counter({VARIANTS[0]: 2})
    assert sorted(state for _, _, state, _ in answers).count("miss") == 1


def test_an_error_page_is_not_kept_and_the_next_request_renders_again():
    calls = []

    @public_page(scope="all")
    def view(request):
        calls.append(1)
        return HttpResponseNotFound("weg")

    request = RequestFactory().get("/fehlt/")
    request.user = AnonymousUser()

    assert view(request).status_code == 404
    assert view(request).status_code == 404
    assert len(calls) == 2


def test_a_waiter_renders_on_its_own_when_the_renderer_never_finishes(monkeypatch):
    monkeypatch.setattr(public_cache, "WAIT_SECONDS", 0.05)
    cache.add("public:test:stuck:lock", 1, timeout=60)  # a renderer that died holding the lock

    value, state = cached_once("public:test:stuck", lambda: "selbst", timeout=60)

    assert (value, state) == ("selbst", "miss")


def test_a_waiter_gets_the_value_the_lock_holder_stores():
    cache.add("public:test:slow:lock", 1, timeout=60)

    def finish():
        time.sleep(0.05)
        cache.set("public:test:slow", "fertig", timeout=60)
        cache.delete("public:test:slow:lock")

    helper = threading.Thread(target=finish)
    helper.start()
    value, state = cached_once("public:test:slow", lambda: pytest.fail("built twice"), timeout=60)
    helper.join()

    assert (value, state) == ("fertig", "wait")


def test_cache_down_means_built_uncached(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("Redis weg")

    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "add", down)
    built = []

    value, state = cached_once("public:test:down", lambda: built.append(1) or "frisch", timeout=60)

    assert (value, state, built) == ("frisch", "miss", [1])


def test_hits_are_served_gzip_to_clients_that_accept_it():
    calls = []

    @public_page(scope="all")
    def view(request):
        calls.append(1)
        return HttpResponse("Rangliste " * 200, content_type="text/html; charset=utf-8")

    factory = RequestFactory()

    def get(**headers):
        request = factory.get("/lang/", headers=headers)
        request.user = AnonymousUser()
        return view(request)

    miss, packed, plain = get(), get(**{"Accept-Encoding": "gzip, br"}), get()

    assert [r["X-Public-Cache"] for r in (miss, packed, plain)] == ["miss", "hit", "hit"]
    assert miss.content == plain.content == b"Rangliste " * 200 and "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == miss.content
    assert len(packed.content) < len(miss.content) // 10
    assert all(r["Vary"] == "Accept-Encoding" for r in (miss, packed, plain))
    assert packed["Content-Type"] == "text/html; charset=utf-8"
    assert len(calls) == 1


def test_local_copies_spare_the_shared_cache(monkeypatch):
    built = []
    first = cached_once(
        "public:test:local", lambda: built.append(1) or ("Daten",), timeout=60, local=True
    )
    monkeypatch.setattr(cache, "get", lambda *a, **k: pytest.fail("shared cache read"))

    again = cached_once(
        "public:test:local", lambda: built.append(1) or ("neu",), timeout=60, local=True
    )

    assert first == (("Daten",), "miss") and again == (("Daten",), "hit") and built == [1]
    public_cache.forget_local()
    monkeypatch.undo()
    assert cached_once("public:test:local", lambda: ("neu",), timeout=60, local=True)[1] == "hit"


def test_uncached_searches_are_answered_fresh_and_long_ones_packed():
    calls = []

    @public_page(scope="all", uncached_params=("q",))
    def view(request):
        calls.append(request.GET["q"])
        return HttpResponse(f"Treffer für {request.GET['q']} " * 200)

    factory = RequestFactory()
    answers = []
    for headers in ({"Accept-Encoding": "gzip"}, {"Accept-Encoding": "gzip"}, {}):
        request = factory.get("/suche/", {"q": "mei"}, headers=headers)
        request.user = AnonymousUser()
        answers.append(view(request))

    packed, again, plain = answers
    assert calls == ["mei", "mei", "mei"]  # never stored
    assert "X-Public-Cache" not in packed and packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == gzip.decompress(again.content) == plain.content
    assert "Content-Encoding" not in plain and plain["Vary"] == "Accept-Encoding"


def test_unknown_query_parameters_share_one_entry_known_ones_make_variants():
    """Random query strings cannot fill the cache (issue #19.8): only the parameters the pages
    read are part of the key."""
    calls = []

    @public_page(scope="all")
    def view(request):
        calls.append(request.get_full_path())
        return HttpResponse(f"Rangliste {request.GET.get('nach_runde', 'alle')}")

    factory = RequestFactory()

    def get(path):
        request = factory.get(path)
        request.user = AnonymousUser()
        response = view(request)
        return response["X-Public-Cache"], response.content.decode()

    assert [get(p) for p in ("/r/", "/r/?x=1", "/r/?y=2&x=3", "/r/?nach_runde=2")] == [
        ("miss", "Rangliste alle"),
        ("hit", "Rangliste alle"),
        ("hit", "Rangliste alle"),
        ("miss", "Rangliste 2"),
    ]
    assert get("/r/?nach_runde=2&junk=1") == ("hit", "Rangliste 2")
    assert calls == ["/r/", "/r/?nach_runde=2"]


def test_cached_views_read_only_keyed_parameters():
    """A cached view that read another parameter would serve one visitor's variant to all."""
    import ast
    import inspect

    from tournaments.history import views as history_views
    from tournaments.pages import views as pages_views
    from tournaments.rounds import views as rounds_views
    from tournaments.standings import views as standings_views

    read = set()
    for module in (history_views, pages_views, rounds_views, standings_views):
        # every function of the module: cached views read parameters through helpers too
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if (
                isinstance(node, ast.Call)
                and ast.unparse(node.func).endswith("GET.get")
                and isinstance(node.args[0], ast.Constant)
            ):
                read.add(node.args[0].value)
    assert read == {"nach_runde", "q", "spieler", "ansicht", "tisch"}
    assert read <= set(public_cache.KEYED_PARAMS)


def test_a_page_with_a_csrf_token_is_never_shared():
    """Issue #19.5: the first visitor's token was cached and served to everyone."""
    from django.middleware.csrf import get_token
    from django.template import Context, Template

    renders = []

    @public_page(scope="all")
    def view(request):
        renders.append(1)
        form = Template("<form method='post'>{% csrf_token %}</form>")
        return HttpResponse(form.render(Context({"csrf_token": get_token(request)})))

    factory = RequestFactory()
    answers = []
    for _ in range(2):
        request = factory.get("/mit-formular/")
        request.user = AnonymousUser()
        response = view(request)
        answers.append(response.content)
    assert len(renders) == 2  # nothing kept: each visitor's page is rendered for them
    assert answers[0] != answers[1] and all(b"csrfmiddlewaretoken" in a for a in answers)


def test_a_shared_public_page_holds_no_visitors_csrf_token(client):
    """A public page rendered for one anonymous visitor is served to all: it must carry no
    CSRF token of that visitor (htmx takes each visitor's own cookie, static/js/site.js)."""
    tournament = make_tournament(director=make_director(), open=True)
    first = client.get(reverse("tournament_public", args=[tournament.pk]))
    assert (first.status_code, first["X-Public-Cache"]) == (200, "miss")
    assert b"X-CSRFToken" not in first.content
    client.force_login(tournament.created_by)
    assert b"X-CSRFToken" in client.get(reverse("director:home")).content
