"""The rule set of a ranking year (SPEC §5; Klub 2.4, 10.1, 001 §22.7)."""

import pytest

from tournaments.domain.rules import (
    RULES_2014,
    RULES_HOUSE,
    RULES_PRE_2014,
    RuleSet,
    ruleset_for_year,
)
from tournaments.enums import RuleSetCode


@pytest.mark.parametrize(
    ("rule", "year", "expected", "stored"),
    [
        ("001 §22.7 (before 10.1)", 2008, RULES_PRE_2014, "pre2014"),
        ("001 §22.7 (before 10.1)", 2013, RULES_PRE_2014, "pre2014"),
        ("Klub 10.1, new from 2014", 2014, RULES_2014, "2014"),
        ("Klub 10.1", 2026, RULES_2014, "2014"),
    ],
)
def test_ruleset_for_year_and_its_stored_code(rule, year, expected, stored):
    assert ruleset_for_year(year) is expected, rule
    assert RuleSetCode.for_year(year) == stored, rule


@pytest.mark.parametrize(
    ("rule", "ruleset", "chain", "english", "label"),
    [
        (
            "Klub 10.1",
            RULES_2014,
            ("placement_points", "game_points", "placings", "minus_points"),
            ("placement points", "game points", "better placings", "fewer minus points"),
            "Platzierungspunkte, Spielpunkte, bessere Platzierungen, weniger Minuspunkte",
        ),
        (
            "001 §22.7, 000 §14.7",
            RULES_PRE_2014,
            ("games_won", "game_points"),
            ("games won", "game points"),
            "gewonnene Spiele, Spielpunkte",
        ),
        (
            "000 §5A",
            RULES_HOUSE,
            ("placement_points", "game_points"),
            ("placement points", "game points"),
            "Platzierungspunkte, Spielpunkte",
        ),
    ],
)
def test_each_rule_set_names_its_own_chain(rule, ruleset, chain, english, label):
    """The core names the keys by English msgids; the site shows them in German by default."""
    from django.utils import translation

    assert (ruleset.chain, ruleset.chain_labels) == (chain, english), rule
    with translation.override("de"):
        assert ", ".join(translation.gettext(k) for k in ruleset.chain_labels) == label, rule


def test_a_chain_with_an_unknown_key_is_a_programming_error():
    with pytest.raises(ValueError, match="Unknown ranking keys"):
        RuleSet(code="x", label="x", chain=("games_lost",), joker_value=30)
