"""Rule sets a tournament can be scored by (SPEC §5, with the bounds of §4).

Rules: Klub 2.4 (a tournament is scored by the rule set of its ranking year: rule changes take
effect in the next ranking year), 10.1 (new from 2014: four keys), 14.1 (joker 30), 001 §22.7 and
000 §14.7 (before 2014: "finishing a game always ranks above points", so games won, then game
points; our reading, SPEC §5), house format 000 §5A (placement points, then game points).

Each rule set names its own chain of keys (``RuleSet.chain``); `domain.standings.sort_key` turns
a player's figures into that chain, for the standings and the ranking alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.text import N_

# The 106 tiles (2 x 1-13 in four colours, 2 jokers at 30) are worth 788 together (SPEC §4).
TILE_SET_VALUE = 788

PLACEMENT_POINTS = "placement_points"
GAME_POINTS = "game_points"
PLACINGS = "placings"
MINUS_POINTS = "minus_points"
GAMES_WON = "games_won"

KEY_LABELS: dict[str, str] = {
    PLACEMENT_POINTS: N_("placement points"),
    GAME_POINTS: N_("game points"),
    PLACINGS: N_("better placings"),
    MINUS_POINTS: N_("fewer minus points"),
    GAMES_WON: N_("games won"),
}
"""The keys a chain may use (English msgids); `domain.standings.sort_key` computes each one."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """How games are checked and standings ordered under one edition of the rules."""

    code: str
    label: str
    chain: tuple[str, ...]
    joker_value: int
    max_minus: int = TILE_SET_VALUE
    max_plus: int = 3 * TILE_SET_VALUE

    def __post_init__(self) -> None:
        unknown = [key for key in self.chain if key not in KEY_LABELS]
        if unknown or not self.chain:
            raise ValueError(f"Unknown ranking keys: {unknown}")

    @property
    def chain_labels(self) -> tuple[str, ...]:
        """The chain's msgids, e.g. ("placement points", "game points"); the site translates
        each one."""
        return tuple(KEY_LABELS[key] for key in self.chain)


RULES_2014 = RuleSet(
    code="2014",
    label=N_("Club rules 2014 (four ranking keys)"),
    chain=(PLACEMENT_POINTS, GAME_POINTS, PLACINGS, MINUS_POINTS),
    joker_value=30,
)
"""Klub 10.1 (in force since 01.01.2014): placement points, game points, placings, minus points."""

RULES_PRE_2014 = RuleSet(
    code="pre2014",
    label=N_("Rules before 2014 (games won, then game points)"),
    chain=(GAMES_WON, GAME_POINTS),
    joker_value=30,
)
"""Before 2014, 001 §22.7 (000 §14.7): games won (1st places), then game points; our reading.

The joker counts 30 since 01.01.2008 (Klub 14.1); the site has no rule set for older tournaments.
"""

RULES_HOUSE = RuleSet(
    code="house",
    label=N_("House format 000 (placement points, then game points)"),
    chain=(PLACEMENT_POINTS, GAME_POINTS),
    joker_value=30,
)
"""House format 000 §5A: placement points, then game points; special tournaments, any year."""

RULESETS: dict[str, RuleSet] = {r.code: r for r in (RULES_2014, RULES_PRE_2014, RULES_HOUSE)}

FIRST_YEAR_OF_2014_RULES = 2014


def ruleset_for_year(year: int) -> RuleSet:
    """The rule set of a ranking year: the 2014 rules from 2014 on, the older ones before."""
    return RULES_2014 if year >= FIRST_YEAR_OF_2014_RULES else RULES_PRE_2014


def get_ruleset(code: str) -> RuleSet:
    """Look a rule set up by its stored code; unknown codes are a programming error."""
    try:
        return RULESETS[code]
    except KeyError:
        raise ValueError(f"Unknown rule set: {code!r}") from None
