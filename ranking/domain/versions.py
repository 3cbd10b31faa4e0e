"""Ranking rule versions per ranking year (SPEC §9; Klub 2.4: a change applies from the next
year). Which tournament rule set a year scores by is `tournaments.domain.rules.ruleset_for_year`;
the versions here start where its rule sets start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from tournaments.domain.rules import (
    FIRST_YEAR_OF_2014_RULES,
    RULES_2014,
    RULES_PRE_2014,
    RuleSet,
)
from tournaments.domain.text import N_


@dataclass(frozen=True, slots=True)
class RankingRules:
    """One version of the ranking rules; it applies from ``first_year`` on."""

    version: str
    first_year: int
    ruleset: RuleSet
    description: str


RULE_VERSIONS: tuple[RankingRules, ...] = (
    RankingRules(
        version="R2008",
        first_year=2008,
        ruleset=RULES_PRE_2014,
        description=N_("Games won, then game points (rules before 2014, 001 §22.7)."),
    ),
    RankingRules(
        version="R2014",
        first_year=FIRST_YEAR_OF_2014_RULES,
        ruleset=RULES_2014,
        description=N_(
            "Placement points, game points, better placings, fewer minus points (Klub 10.1, "
            "since 2014)."
        ),
    ),
)


def first_year_for_change(decided_on: date) -> int:
    """Klub 2.4: a rule change takes effect in the next ranking year, never the running one."""
    return decided_on.year + 1


def check_registry(versions: Sequence[RankingRules]) -> None:
    """Versions must have distinct codes and strictly increasing first years."""
    years = [v.first_year for v in versions]
    if years != sorted(set(years)) or len(years) != len(versions):
        raise ValueError("Rule versions need increasing, distinct first years.")
    codes = [v.version for v in versions]
    if len(set(codes)) != len(codes):
        raise ValueError("Rule versions need distinct codes.")


def add_rule_version(
    versions: Sequence[RankingRules],
    *,
    version: str,
    ruleset: RuleSet,
    description: str,
    decided_on: date,
) -> tuple[RankingRules, ...]:
    """A new registry with a change decided on ``decided_on``; it applies from the next year."""
    new = RankingRules(
        version=version,
        first_year=first_year_for_change(decided_on),
        ruleset=ruleset,
        description=description,
    )
    if versions and new.first_year <= versions[-1].first_year:
        raise ValueError(
            f"{versions[-1].version} already applies to {new.first_year}; a change takes effect "
            "only in the following ranking year (Klub 2.4)."
        )
    result = (*versions, new)
    check_registry(result)
    return result


def rules_for_year(year: int, versions: Sequence[RankingRules] = RULE_VERSIONS) -> RankingRules:
    """The version in force in a ranking year: the newest whose first year is not later."""
    fitting = [v for v in versions if v.first_year <= year]
    if not fitting:
        # The site keeps no older rules; the oldest version stands for anything before it.
        return versions[0]
    return max(fitting, key=lambda v: v.first_year)
