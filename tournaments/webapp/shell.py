"""The installable app (issue 34): the web app manifest and the service worker's source.

The service worker is static/js/sw.js, served at /sw.js (its scope must cover every page it
caches) with its version and lists filled in. The version is a hash of our static files (and
`APP_RELEASE` when set), so every release that changes a file changes the worker's bytes: the
browser installs the new one, which takes over at once and drops the old shell.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _

WORKER_SOURCE = "js/sw.js"
SHELL_FILES = (
    "css/site.css",
    "css/print.css",
    "js/site.js",
    "vendor/htmx/htmx.min.js",
    "img/favicon.svg",
    "img/icon-192.png",
)
#: the player's own public pages, cached network first (paths as regular expressions)
CACHED_PAGES = (
    r"^/$",
    r"^/turniere/\d+/$",
    r"^/turniere/\d+/runden/\d+/namen/$",
    r"^/turniere/\d+/runden/\d+/tische/$",
    r"^/turniere/\d+/runden/\d+/ergebnisse/$",
    r"^/turniere/\d+/rangliste/$",
    r"^/turniere/\d+/saal/$",
)
#: where the app opens, per audience (`?fuer=` of the manifest's address)
START = {
    "spieler": "ranking:my_area",
    "schiedsrichter": "referee_home",
    "orgatisch": "desk_home",
    "leitung": "director:home",
}
ICONS = (
    ("img/icon-192.png", "192x192", "any"),
    ("img/icon-512.png", "512x512", "any"),
    ("img/icon-maskable-512.png", "512x512", "maskable"),
)


def _static_dirs() -> list[Path]:
    return [Path(folder) for folder in settings.STATICFILES_DIRS]


@lru_cache(maxsize=1)
def app_version() -> str:
    """A hash over our static files (names and bytes) and the release name: it changes with
    every release that changes what the shell caches or what the worker does."""
    digest = hashlib.sha256(os.environ.get("APP_RELEASE", "").encode())
    for folder in _static_dirs():
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _source() -> str:
    for folder in _static_dirs():
        path = folder / WORKER_SOURCE
        if path.exists():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(WORKER_SOURCE)


@lru_cache(maxsize=1)
def worker_script() -> str:
    """static/js/sw.js with its placeholders filled (JSON, so no value can break the script)."""
    values = {
        "__VERSION__": app_version(),
        "__SHELL__": json.dumps([static(name) for name in SHELL_FILES] + [reverse("offline")]),
        "__OFFLINE__": reverse("offline"),
        "__STATIC__": static(""),
        "__ICON__": static("img/icon-192.png"),
        "__PAGES__": json.dumps(list(CACHED_PAGES)),
        "__FORGET_ON__": json.dumps([reverse("logout"), reverse("login")]),
    }
    script = _source()
    for placeholder, value in values.items():
        script = script.replace(placeholder, value)
    return script


def manifest(audience: str, language: str) -> dict:
    """The web app manifest in the page's language; `audience` picks where the app opens."""
    start = reverse(START[audience]) if audience in START else reverse("home")
    return {
        "id": "/",
        "name": _("DRV Tournaments"),
        "short_name": "DRV",
        "description": _(
            "Tournaments of the German Rummikub Federation: my table, standings, notifications."
        ),
        "lang": language,
        "dir": "ltr",
        "start_url": start,
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b5cab",
        "icons": [
            {"src": static(src), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for src, sizes, purpose in ICONS
        ],
    }
