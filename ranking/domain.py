"""The German ranking and the appeal deadline as pure Python (SPEC §8, §9; Klub 2.4, 3, 10.1).

No Django here: plain functions over frozen dataclasses, tested without a database.

*Our design* (SPEC §9, the sources give no formula): per ranking year and player, the sums over
all counted rounds of placement points, game points, placings (1st–4th) and minus points, ordered
by the same chain as the tournament standings (Klub 10.1, ``tournaments.domain.standings``);
fully equal players share a rank (1, 2, 2, 4). Reserves' games are not ranked; a player excluded
from a tournament by a red card is not ranked from that tournament (our decision); tournaments
struck off by the commission (Klub 3.1.1) are left out; corrected game results of upheld
decisions replace the published ones for the ranking only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from tournaments.domain.rules import RULES_2014, RULES_PRE_2014, RuleSet, get_ruleset
from tournaments.domain.scoring import GameInput, score_game
from tournaments.domain.standings import GameLine, Totals, sort_key, totals_for

BERLIN = ZoneInfo("Europe/Berlin")

# --- Appeal deadline (Klub 3, 4.2.3; SPEC §8) ----------------------------------------------

APPEAL_DAYS = 14


def appeal_last_day(end_date: date) -> date:
    """Day 14 after the tournament's last day: appeals are heard until the end of this day."""
    return end_date + timedelta(days=APPEAL_DAYS)


def appeal_deadline(end_date: date) -> datetime:
    """23:59:59 Europe/Berlin of day 14 (aware): the last second an appeal is accepted."""
    return datetime.combine(appeal_last_day(end_date), time(23, 59, 59), tzinfo=BERLIN)


def appeal_window_closes(end_date: date) -> datetime:
    """The first instant no appeal is accepted: midnight starting day 15, Berlin time.

    Computed as a local wall-clock time, so the window is right across DST changes (a day of
    23 or 25 hours), not 15 × 24 hours after the last day.
    """
    return datetime.combine(appeal_last_day(end_date) + timedelta(days=1), time(0), tzinfo=BERLIN)


def appeal_in_time(end_date: date, at: datetime) -> bool:
    """True while an appeal filed at ``at`` (aware) is in time."""
    if at.tzinfo is None:
        raise ValueError("Der Zeitpunkt braucht eine Zeitzone.")
    return at < appeal_window_closes(end_date)


def deadline_text(end_date: date) -> str:
    """The deadline as German users read it, e.g. '26.12.2026, 23:59:59 Uhr'."""
    return appeal_deadline(end_date).strftime("%d.%m.%Y, %H:%M:%S Uhr")


# --- Ranking rules, versioned per year (Klub 2.4) --------------------------------------------


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
        description="Platzierungspunkte, dann Spielpunkte (Regeln vor 2014).",
    ),
    RankingRules(
        version="R2014",
        first_year=2014,
        ruleset=RULES_2014,
        description="Platzierungspunkte, Spielpunkte, bessere Platzierungen, weniger "
        "Minuspunkte (Klub 10.1, seit 2014).",
    ),
)
"""The registry: add a version here with ``first_year=first_year_for_change(decided_on)``."""


def first_year_for_change(decided_on: date) -> int:
    """Klub 2.4: a rule change takes effect in the next ranking year, never the running one."""
    return decided_on.year + 1


def check_registry(versions: Sequence[RankingRules]) -> None:
    """Versions must have distinct codes and strictly increasing first years."""
    years = [v.first_year for v in versions]
    if years != sorted(set(years)) or len(years) != len(versions):
        raise ValueError("Regelversionen brauchen aufsteigende, verschiedene erste Jahre.")
    codes = [v.version for v in versions]
    if len(set(codes)) != len(codes):
        raise ValueError("Regelversionen brauchen verschiedene Kürzel.")


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
            f"Für {new.first_year} gilt schon {versions[-1].version}; eine Änderung wirkt erst "
            "im folgenden Ranking-Jahr (Klub 2.4)."
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


# --- Inputs ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatRef:
    """A seat letter of one table in one round; reserves play but are not ranked."""

    letter: str
    player_id: int
    reserve: bool = False


@dataclass(frozen=True, slots=True)
class TableSheet:
    """One table's confirmed, published sheet in one round of one tournament."""

    tournament_id: int
    round_number: int
    table_number: int
    ruleset_code: str
    seats: tuple[SeatRef, ...]
    games: tuple[GameInput, ...]


@dataclass(frozen=True, slots=True)
class RankingLine:
    """One ranked player's game: the standings' GameLine plus the tournament it belongs to."""

    tournament_id: int
    line: GameLine


@dataclass(frozen=True, slots=True)
class Contribution:
    """A player's sums from one tournament (stored, so one round only recomputes its tournament)."""

    tournament_id: int
    player_id: int
    rounds: int
    games: int
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int


@dataclass(frozen=True, slots=True)
class RankingRow:
    """One line of the ranking of a year."""

    rank: int
    player_id: int
    tournaments: int
    rounds: int
    games: int
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int

    @property
    def placement_points_per_game(self) -> float:
        return self.placement_points / self.games if self.games else 0.0


# --- Computation -------------------------------------------------------------------------


def ranking_lines(
    sheets: Iterable[TableSheet],
    *,
    corrections: Mapping[tuple[int, int, int], tuple[GameInput, ...]] | None = None,
    excluded: frozenset[tuple[int, int]] = frozenset(),
    struck: frozenset[int] = frozenset(),
) -> list[RankingLine]:
    """Scored games of the players who are ranked from them.

    ``corrections`` maps (tournament, round, table) to the games an upheld decision corrected
    (they replace the sheet's games for the ranking only); ``excluded`` holds (tournament,
    player) pairs with a red card; ``struck`` the tournaments struck off (Klub 3.1.1).
    """
    corrections = corrections or {}
    lines: list[RankingLine] = []
    for sheet in sheets:
        if sheet.tournament_id in struck:
            continue
        key = (sheet.tournament_id, sheet.round_number, sheet.table_number)
        games = corrections.get(key, sheet.games)
        ruleset = get_ruleset(sheet.ruleset_code)
        by_letter = {seat.letter: seat for seat in sheet.seats}
        for game in games:
            result = score_game(game, ruleset=ruleset)
            for entry in result.entries:
                seat = by_letter[entry.letter]
                if seat.reserve or (sheet.tournament_id, seat.player_id) in excluded:
                    continue
                lines.append(
                    RankingLine(
                        tournament_id=sheet.tournament_id,
                        line=GameLine(
                            player_id=seat.player_id,
                            round_number=sheet.round_number,
                            game_number=result.number,
                            game_points=entry.game_points,
                            place=entry.place,
                            placement_points=entry.placement_points,
                        ),
                    )
                )
    return lines


def contributions(lines: Iterable[RankingLine]) -> list[Contribution]:
    """Per tournament and player: the Klub 10.1 sums plus rounds and games played."""
    by_tournament: dict[int, list[GameLine]] = {}
    for item in lines:
        by_tournament.setdefault(item.tournament_id, []).append(item.line)
    result: list[Contribution] = []
    for tournament_id in sorted(by_tournament):
        tlines = by_tournament[tournament_id]
        rounds: dict[int, set[int]] = {}
        for line in tlines:
            rounds.setdefault(line.player_id, set()).add(line.round_number)
        totals = totals_for(tlines, sorted(rounds))
        for pid, t in totals.items():
            result.append(
                Contribution(
                    tournament_id=tournament_id,
                    player_id=pid,
                    rounds=len(rounds[pid]),
                    games=t.games,
                    placement_points=t.placement_points,
                    game_points=t.game_points,
                    placings=t.placings,
                    minus_points=t.minus_points,
                )
            )
    return result


def compute_ranking(
    contribs: Iterable[Contribution],
    *,
    rules: RankingRules,
    struck: frozenset[int] = frozenset(),
) -> tuple[RankingRow, ...]:
    """The ranking of a year: sums per player, ordered by the chain, ranks 1, 2, 2, 4.

    Within a shared rank rows are listed by player id (listing order only).
    """
    acc: dict[int, list[int]] = {}
    for c in contribs:
        if c.tournament_id in struck or c.games == 0:
            continue
        a = acc.setdefault(c.player_id, [0] * 10)
        a[0] += 1
        a[1] += c.rounds
        a[2] += c.games
        a[3] += c.placement_points
        a[4] += c.game_points
        for i in range(4):
            a[5 + i] += c.placings[i]
        a[9] += c.minus_points
    totals = {
        pid: Totals(
            player_id=pid,
            placement_points=a[3],
            game_points=a[4],
            placings=(a[5], a[6], a[7], a[8]),
            minus_points=a[9],
            games=a[2],
        )
        for pid, a in acc.items()
    }
    ruleset = rules.ruleset
    keyed = sorted(
        ((sort_key(t, ruleset), pid) for pid, t in totals.items()),
        key=lambda item: (tuple(-v for v in item[0]), item[1]),
    )
    rows: list[RankingRow] = []
    previous: tuple[int, ...] | None = None
    rank = 0
    for position, (key, pid) in enumerate(keyed, start=1):
        if key != previous:
            rank = position
            previous = key
        a = acc[pid]
        t = totals[pid]
        rows.append(
            RankingRow(
                rank=rank,
                player_id=pid,
                tournaments=a[0],
                rounds=a[1],
                games=a[2],
                placement_points=t.placement_points,
                game_points=t.game_points,
                placings=t.placings,
                minus_points=t.minus_points,
            )
        )
    return tuple(rows)
