"""The rule set of a ranking year (SPEC §5; Klub 2.4, 10.1, 001 §22.7)."""

import pytest

from tournaments.domain.rules import RULES_2014, RULES_PRE_2014, ruleset_for_year
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
