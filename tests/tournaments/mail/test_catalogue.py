"""The catalogue of the site's e-mails (issue 26): every kind, its template pair, its sample
rendered in German and English. The renderings are written to test-artifacts/mail/ for a human
to read (`<kind>.<language>.txt`: subject, text, HTML)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from config.catalogues import _template_keys
from tournaments.mail import kinds
from tournaments.mail.render import mail_render

ROOT = Path(__file__).resolve().parents[3]
TEMPLATES = ROOT / "templates"
ARTIFACTS = ROOT / "test-artifacts" / "mail"
LANGUAGES = ("de", "en")
KINDS = kinds.registered()
NAMES = [kind.name for kind in KINDS]
#: every mail the site sends; a new kind is added here on purpose
EVERY_KIND = [
    "account_exists",
    "account_invitation",
    "account_open",
    "appeal_decision",
    "entry_accepted",
    "entry_declined",
    "entry_waiting",
    "password_reset",
    "result_correction",
    "your_table",
]
USED = re.compile(r"""{%\s*(?:include|extends)\s+["'](mail/[^"']+)["']""")


def test_every_kind_is_registered():
    assert NAMES == EVERY_KIND


def test_each_kind_has_its_template_pair_and_no_template_is_without_a_kind():
    """Partials (a name starting with "_") are shared parts, not mails."""
    on_disk = {p.name for p in (TEMPLATES / "mail").iterdir() if not p.name.startswith("_")}
    assert on_disk == {f"{name}.{ext}" for name in NAMES for ext in ("txt", "html")}


def _sources(name: str) -> dict[str, str]:
    """The kind's templates and every partial they include or extend, by path."""
    found: dict[str, str] = {}
    todo = [f"mail/{name}.txt", f"mail/{name}.html"]
    while todo:
        template = todo.pop()
        if template in found:
            continue
        found[template] = (TEMPLATES / template).read_text(encoding="utf-8")
        todo += USED.findall(found[template])
    return found


@pytest.mark.parametrize("kind", KINDS, ids=NAMES)
def test_the_sample_renders_in_both_languages(kind):
    json.dumps(kind.sample)  # what the outbox stores: plain JSON values
    rendered = {
        language: mail_render(kind=kind.name, language=language, context=kind.sample)
        for language in LANGUAGES
    }
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for language, mail in rendered.items():
        assert mail.subject and "\n" not in mail.subject
        assert mail.body.strip() and mail.body.endswith("\n") and not mail.body.startswith("\n")
        assert f'<html lang="{language}">' in mail.html and mail.html.count("<p>") >= 2
        (ARTIFACTS / f"{kind.name}.{language}.txt").write_text(
            f"Subject: {mail.subject}\n\n{mail.body}\n----- HTML -----\n{mail.html}",
            encoding="utf-8",
        )
    german, english = rendered["de"], rendered["en"]
    assert (german.subject, german.body, german.html) != (
        english.subject,
        english.body,
        english.html,
    )
    assert german.subject != english.subject and german.body != english.body
    # no English line reaches the German mail, except the sample's own values (names, links)
    values = {str(value) for value in kind.sample.values()} | {"", "--"}
    german_lines = set(german.body.splitlines())
    leaked = [
        line
        for line in english.body.splitlines()
        if line.strip() not in values and line in german_lines
    ]
    assert leaked == []


@pytest.mark.parametrize("kind", KINDS, ids=NAMES)
def test_every_text_of_its_templates_has_a_german_translation(kind):
    untranslated = []
    with translation.override("de"):
        for path, source in _sources(kind.name).items():
            for context, msgid, _plural in _template_keys(source, path):
                german = (
                    translation.pgettext(context, msgid) if context else translation.gettext(msgid)
                )
                if german == msgid:
                    untranslated.append(f"{path}: {msgid!r}")
    assert untranslated == []
