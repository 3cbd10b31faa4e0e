"""Reads of the skill rating (issue 33): what the recompute rates, the public lists, a
player's history and ratings, and the expectation at a table. Not the German ranking."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from django.db import connection
from django.db.models import Q

from ranking.domain import rating as domain_rating
from ranking.models import ALL_TIME, PlayerRating, RatingChange, RatingScope
from tournaments.enums import RoundStatus
from tournaments.models import Player, PlayerWarning, Round, ScoredLine, Seat, Tournament

# --- What the recompute rates ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatingInputs:
    """The published lines of some tournaments as rated rounds, ready for the domain."""

    rounds: dict[domain_rating.RoundKey, list[domain_rating.Game]]
    erased: frozenset[int]


def _tournaments(year: int | None, since: domain_rating.RoundKey | None) -> dict[int, date]:
    """Tournament id → start date: the year's (a year scope), those from ``since``'s on in
    the fixed order, or all."""
    qs = Tournament.objects.all()
    if year is not None:
        qs = qs.filter(ranking_year=year)
    if since is not None:
        day, tid, _round = since
        qs = qs.filter(Q(start_date__gt=day) | Q(start_date=day, pk__gte=tid))
    return dict(qs.values_list("pk", "start_date"))


def _rows(queryset) -> list[tuple]:
    """A values_list query's rows straight from the database cursor: half a million lines
    without building Django's row iterator (a third of the read)."""
    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def rating_inputs(
    *, year: int | None = None, since: domain_rating.RoundKey | None = None
) -> RatingInputs:
    """Every published game of the year's tournaments (or of the rounds from ``since`` on in
    the fixed order), an excluded player's games from the red card on left out
    (`domain.rating.counted_lines`), and players whose data was erased (left out of the rating
    altogether). Four queries."""
    dates = _tournaments(year, since)
    if not dates:
        return RatingInputs(rounds={}, erased=frozenset())
    ids = list(dates)
    unpublished = list(
        Round.objects.filter(tournament_id__in=ids)
        .exclude(status=RoundStatus.PUBLISHED)
        .values_list("pk", flat=True)
    )
    erased = frozenset(Player.objects.filter(erased_at__isnull=False).values_list("pk", flat=True))
    excluded = {
        (tid, pid): (number, game)
        for tid, pid, number, game in PlayerWarning.objects.red_cards_in_force()
        .filter(tournament_id__in=ids, round__isnull=False)
        .values_list("tournament_id", "player_id", "round__number", "game_number")
    }
    lines: Iterable[domain_rating.Line] = _rows(
        ScoredLine.objects.filter(tournament_id__in=ids)
        .exclude(round_id__in=unpublished)
        .values_list(
            "tournament_id", "round_number", "table_id", "game_number", "player_id", "place"
        )
    )
    if erased:
        lines = (line for line in lines if line[4] not in erased)
    rounds = domain_rating.group_rounds(domain_rating.counted_lines(lines, excluded), dates)
    if since is not None:  # the tournament of ``since``: its rounds before it are not asked
        rounds = {key: games for key, games in rounds.items() if key >= since}
    return RatingInputs(rounds=rounds, erased=erased)


class ChainBefore(NamedTuple):
    """The all-time chain just before a round (`chain_before`)."""

    state: dict[int, domain_rating.Rating]
    #: players with history from that round on
    later: frozenset[int]


def chain_before(since: domain_rating.RoundKey) -> ChainBefore:
    """The all-time ratings just before ``since`` (a round's place in the fixed order): each
    player's current all-time rating, or, for those who played from ``since`` on, the rating
    before their first round from there (none if they had not played before). Two queries."""
    state = {
        pid: domain_rating.Rating(mu, sigma, games)
        for pid, mu, sigma, games in PlayerRating.objects.filter(scope__year=ALL_TIME).values_list(
            "player_id", "mu", "sigma", "games"
        )
    }
    later = _rows(
        RatingChange.objects.filter(later_change_filter(since))
        .order_by("-date", "-tournament_id", "-round_number")
        .values_list("player_id", "mu_before", "sigma_before", "games_after", "games")
    )
    for pid, mu, sigma, games_after, games in later:  # the earliest is written last
        if games_after == games:  # first played from ``since`` on: starts at the prior
            state.pop(pid, None)
        else:
            state[pid] = domain_rating.Rating(mu, sigma, games_after - games)
    return ChainBefore(state, frozenset(row[0] for row in later))


def state_before(since: domain_rating.RoundKey) -> dict[int, domain_rating.Rating]:
    """The all-time ratings just before ``since`` (`chain_before`)."""
    return chain_before(since).state


def later_change_filter(since: domain_rating.RoundKey) -> Q:
    """History rows of ``since``'s round and after it in the fixed order."""
    day, tid, number = since
    return (
        Q(date__gt=day)
        | Q(date=day, tournament_id__gt=tid)
        | Q(date=day, tournament_id=tid, round_number__gte=number)
    )


def last_lines_before(
    since: domain_rating.RoundKey, player_ids: Iterable[int]
) -> dict[int, tuple[domain_rating.Rating, float, date]]:
    """For players who no longer play from ``since`` on (their later games were corrected
    away): their all-time list line as it was after their last round before ``since``
    (rating, change of the value shown, date)."""
    out: dict[int, tuple[domain_rating.Rating, float, date]] = {}
    rows = (
        RatingChange.objects.filter(player_id__in=list(player_ids))
        .exclude(later_change_filter(since))
        .order_by("player_id", "-date", "-tournament_id", "-round_number")
        .values_list(
            "player_id", "mu_before", "sigma_before", "mu_after", "sigma_after", "games_after",
            "date",
        )
    )  # fmt: skip
    for pid, mb, sb, ma, sa, games, day in rows:
        if pid not in out:
            after = domain_rating.Rating(ma, sa, games)
            out[pid] = (after, after.display - (mb - domain_rating.Z * sb), day)
    return out


# --- The public lists ------------------------------------------------------------------------


class RatingRow(NamedTuple):
    """A line of a public rating list as plain values (cheap to cache for 3,000 players)."""

    rank: int
    player_id: int
    name: str
    club: str
    display: float
    mu: float
    sigma: float
    games: int
    change: float
    last_date: date

    def matches(self, query: str) -> bool:
        """Search (lower-case ``query``): the rank if it is a number, else name or club."""
        if query.isdigit():
            return str(self.rank) == query.lstrip("0")
        return query in self.name.lower() or (bool(self.club) and query in self.club.lower())


def rating_scope(year: int) -> RatingScope | None:
    return RatingScope.objects.filter(year=year).first()


def rating_rows(scope: RatingScope) -> tuple[RatingRow, ...]:
    """The lines of a list with each player's public name and club: one query, no instances."""
    return tuple(
        RatingRow(
            rank, pid, Player.public_name_of(first, last, publish), club,
            mu - domain_rating.Z * sigma, mu, sigma, games, change, last_date,
        )
        for rank, pid, first, last, publish, club, mu, sigma, games, change, last_date in (
            scope.ratings.order_by("rank").values_list(
                "rank", "player_id", "player__first_name", "player__last_name",
                "player__publish_name", "player__club", "mu", "sigma", "games", "change",
                "last_date",
            )
        )
    )  # fmt: skip


def rating_years() -> list[int]:
    """Years with a computed rating list, newest first (the all-time list is always offered)."""
    return list(
        RatingScope.objects.filter(computed_at__isnull=False)
        .exclude(year=ALL_TIME)
        .order_by("-year")
        .values_list("year", flat=True)
    )


def rating_page_version(year: int) -> tuple:
    """What a list page shows beyond the tournaments' public data: its scope's state and the
    years there are. Equal tuples, equal pages."""
    scopes = tuple(
        RatingScope.objects.order_by("year").values_list(
            "year", "generation", "computed_at", "pending"
        )
    )
    return (year, scopes)


# --- One player ------------------------------------------------------------------------------


class RatingPoint(NamedTuple):
    """A player's all-time rating after a rated round (one point of the rating's curve)."""

    date: date
    tournament_id: int
    round_number: int
    display: float
    mu: float
    sigma: float
    games: int


def player_rating_history(*, player_id: int) -> list[RatingPoint]:
    """The player's all-time rating over time: one point per rated round, in the rating's
    fixed order (date, tournament, round). One indexed query."""
    return [
        RatingPoint(day, tid, number, mu - domain_rating.Z * sigma, mu, sigma, games)
        for day, tid, number, mu, sigma, games in RatingChange.objects.filter(player_id=player_id)
        .order_by("date", "tournament_id", "round_number")
        .values_list(
            "date", "tournament_id", "round_number", "mu_after", "sigma_after", "games_after"
        )
    ]


class ScopeRating(NamedTuple):
    """A player's current rating in one list (year or all-time, ``year`` 0)."""

    year: int
    rank: int
    display: float
    mu: float
    sigma: float
    games: int
    change: float


def player_ratings(*, player_id: int) -> list[ScopeRating]:
    """The player's line in every list: all-time first, then the years, newest first."""
    rows = PlayerRating.objects.filter(player_id=player_id).values_list(
        "scope__year", "rank", "mu", "sigma", "games", "change"
    )
    out = [
        ScopeRating(year, rank, mu - domain_rating.Z * sigma, mu, sigma, games, change)
        for year, rank, mu, sigma, games, change in rows
    ]
    return sorted(out, key=lambda r: (r.year != ALL_TIME, -r.year))


# --- A table ---------------------------------------------------------------------------------


class SeatExpectation(NamedTuple):
    """One seat of a table: the player's rating before the round, the model's expectation and,
    once the round is rated, the change."""

    letter: str
    player_id: int
    name: str
    reserve: bool
    rating: domain_rating.Rating
    win_probability: float
    expected_place: int
    after: domain_rating.Rating | None

    @property
    def change(self) -> float | None:
        return None if self.after is None else self.after.display - self.rating.display


def round_expectations(round_id: int, table_numbers: list[int]) -> dict[int, list]:
    """Per table of a round: its players with their all-time ratings before the round, the
    model's expected order (win probability per game, `domain.rating.table_expectation`) and,
    once the round is published and rated, each one's change; best expected first. Three
    queries. *Our reading*: before a round is rated, "before" is the player's current rating
    (a round not yet published is the newest the player plays)."""
    seats = list(
        Seat.objects.filter(round_id=round_id, table__number__in=table_numbers)
        .order_by("table__number", "letter")
        .values_list(
            "table__number", "letter", "player_id", "player__first_name", "player__last_name",
            "player__publish_name", "reserve", "round__tournament_id", "round__number",
        )
    )  # fmt: skip
    if not seats:
        return {}
    tid, number = seats[0][7], seats[0][8]
    ids = [s[2] for s in seats]
    before = {
        pid: domain_rating.Rating(mu, sigma, games)
        for pid, mu, sigma, games in PlayerRating.objects.filter(
            scope__year=ALL_TIME, player_id__in=ids
        ).values_list("player_id", "mu", "sigma", "games")
    }
    after: dict[int, domain_rating.Rating] = {}
    for pid, mb, sb, gb, ma, sa, ga in RatingChange.objects.filter(
        tournament_id=tid, round_number=number, player_id__in=ids
    ).values_list(
        "player_id", "mu_before", "sigma_before", "games", "mu_after", "sigma_after",
        "games_after",
    ):  # fmt: skip
        before[pid] = domain_rating.Rating(mb, sb, ga - gb)
        after[pid] = domain_rating.Rating(ma, sa, ga)
    tables: dict[int, list] = {}
    for table, *seat in seats:
        tables.setdefault(table, []).append(seat)
    out = {}
    for table, rows in tables.items():
        ratings = {row[1]: before.get(row[1], domain_rating.START) for row in rows}
        expected = {e.player_id: e for e in domain_rating.table_expectation(ratings)}
        lines = [
            SeatExpectation(
                letter, pid, Player.public_name_of(first, last, publish), reserve,
                ratings[pid], expected[pid].win_probability, expected[pid].expected_place,
                after.get(pid),
            )
            for letter, pid, first, last, publish, reserve, _tid, _number in rows
        ]  # fmt: skip
        out[table] = sorted(lines, key=lambda r: (r.expected_place, r.letter))
    return out


def export_section(player: Player) -> list[dict]:
    """The player's rating rows for the data export (DSGVO Art. 15, 20): the line in every
    list ("list": "all-time" or the year), then the all-time rating after every rated round."""
    lists = [
        {
            "list": "all-time" if r.year == ALL_TIME else r.year,
            "place": r.rank,
            "mu": r.mu,
            "sigma": r.sigma,
            "games": r.games,
        }
        for r in player_ratings(player_id=player.pk)
    ]
    history = [
        {
            "date": p.date.isoformat(),
            "tournament_id": p.tournament_id,
            "round": p.round_number,
            "mu": p.mu,
            "sigma": p.sigma,
            "games": p.games,
        }
        for p in player_rating_history(player_id=player.pk)
    ]
    return lists + history
