"""The installable app (issue 34): the worker at the root with its version and lists filled in
(valid JSON, no placeholder left), a new version when a static file changes; the manifest in
the page's language with the audience's start page."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from tournaments.webapp import shell

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_at_the_root_filled_in(client: Client):
    answer = client.get("/sw.js")
    script = answer.content.decode()
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert (answer["Cache-Control"], answer["Service-Worker-Allowed"]) == ("no-cache", "/")
    assert re.search(r"__[A-Z_]+__", script) is None
    assert f'var VERSION = "{shell.app_version()}";' in script
    shell_files = json.loads(re.search(r"var SHELL = (\[.*?\]);", script).group(1))
    assert shell_files[-1] == "/offline/" and "/static/css/site.css" in shell_files
    for url in shell_files[:-1]:
        assert finders.find(url.removeprefix("/static/")), url
    assert client.get("/offline/").status_code == 200
    pages = json.loads(re.search(r"var PAGES = (\[.*?\]);", script).group(1))
    cached = [p for p in ("/turniere/3/runden/2/namen/", "/turniere/3/rangliste/",
                          "/turniere/3/saal/", "/leitung/", "/orgatisch/",
                          "/ranking/mein-bereich/daten/", "/turniere/3/rangliste.csv")
              if any(re.search(pattern, p) for pattern in pages)]  # fmt: skip
    assert cached == ["/turniere/3/runden/2/namen/", "/turniere/3/rangliste/", "/turniere/3/saal/"]
    assert 'var FORGET_ON = ["/konto/abmelden/", "/konto/anmelden/"];' in script


def test_a_changed_static_file_gives_a_new_version(tmp_path, settings):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "sw.js").write_text('var VERSION = "__VERSION__";', encoding="utf-8")
    settings.STATICFILES_DIRS = [tmp_path]
    shell.app_version.cache_clear()
    try:
        first = shell.app_version()
        (tmp_path / "site.css").write_text("body { color: red; }", encoding="utf-8")
        shell.app_version.cache_clear()
        assert shell.app_version() != first
    finally:
        shell.app_version.cache_clear()
        shell.worker_script.cache_clear()


def test_the_manifest_speaks_the_pages_language_and_opens_the_audiences_page(client: Client):
    german = client.get("/manifest.webmanifest?sprache=de&fuer=schiedsrichter")
    assert german["Content-Type"] == "application/manifest+json"
    data = german.json()
    assert (data["name"], data["lang"], data["start_url"], data["scope"]) == (
        "DRV Turniere",
        "de",
        "/schiedsrichter/",
        "/",
    )
    assert [(i["sizes"], i["purpose"]) for i in data["icons"]] == [
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    ]
    english = client.get("/manifest.webmanifest?sprache=en&fuer=unbekannt").json()
    assert (english["name"], english["start_url"]) == ("DRV Tournaments", "/")


def test_every_page_names_the_manifest_and_the_worker(client: Client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest?sprache=de">' in page
    assert '<meta name="drv-service-worker" content="/sw.js">' in page
    assert "data-offline-note hidden" in page
    assert "<time data-offline-time>--:--</time>" in page
