"""A player's own history: tournaments, tables, table-mates, games and results per round.

A fixed number of queries however many tournaments the player has played.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import NamedTuple

from tournaments import permissions
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import (
    PlayerWarning,
    Registration,
    Seat,
    Tournament,
    TournamentStaff,
)
from tournaments.referees.selectors import summary_of
from tournaments.results.selectors import Correction, tables_scored_games
from tournaments.standings.snapshots import standings_places_many


@dataclass
class RoundLine:
    round: object
    table_number: int
    letter: str
    reserve: bool
    mates: list = field(default_factory=list)  # the other seats at the table
    games: list = field(default_factory=list)  # [{number, pool_exhausted, entry}]
    placement_points: int = 0
    game_points: int = 0
    published: bool = False
    correction: Correction | None = None  # the director corrected the published result


@dataclass
class TournamentLine:
    tournament: Tournament
    reserve: bool
    excluded: bool
    rounds: list[RoundLine] = field(default_factory=list)
    warnings: list | None = None  # None: the viewer may not see warnings

    @property
    def has_results(self) -> bool:
        return any(r.published for r in self.rounds)


def _preload_staff_roles(user, tournament_ids) -> None:
    """Fill permissions' per-user role cache in one query instead of one per tournament."""
    if not getattr(user, "is_authenticated", False):
        return
    roles: dict[int, set[str]] = defaultdict(set)
    for tid, role in TournamentStaff.objects.filter(
        user=user, tournament_id__in=tournament_ids
    ).values_list("tournament_id", "role"):
        roles[tid].add(role)
    cache = getattr(user, "_drv_staff", None)
    if cache is None:
        cache = {}
        user._drv_staff = cache
    for tid in tournament_ids:
        cache.setdefault(tid, frozenset(roles.get(tid, ())))


def player_history(player, *, user) -> list[TournamentLine]:
    """Newest tournament first. Drafts never; unreleased rounds never; results only when
    published; warnings only for staff of that tournament."""
    regs = list(
        Registration.objects.filter(player=player, tournament__in=Tournament.objects.public())
        .select_related("tournament")
        .order_by("-tournament__start_date", "-tournament_id")
    )
    if not regs:
        return []
    tournaments = {r.tournament_id: r.tournament for r in regs}
    _preload_staff_roles(user, list(tournaments))
    own_seats = list(
        Seat.objects.filter(
            player=player,
            round__tournament_id__in=list(tournaments),
            round__status__in=(RoundStatus.RELEASED, RoundStatus.PUBLISHED),
        )
        .select_related("round", "table")
        .order_by("round__number")
    )
    table_ids = [s.table_id for s in own_seats]
    mates: dict[int, list] = defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=table_ids).select_related("player"):
        mates[seat.table_id].append(seat)
    scored = tables_scored_games(
        s.table_id for s in own_seats if s.round.status == RoundStatus.PUBLISHED
    )
    warnings: dict[int, list] = defaultdict(list)
    for w in PlayerWarning.objects.filter(
        player=player, tournament_id__in=list(tournaments)
    ).select_related("round", "given_by"):
        warnings[w.tournament_id].append(w)

    lines: dict[int, TournamentLine] = {}
    for reg in regs:
        t = reg.tournament
        excluded = summary_of(warnings[t.pk]).excluded
        staff = permissions.can_see_referee_log(user, t) or permissions.is_federation_admin(user)
        lines[t.pk] = TournamentLine(
            tournament=t,
            reserve=reg.reserve,
            excluded=excluded,
            warnings=warnings[t.pk] if staff else None,
        )
    for seat in own_seats:
        t = tournaments[seat.round.tournament_id]
        at_table = sorted(mates[seat.table_id], key=lambda s: s.letter)
        line = RoundLine(
            round=seat.round,
            table_number=seat.table.number,
            letter=seat.letter,
            reserve=seat.reserve,
            mates=[s for s in at_table if s.player_id != player.pk],
            published=seat.round.status == RoundStatus.PUBLISHED,
        )
        valid = scored.get(seat.table_id)
        if valid is not None:
            line.correction = valid.correction
        for result in valid.games if valid else ():
            # None: the player did not play this game (SPEC §7, red card or withdrawal)
            entry = next((e for e in result.entries if e.letter == seat.letter), None)
            line.games.append(
                {"number": result.number, "pool_exhausted": result.pool_exhausted, "entry": entry}
            )
            if entry is not None:
                line.placement_points += entry.placement_points
                line.game_points += entry.game_points
        lines[t.pk].rounds.append(line)
    return list(lines.values())


class TournamentPlace(NamedTuple):
    """A player's line in a tournament's final published standings (issue 33.1)."""

    tournament_id: int
    rank: int | None  #: None: listed without a rank (reserve, red card)
    field: int  #: players with a rank
    finalist: bool


def tournament_places(player_id: int, tournaments: list[Tournament]) -> dict[int, TournamentPlace]:
    """The player's place in the standings after the last published round of each finished
    tournament given (the published result, as the standings page shows it: finals first).
    The stored places are read in one query (`standings_places_many`); a tournament whose
    standings do not list the player is left out."""
    finished = [t for t in tournaments if t.status == TournamentStatus.FINISHED]
    found = {}
    for tid, places in standings_places_many(finished).items():
        mine = places.of(player_id)
        if mine is not None:
            found[tid] = TournamentPlace(tid, mine[0], places.field, mine[1])
    return found
