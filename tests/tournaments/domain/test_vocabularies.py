"""One vocabulary: the stored choices take values and labels from the domain (SPEC §1, §5, §7).

The stored values are pinned: changing one would need a data migration.
"""

from django.utils import translation

from tournaments.domain import formats, referees, rules
from tournaments.enums import Category, RuleSetCode, WarningKind


def test_category_choices_are_the_domain_categories():
    assert Category.choices == [
        ("beginners", "Einsteiger-Turnier"),
        ("city", "Stadtmeisterschaft"),
        ("national", "Deutsche Meisterschaft"),
        ("special", "Sonderturnier"),
    ]
    with translation.override("en"):  # the domain holds the English msgids
        assert Category.choices == [(c.value, c.label) for c in formats.Category]


def test_warning_kind_choices_are_the_domain_kinds():
    assert WarningKind.choices == [
        ("unofficial", "Inoffizielle Verwarnung"),
        ("yellow", "Gelbe Karte"),
        ("red", "Rote Karte"),
    ]
    with translation.override("en"):
        assert WarningKind.choices == [(k.value, k.label) for k in referees.WarningKind]


def test_rule_set_choices_are_the_domain_rule_sets():
    assert RuleSetCode.choices == [
        ("2014", "Klub-Regeln 2014 (vier Wertungskriterien)"),
        ("pre2014", "Regeln vor 2014 (gewonnene Spiele, dann Spielpunkte)"),
        ("house", "Hausformat 000 (Platzierungspunkte, dann Spielpunkte)"),
    ]
    with translation.override("en"):
        assert RuleSetCode.choices == [(r.code, r.label) for r in rules.RULESETS.values()]
