"""The catalogues (issue 17): complete, compiled, kept without GNU gettext (config/catalogues)."""

import gettext
import io
import re
from collections import Counter

import pytest

from config import catalogues
from config.catalogues import Entry, compile_mo, extract, read_mo, read_po, translations, write_po

EN_PO = catalogues.LOCALE / "en" / "LC_MESSAGES" / "django.po"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


@pytest.fixture(scope="module")
def found():
    return extract()


@pytest.fixture(scope="module")
def english():
    return read_po(EN_PO.read_text(encoding="utf-8"))


def test_the_extractor_reads_templates_python_plurals_and_f_strings(found):
    assert ("", "Standings", "") in found  # {% translate %}
    assert ("", "Log out (%(name)s)", "") in found  # {% blocktranslate with %}
    assert ("", "%(n)s round", "%(n)s rounds") in found  # {% blocktranslate count %}
    assert ("", "Membership number", "") in found  # gettext_lazy in a model
    assert ("", "without rank", "") in found  # _() inside an f-string (xgettext misses it)
    assert "templates/base.html" in found[("", "Language", "")]  # where it stands


def test_every_msgid_has_an_english_translation(found, english):
    """A msgid added to a template or Python file needs its entry: run
    `python -m config.catalogues update`, translate, then `compile` (docs/development.md
    "Languages")."""
    _header, entries = english
    by_key = {e.key: e for e in entries}

    missing = sorted(key[1] for key in found if key not in by_key)
    untranslated = sorted(e.msgid for e in entries if e.key in found and not e.translated)

    assert missing == []
    assert untranslated == []


def test_the_catalogue_holds_no_entry_the_sources_dropped(found, english):
    _header, entries = english

    assert sorted(e.msgid for e in entries if e.key not in found) == []


def test_translations_keep_every_placeholder_and_tag(english):
    _header, entries = english
    broken = []
    for e in entries:
        pairs = [(e.msgid, e.msgstr[0])]
        if e.msgid_plural:
            pairs.append((e.msgid_plural, e.msgstr[1]))
        for source, target in pairs:
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(target)):
                broken.append(source)
            if sorted(re.findall(r"</?\w+>", source)) != sorted(re.findall(r"</?\w+>", target)):
                broken.append(source)
    assert broken == []
    assert all(len(e.msgstr) == 2 for e in entries if e.msgid_plural)


def test_no_two_german_texts_share_an_english_one(english):
    """The later switch to English msgids inverts this catalogue into the German one: two
    German texts with one English text would lose one of them."""
    _header, entries = english
    texts = Counter(tuple(e.msgstr) for e in entries)

    assert sorted(text for text, n in texts.items() if n > 1) == []


def test_the_committed_mo_is_current(english):
    """Compiled by `python -m config.catalogues compile` (or msgfmt: the same content)."""
    header, entries = english

    committed = read_mo(EN_PO.with_suffix(".mo").read_bytes())

    assert committed == translations(header, entries)


def test_the_po_file_is_in_the_tools_own_form(english):
    """`update` rewrites the file; a hand edit in another form would show up as noise."""
    header, entries = english

    assert write_po(header, entries) == EN_PO.read_text(encoding="utf-8")


def test_compiled_catalogues_read_like_msgfmt_output():
    po = "\n".join(
        [
            'msgid ""',
            'msgstr "Content-Type: text/plain; charset=UTF-8\\n"',
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
            "",
            'msgid "Tisch"',
            'msgstr "Table"',
            "",
            "#, fuzzy",
            'msgid "Runde"',
            'msgstr "Round"',
            "",
            'msgctxt "Karte"',
            'msgid "Rot"',
            'msgstr "Red"',
            "",
            'msgid "%(n)s Spiel"',
            'msgid_plural "%(n)s Spiele"',
            'msgstr[0] "%(n)s game"',
            'msgstr[1] "%(n)s games"',
            "",
            'msgid "Leer"',
            'msgstr ""',
            "",
            'msgid ""',
            '"Zwei\\n"',
            '"Zeilen „mit“ \\"Zeichen\\""',
            'msgstr "Two\\nlines"',
            "",
        ]
    )
    header, entries = read_po(po)

    compiled = gettext.GNUTranslations(io.BytesIO(compile_mo(translations(header, entries))))

    assert compiled.gettext("Tisch") == "Table"
    assert compiled.gettext("Runde") == "Runde"  # fuzzy: not compiled
    assert compiled.gettext("Leer") == "Leer"  # empty: not compiled
    assert compiled.pgettext("Karte", "Rot") == "Red"
    assert compiled.ngettext("%(n)s Spiel", "%(n)s Spiele", 1) == "%(n)s game"
    assert compiled.ngettext("%(n)s Spiel", "%(n)s Spiele", 3) == "%(n)s games"
    assert compiled.gettext('Zwei\nZeilen „mit“ "Zeichen"') == "Two\nlines"
    assert [e.translated for e in entries] == [True, False, True, True, False, True]


def test_update_adds_new_msgids_keeps_translations_and_drops_vanished_ones(tmp_path):
    po = tmp_path / "en" / "LC_MESSAGES" / "django.po"
    old = [
        Entry(msgid="Tisch", msgstr=["Table"], comments=["glossary"]),
        Entry(msgid="Weg", msgstr=["Gone"]),
    ]
    po.parent.mkdir(parents=True)
    po.write_text(write_po("Language: en\n", old), encoding="utf-8")
    found = {
        ("", "Tisch", ""): ["templates/a.html"],
        ("", "Neu %(n)s", ""): ["tournaments/b.py"],
        ("", "%(n)s Spiel", "%(n)s Spiele"): ["templates/c.html"],
    }

    assert catalogues.update(po, found) == (2, 1)

    header, entries = read_po(po.read_text(encoding="utf-8"))
    assert header == "Language: en\n"
    assert [(e.msgid, e.msgstr, e.references) for e in entries] == [
        ("%(n)s Spiel", ["", ""], ["templates/c.html"]),
        ("Neu %(n)s", [""], ["tournaments/b.py"]),
        ("Tisch", ["Table"], ["templates/a.html"]),
    ]
    assert entries[1].flags == {"python-format"} and entries[2].comments == ["glossary"]
