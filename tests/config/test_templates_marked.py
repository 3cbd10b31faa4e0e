"""Every text a template shows is marked for translation (issue 17), without rendering anything.

Each template under templates/ (pages, partials, e-mails) is split by Django's own Lexer. What is
left of its text once ``{% translate %}``/``{% blocktranslate %}`` contents, template comments,
blocks that never reach the screen, HTML tags, ``<script>``/``<style>``, HTML comments and
entities are taken out must hold no word. The attributes a person reads or hears (alt, title,
aria-label, placeholder) are checked the same way, and so are text literals handed to filters
(``yesno:"ja,nein"``, ``default:"keine"``). A few non-words that look like words are allowed,
each with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import loader
from django.template.base import Lexer, TokenType
from django.utils import translation

TEMPLATES = Path(settings.BASE_DIR) / "templates"
TAG = "\x00"  # stands for a template tag or variable in the text that is left
ATTRIBUTES = ("alt", "title", "aria-label", "aria-description", "placeholder")
#: blocks whose content is markup, never text (a CSS class of the page's body)
HIDDEN_BLOCKS = {"body_class"}
ALLOWED_WORDS = {
    "DRV": "the federation's short name, the brand in the page header",
    "Rummikub": "the game's name, the same in every language",
    "Σ": "the sum sign heading the checksum column; its title is translated",
}
ALLOWED_PATTERNS = {
    r"\(Klub \d+(\.\d+)*\)": "a rule reference: Klub is the rule book's name in every language",
}
ALLOWED_LITERALS = {
    "x": "the test id of a difference without a seat (data-testid, not shown)",
}
WORD = re.compile(r"[^\W\d_]+")
LITERAL = re.compile(r"""(_\()?("[^"]*"|'[^']*')""")
MACHINE_FORMATS = re.compile(r"^(c|U|[A-Z_]+_FORMAT)$")  # date:"c", date:"SHORT_DATE_FORMAT"


def _text_and_literals(source: str) -> tuple[str, list[str]]:
    """The template's own text (tags and variables as TAG) and the unmarked string literals
    of its variables."""
    text, literals = [], []
    translating = commented = False
    hidden_depth = 0
    for token in Lexer(source).tokenize():
        words = token.contents.split()
        name = words[0] if words else ""
        if token.token_type == TokenType.BLOCK:
            if name in ("blocktranslate", "blocktrans"):
                translating = True
            elif name in ("endblocktranslate", "endblocktrans"):
                translating = False
            elif name == "comment":
                commented = True
            elif name == "endcomment":
                commented = False
            elif name == "block" and (hidden_depth or words[1:2] and words[1] in HIDDEN_BLOCKS):
                hidden_depth += 1
            elif name == "endblock" and hidden_depth:
                hidden_depth -= 1
            text.append(TAG)
        elif token.token_type == TokenType.VAR:
            literals += [
                value[1:-1] for marked, value in LITERAL.findall(token.contents) if not marked
            ]
            text.append(TAG)
        elif token.token_type == TokenType.TEXT:
            hidden = translating or commented or hidden_depth
            text.append(TAG if hidden else token.contents)
    return "".join(text), literals


def _words(text: str) -> list[str]:
    for pattern in ALLOWED_PATTERNS:
        text = re.sub(pattern, " ", text)
    return [w for w in WORD.findall(text.replace(TAG, " ")) if w not in ALLOWED_WORDS]


def unmarked(source: str) -> list[str]:
    """The words of ``source`` a visitor would see untranslated."""
    text, literals = _text_and_literals(source)
    found = []
    attribute = re.compile(r"\b(" + "|".join(ATTRIBUTES) + r""")\s*=\s*("[^"]*"|'[^']*')""")
    for name, value in attribute.findall(text):
        found += [f"{name}: {w}" for w in _words(value[1:-1])]
    text = re.sub(r"<script\b.*?</script>|<style\b.*?</style>|<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"&#?\w+;", " ", text)
    found += _words(text)
    for literal in literals:
        if literal in ALLOWED_LITERALS or MACHINE_FORMATS.match(literal):
            continue
        found += [f"literal: {w}" for w in _words(literal)]
    return found


def template_files() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.suffix in (".html", ".txt"))


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_every_visible_text_is_marked(path):
    assert unmarked(path.read_text(encoding="utf-8")) == []


def test_templates_are_found():
    names = {str(p.relative_to(TEMPLATES)) for p in template_files()}
    assert {"base.html", "errors/404.html", "mail/password_reset.txt"} <= names


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("<p>Hallo</p>", ["Hallo"]),
        ('{% load i18n %}<p>{% translate "Hello" %} Welt</p>', ["Welt"]),
        ("{% block title %}{{ name }} bearbeiten{% endblock %}", ["bearbeiten"]),
        ('<img src="x.png" alt="Logo">', ["alt: Logo"]),
        ("<a title='Zur Startseite' href=\"/\">{{ x }}</a>", ["title: Zur", "title: Startseite"]),
        ('<input placeholder="Name">', ["placeholder: Name"]),
        ('<button aria-label="Schließen">×</button>', ["aria-label: Schließen"]),
        ('{{ x|yesno:"ja,nein" }}', ["literal: ja", "literal: nein"]),
        ("{% partialdef row %}<td>Gast</td>{% endpartialdef %}", ["Gast"]),
        ("{% if x %}Hallo{% endif %}", ["Hallo"]),
        ("{% translate 'Hello' %}\n\nBitte klicken.\n", ["Bitte", "klicken"]),
    ],
)
def test_the_check_finds_unmarked_text(source, words):
    assert unmarked(source) == words


@pytest.mark.parametrize(
    "source",
    [
        '{% load i18n %}<p>{% translate "Hello" %}</p>',
        "{% load i18n %}<p>{% blocktranslate with n=x %}Round {{ n }}{% endblocktranslate %}</p>",
        '{% load i18n %}<img alt="{% translate "Logo" %}" src="x.png">',
        "{# Ein Kommentar #}{% comment %}Noch einer{% endcomment %}<!-- und ein HTML-Kommentar -->",
        "<script>const text = 'nicht sichtbar';</script><style>.a { color: red }</style>",
        '{% block body_class %}table-side{% endblock %}<p class="lead">12 · 3 – 4 &nbsp;</p>',
        '<a class="brand">DRV</a> (Klub 6.1) <th title="{% translate "Checksum" %}">Σ</th>',
        '{{ d|date:"SHORT_DATE_FORMAT" }} {{ d|date:"c" }} {{ x|default:_("Guest") }}',
    ],
)
def test_marked_text_markup_and_allowed_words_pass(source):
    assert unmarked(source) == []


def test_every_page_document_names_the_active_language():
    """`<html lang>` follows the language on every document, not only on base.html (the hall
    display and the 500 page have their own; an e-mail, rendered without a request, names the
    language it is rendered in)."""
    documents = [p for p in template_files() if "<html" in p.read_text(encoding="utf-8")]

    assert {str(p.relative_to(TEMPLATES)) for p in documents} == {
        "base.html",
        "errors/500.html",
        "tournaments/public/hall.html",
        "mail/_base.html",
    }
    for path in documents:
        text = path.read_text(encoding="utf-8")
        if path.parts[-2] == "mail":
            assert "{% get_current_language as language %}" in text
            assert '<html lang="{{ language }}">' in text
        else:
            assert '<html lang="{{ LANGUAGE_CODE }}">' in text, path


def test_the_500_page_in_both_languages():
    with translation.override("en"):
        english = loader.render_to_string("errors/500.html")
    with translation.override("de"):
        german = loader.render_to_string("errors/500.html")

    assert '<html lang="en">' in english and "<h1>An error has occurred</h1>" in english
    assert '<html lang="de">' in german and "<h1>Ein Fehler ist aufgetreten</h1>" in german
