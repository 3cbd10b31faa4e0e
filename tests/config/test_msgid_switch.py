"""The planned switch to English msgids is a program (config/msgid_switch.py, issue 17)."""

import gettext
import io

from config import catalogues
from config.catalogues import Entry, compile_mo, translations
from config.msgid_switch import switch_python, switch_template, switched_catalogues

MAPPING = {
    ("", "Rangliste", ""): ["Standings"],
    ("", "Gast", ""): ["Guest"],
    ("", "Nur bei „Anderer Grund“ nötig.", ""): ["Only needed for “Other reason”."],
    ("", "Runde %(n)s", ""): ["Round %(n)s"],
    ("", "%(n)s Runde", "%(n)s Runden"): ["%(n)s round", "%(n)s rounds"],
    ("", "100 %% sicher", ""): ["100 %% sure"],  # Django doubles a % in a block
    ("", "Sag 'ja'", ""): ['Say "yes"'],
    ("", "ohne Rang", ""): ["without rank"],
    ("", "Ein langer Satz, der über zwei Zeilen geht.", ""): ["A long sentence on two lines."],
}


def test_templates_get_the_english_texts():
    source = (
        '{% translate "Rangliste" %} {% translate "Rangliste" as title %} '
        "{% translate 'Sag \\'ja\\'' %} {{ x|default:_(\"Gast\") }} "
        "{% blocktranslate with n=r.number %}Runde {{ n }}{% endblocktranslate %} "
        "{% blocktranslate count n=c %}{{ n }} Runde{% plural %}{{ n }} Runden"
        "{% endblocktranslate %} {% blocktranslate %}100 % sicher{% endblocktranslate %} "
        '{% translate "Unbekannt" %}'
    )
    misses = []

    switched = switch_template(source, MAPPING, misses)

    assert switched == (
        '{% translate "Standings" %} {% translate "Standings" as title %} '
        '{% translate \'Say "yes"\' %} {{ x|default:_("Guest") }} '
        "{% blocktranslate with n=r.number %}Round {{ n }}{% endblocktranslate %} "
        "{% blocktranslate count n=c %}{{ n }} round{% plural %}{{ n }} rounds"
        "{% endblocktranslate %} {% blocktranslate %}100 % sure{% endblocktranslate %} "
        '{% translate "Unbekannt" %}'
    )
    assert misses == ["Unbekannt"]  # not in the catalogue: by hand


def test_python_gets_the_english_texts_also_in_f_strings_and_split_literals():
    source = (
        "from django.utils.translation import gettext as _, ngettext\n"
        'A = _("Rangliste")\n'
        "B = f'<span>{escape(_(\"ohne Rang\"))}</span>'\n"
        'C = ngettext("%(n)s Runde", "%(n)s Runden", 3)\n'
        'D = _(\n    "Ein langer Satz, "\n    "der über zwei Zeilen geht."\n)\n'
        'E = _("Nur bei „Anderer Grund“ nötig.")\n'
    )
    misses = []

    switched = switch_python(source, MAPPING, misses)

    assert switched == (
        "from django.utils.translation import gettext as _, ngettext\n"
        'A = _("Standings")\n'
        "B = f'<span>{escape(_(\"without rank\"))}</span>'\n"
        'C = ngettext("%(n)s round", "%(n)s rounds", 3)\n'
        'D = _(\n    "A long sentence on two lines."\n)\n'
        'E = _("Only needed for “Other reason”.")\n'
    )
    assert misses == []


def test_the_german_catalogue_gives_back_every_german_text():
    rounds = ["%(n)s round", "%(n)s rounds"]
    entries = [
        Entry(msgid="Rangliste", msgstr=["Standings"]),
        Entry(msgid="%(n)s Runde", msgid_plural="%(n)s Runden", msgstr=rounds),
    ]

    german, english = switched_catalogues(entries)

    de = gettext.GNUTranslations(io.BytesIO(compile_mo(translations("", german))))
    assert de.gettext("Standings") == "Rangliste"
    assert de.ngettext("%(n)s round", "%(n)s rounds", 1) == "%(n)s Runde"
    assert de.ngettext("%(n)s round", "%(n)s rounds", 2) == "%(n)s Runden"
    assert [(e.msgid, e.msgstr) for e in english] == [
        ("Standings", ["Standings"]),
        ("%(n)s round", ["%(n)s round", "%(n)s rounds"]),
    ]


def test_every_marked_text_of_the_project_can_be_switched_by_the_program():
    """Nothing for a hand edit but the entries whose comment asks for one."""
    _header, entries = catalogues.read_po(
        (catalogues.LOCALE / "en" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    )
    mapping = {e.key: e.msgstr for e in entries}
    misses = []
    for folder in catalogues.SOURCES:
        for path in sorted((catalogues.ROOT / folder).rglob("*")):
            if path.suffix not in (".html", ".txt", ".py") or "migrations" in path.parts:
                continue
            source = path.read_text(encoding="utf-8")
            if path.suffix == ".py":
                switch_python(source, mapping, misses)
            else:
                switch_template(source, mapping, misses)

    assert misses == []
