"""Read side of the standings (SPEC §5): one tournament's table after a published round.

Loads everything in a fixed number of queries (sheets, seats, registrations, players, red
cards), whatever the field size; the ordering itself is the pure `domain.standings` chain.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef

from tournaments.domain.names import din5007_key
from tournaments.domain.standings import Participant, standings_from_rounds, team_standings
from tournaments.enums import RoundKind, RoundStatus, SheetStatus
from tournaments.models import (
    Player,
    Registration,
    Round,
    Seat,
    SheetVersion,
    Team,
    Tournament,
)
from tournaments.referees.selectors import excluded_player_ids
from tournaments.results.selectors import round_scored_games, round_sums
from tournaments.rounds.selectors import round_seating


@dataclass(frozen=True, slots=True)
class RoundFigures:
    """A player's sums within one round, for the per-round breakdown."""

    round_number: int
    placement_points: int
    game_points: int
    games: int


@dataclass(frozen=True, slots=True)
class StandingsEntry:
    rank: int | None
    player: Player
    reserve: bool
    excluded: bool
    finalist: bool
    placement_points: int
    game_points: int
    placings: tuple[int, int, int, int]
    minus_points: int
    games: int
    rounds: tuple[RoundFigures | None, ...]

    @property
    def placement_points_per_game(self) -> float | None:
        return self.placement_points / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """A team's line in the team standings of a Städtekampf (Klub 6.2.1)."""

    rank: int
    name: str
    placement_points: int
    game_points: int
    players: int


@dataclass(frozen=True, slots=True)
class StandingsTable:
    tournament: Tournament
    after_round: int | None
    published_rounds: tuple[int, ...]
    round_numbers: tuple[int, ...]
    final_round: int | None
    rule_set: str
    entries: tuple[StandingsEntry, ...] = field(default=())
    teams: tuple[TeamEntry, ...] = field(default=())
    #: the rounds counted whose published result the director corrected since (SPEC §6)
    corrected_rounds: tuple[int, ...] = field(default=())

    @property
    def ranked_count(self) -> int:
        return sum(1 for e in self.entries if e.rank is not None)


def published_round_numbers(tournament: Tournament) -> list[int]:
    return list(
        Round.objects.filter(tournament=tournament, status=RoundStatus.PUBLISHED)
        .order_by("number")
        .values_list("number", flat=True)
    )


def standings_table(tournament: Tournament, *, after_round: int | None = None) -> StandingsTable:
    """Standings over the published rounds up to ``after_round`` (default: all published).

    Unpublished results never enter. Withdrawn players stay listed if they played. With a final
    round, it only orders the finalists once it is published (before that, the preliminary
    standings are shown as they are).
    """
    ruleset = tournament.ruleset
    # the published rounds, which of them is the final and which were corrected, in one query
    kinds, corrected = {}, set()
    for number, kind, was_corrected in (
        Round.objects.filter(tournament=tournament, status=RoundStatus.PUBLISHED)
        .annotate(corrected=_corrected_since_publication())
        .order_by("number")
        .values_list("number", "kind", "corrected")
    ):
        kinds[number] = kind
        if was_corrected:
            corrected.add(number)
    all_published = list(kinds)
    published = all_published
    if after_round is not None:
        if after_round not in published:
            raise ValueError(after_round)
        published = [n for n in published if n <= after_round]
    last = published[-1] if published else None
    # (player, round) → that round's sums, as stored when each sheet became valid
    rounds = round_sums(tournament, rounds=published) if published else {}

    final_round = next((n for n in published if kinds[n] == RoundKind.FINAL), None)
    finalist_ids: frozenset[int] = frozenset()
    if final_round is not None:
        finalist_ids = frozenset(
            Seat.objects.filter(
                round__tournament=tournament, round__number=final_round
            ).values_list("player_id", flat=True)
        )

    # player → (reserve, team)
    regs = {
        pid: (reserve, team_id)
        for pid, reserve, team_id in Registration.objects.filter(tournament=tournament).values_list(
            "player_id", "reserve", "team_id"
        )
    }
    # Whoever played a published game is listed (also if withdrawn later); registered players
    # who never sat at a table (no-shows) are not.
    ids = {pid for pid, _ in rounds}
    excluded = excluded_player_ids(tournament)
    participants = [
        Participant(
            player_id=pid,
            reserve=bool(regs[pid][0]) if pid in regs else False,
            excluded=pid in excluded,
        )
        for pid in sorted(ids)
    ]
    rows = standings_from_rounds(
        rounds,
        participants,
        ruleset=ruleset,
        final_round=final_round,
        finalists=finalist_ids,
    )
    # time stamps are never shown and cost more to load than the rest of the row
    players = Player.objects.defer("created_at", "updated_at").in_bulk(ids)
    entries = tuple(
        StandingsEntry(
            rank=row.rank,
            player=players[row.player_id],
            reserve=row.reserve,
            excluded=row.excluded,
            finalist=row.finalist,
            placement_points=row.placement_points,
            game_points=row.game_points,
            placings=row.placings,
            minus_points=row.minus_points,
            games=row.games,
            rounds=tuple(
                RoundFigures(n, t.placement_points, t.game_points, t.games) if t else None
                for n in published
                for t in (rounds.get((row.player_id, n)),)
            ),
        )
        for row in rows
    )
    return StandingsTable(
        tournament=tournament,
        after_round=last,
        published_rounds=tuple(all_published),
        round_numbers=tuple(published),
        final_round=final_round,
        rule_set=ruleset.code,
        entries=entries,
        teams=_team_entries(rounds.values(), regs),
        corrected_rounds=tuple(n for n in published if n in corrected),
    )


def _corrected_since_publication() -> Exists:
    """Whether a round has a sheet version confirmed after the round's publication: only the
    director's correction or interpretation writes one (`sheets.services`), and the table's
    valid version is then such a one (`results.selectors.Correction`)."""
    return Exists(
        SheetVersion.objects.filter(
            sheet__round=OuterRef("pk"),
            status=SheetStatus.CONFIRMED,
            created_at__gt=OuterRef("published_at"),
        )
    )


def _team_entries(rounds, regs: dict[int, tuple]) -> tuple[TeamEntry, ...]:
    """The team standings (Klub 6.2.1), only when players are in teams (one more query then)."""
    teams = {pid: team_id for pid, (_, team_id) in regs.items() if team_id is not None}
    if not teams:
        return ()
    names = dict(Team.objects.filter(pk__in=set(teams.values())).values_list("pk", "name"))
    order = sorted(names, key=lambda pk: din5007_key(names[pk]))
    return tuple(
        TeamEntry(row.rank, names[row.team_id], row.placement_points, row.game_points, row.players)
        for row in team_standings(rounds, teams, order)
    )


def round_results(rnd) -> list[dict]:
    """Results of one round per table (the caller shows them only when published, or to the
    director): each game's points, places, placement points from the stored lines; a seat that
    did not play a game (SPEC §7: red card or withdrawal mid-round) has None. ``correction``:
    when and why the director corrected the table's published result, else None."""

    seating = round_seating(rnd)
    scored = round_scored_games(rnd)
    tables = []
    for table in seating:
        seats = table["seats"]
        letters = tuple(s.letter for s in seats)
        games = []
        totals = {s.letter: {"seat": s, "placement_points": 0, "game_points": 0} for s in seats}
        valid = scored.get(table["table"].pk)
        for result in valid.games if valid else ():
            by_letter = {e.letter: e for e in result.entries}
            games.append(
                {
                    "number": result.number,
                    "pool_exhausted": result.pool_exhausted,
                    # None: the seat did not play this game (SPEC §7)
                    "entries": [by_letter.get(x) for x in letters],
                }
            )
            for entry in result.entries:
                totals[entry.letter]["placement_points"] += entry.placement_points
                totals[entry.letter]["game_points"] += entry.game_points
        tables.append(
            {
                "number": table["number"],
                "seats": seats,
                "games": games,
                "totals": [totals[x] for x in letters],
                "correction": valid.correction if valid else None,
            }
        )
    return tables
