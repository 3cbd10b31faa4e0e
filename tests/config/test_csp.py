"""The site-wide Content-Security-Policy: on every response, and no template needs an exception."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.support.builders import simulate_tournament

ROOT = Path(__file__).resolve().parents[2]
POLICY = settings.CONTENT_SECURITY_POLICY


def test_policy_allows_only_own_scripts_and_styles():
    directives = dict(part.split(" ", 1) for part in POLICY.split("; "))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in POLICY


@pytest.mark.django_db
def test_every_kind_of_page_carries_the_policy(client, admin_user):
    tournament = simulate_tournament("--players", "8", "--seed", "2", "--stop-after", "1")
    standings = reverse("standings", args=[tournament.pk])
    responses = {
        "start": client.get(reverse("home")),
        "public": client.get(standings),
        "public, from the cache": client.get(standings),
        "htmx part": client.get(
            standings + "?q=a", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="standings-table"
        ),  # fmt: skip
        "csv": client.get(reverse("standings_csv", args=[tournament.pk])),
        "404": client.get("/gibt-es-nicht/"),
        "login": client.get(reverse("login")),
        "api": client.get("/api/v1/tournaments/"),
    }
    client.force_login(admin_user)
    responses["admin"] = client.get("/admin/")
    responses["staff"] = client.get(reverse("director:home"))
    assert {name: r["Content-Security-Policy"] for name, r in responses.items()} == dict.fromkeys(
        responses, POLICY
    )


def test_debug_pages_of_django_are_left_alone(client, settings, db):
    settings.DEBUG = True  # Django's technical 404 page has inline script and style
    assert "Content-Security-Policy" not in client.get("/gibt-es-nicht/")


TEMPLATE_HOLES = {
    "inline event handler": re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE),
    "inline script": re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.IGNORECASE),
    "style attribute": re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE),
    "style element": re.compile(r"<style[\s>]", re.IGNORECASE),
    "javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
}


def test_no_template_has_inline_script_or_style():
    """The policy would block them in the browser; all behaviour lives in static/js/. E-mails
    (templates/mail/) are read in mail programs, not under the site's policy: they style inline."""
    found = [
        f"{path.relative_to(ROOT)}: {hole}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        if "mail" not in path.relative_to(ROOT / "templates").parts[:1]
        for hole, pattern in TEMPLATE_HOLES.items()
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_htmx_needs_no_eval_and_injects_no_style():
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    hall = (ROOT / "templates" / "tournaments" / "public" / "hall.html").read_text("utf-8")
    config = """content='{"includeIndicatorStyles": false, "allowEval": false,"""
    assert config in base and config in hall
