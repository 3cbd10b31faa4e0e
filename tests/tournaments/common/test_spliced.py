"""Answers with text compressed once (`tournaments.common.spliced`): the stored pieces are
copied into the gzip answer, never compressed again; other clients get the same text plain."""

from __future__ import annotations

import gzip

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory, override_settings
from django.urls import reverse

from tournaments.common.deflated import deflate
from tournaments.common.public_cache import public_page
from tournaments.common.spliced import SplicedResponse, render_spliced

pytestmark = pytest.mark.django_db

PAGE = "<h1>{{ title }}</h1><table>{{ rows }}</table>{% if form %}{% csrf_token %}{% endif %}"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "OPTIONS": {
            "loaders": [("django.template.loaders.locmem.Loader", {"seite.html": PAGE})],
        },
    }
]
ROWS = "<tr><td>Müller &amp; Söhne</td></tr>\n" * 500


def _get(path="/seite/", *, gzip_ok: bool, **params):
    headers = {"Accept-Encoding": "gzip, deflate, br"} if gzip_ok else {}
    request = RequestFactory().get(path, params, headers=headers)
    request.user = AnonymousUser()
    return request


@override_settings(TEMPLATES=TEMPLATES)
def test_gzip_clients_get_the_stored_piece_copied_others_the_plain_text():
    def answer(gzip_ok: bool):
        request = _get(gzip_ok=gzip_ok)
        return render_spliced(request, "seite.html", {"title": "Rangliste", "rows": deflate(ROWS)})

    packed, plain = answer(True), answer(False)

    assert plain.content.decode() == f"<h1>Rangliste</h1><table>{ROWS}</table>"
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert deflate(ROWS).data in packed.content  # copied, not compressed again
    assert packed["Vary"] == plain["Vary"] == "Accept-Encoding"


@override_settings(TEMPLATES=TEMPLATES)
def test_the_page_cache_stores_the_spliced_gzip_answer_as_it_is():
    renders = []

    @public_page(scope="all", uncached_params=("q",))
    def view(request):
        renders.append(1)
        context = {"title": "Rangliste", "rows": deflate(ROWS), "form": "form" in request.GET}
        return render_spliced(request, "seite.html", context)

    miss = view(_get(gzip_ok=True))
    hit = view(_get(gzip_ok=True))
    plain = view(_get(gzip_ok=False))
    search = view(_get(gzip_ok=True, q="mü"))

    assert (miss["X-Public-Cache"], hit["X-Public-Cache"], plain["X-Public-Cache"]) == (
        "miss",
        "hit",
        "hit",
    )
    assert isinstance(miss, SplicedResponse) and hit.content == miss.content
    assert gzip.decompress(hit.content) == plain.content
    assert plain.content.decode().endswith(f"<table>{ROWS}</table>")
    # an uncached search's answer is gzip already: not compressed a second time
    assert gzip.decompress(search.content) == plain.content
    assert len(renders) == 2


@override_settings(TEMPLATES=TEMPLATES)
def test_a_spliced_page_with_a_csrf_token_is_never_stored():
    renders = []

    @public_page(scope="all")
    def view(request):
        renders.append(1)
        return render_spliced(
            request, "seite.html", {"title": "Formular", "rows": deflate(ROWS), "form": True}
        )

    for _ in range(2):
        response = view(_get("/formular/", gzip_ok=True, form=1))
        assert b"csrfmiddlewaretoken" in gzip.decompress(response.content)
    assert len(renders) == 2


@override_settings(PUBLIC_CACHE_SECONDS=0)
def test_the_cold_standings_page_is_the_same_text_gzip_or_plain(client, finished):
    url = reverse("standings", args=[finished.pk])
    client.get(url)  # stores the standings

    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    plain = client.get(url)

    assert packed["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    text = gzip.decompress(packed.content).decode()
    assert text == plain.content.decode()
    assert text.count('<tr id="spieler-') == 16
