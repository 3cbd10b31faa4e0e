"""Rule sets a tournament can be scored by (SPEC §5, with the bounds of §4).

Rules: Klub 2.4 (a tournament is scored by the rule set of its ranking year: rule changes take
effect in the next ranking year), 10.1 (new from 2014: four keys), 14.1 (joker 30), 001 §22.7 and
000 §14.7 (before 2014: games won, then points; our reading: keys 1 and 2 of the chain), house
format 000 §5A (keys 1 and 2).
"""

from __future__ import annotations

from dataclasses import dataclass

# The 106 tiles (2 x 1-13 in four colours, 2 jokers at 30) are worth 788 together (SPEC §4).
TILE_SET_VALUE = 788


@dataclass(frozen=True, slots=True)
class RuleSet:
    """How games are checked and standings ordered under one edition of the rules."""

    code: str
    label: str
    tiebreak_keys: int
    joker_value: int
    max_minus: int = TILE_SET_VALUE
    max_plus: int = 3 * TILE_SET_VALUE


RULES_2014 = RuleSet(
    code="2014",
    label="Klub-Regeln 2014 (vier Wertungskriterien)",
    tiebreak_keys=4,
    joker_value=30,
)
"""Klub 10.1 (in force since 01.01.2014): placement points, game points, placings, minus points."""

RULES_PRE_2014 = RuleSet(
    code="pre2014",
    label="Vor 2014 / Hausformat (zwei Wertungskriterien)",
    tiebreak_keys=2,
    joker_value=30,
)
"""Before 2014 and house format 000 §5A: placement points, then game points only.

The joker counts 30 since 01.01.2008 (Klub 14.1); the site has no rule set for older tournaments.
"""

RULESETS: dict[str, RuleSet] = {r.code: r for r in (RULES_2014, RULES_PRE_2014)}

FIRST_YEAR_OF_2014_RULES = 2014


def ruleset_for_year(year: int) -> RuleSet:
    """The rule set of a ranking year: the 2014 rules from 2014 on, the older ones before."""
    return RULES_2014 if year >= FIRST_YEAR_OF_2014_RULES else RULES_PRE_2014


def get_ruleset(code: str) -> RuleSet:
    """Look a rule set up by its stored code; unknown codes are a programming error."""
    try:
        return RULESETS[code]
    except KeyError:
        raise ValueError(f"Unbekanntes Regelwerk: {code!r}") from None
