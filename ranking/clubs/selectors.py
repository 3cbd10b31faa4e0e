"""Clubs (issue 33.2): who plays for a club, the club table of a ranking year, a club's page.

A club is the normalised text of the registry's club field (`tournaments.domain.clubs`); the
registry holds each player's club now, so a club's past years are those of its members today.
"Members who played" are registry players with that club and at least one published game of a
public tournament. Everything is built from plain values and cached per version (the
tournaments' public data and the ranking: `careers.selectors.public_version`). A registry edit
(club, name, consent) is announced to each tournament the player is registered for, which moves
the global generation; an edit of a player without registrations announces nothing and needs
not: a club counts only members with a published game, and a game takes a registration.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db.models import Count, Exists, Min, OuterRef, Sum

from ranking.careers.selectors import public_version
from ranking.domain import clubs as domain
from ranking.domain.careers import hundredths
from ranking.models import RankingEntry
from tournaments.common.public_cache import cached_once
from tournaments.domain.clubs import club_name, club_slug
from tournaments.enums import RoundStatus
from tournaments.models import Player, ScoredRound, Tournament
from tournaments.models.setup import PUBLIC_STATUSES


def _cached(name: str, build):
    seconds = settings.PUBLIC_CACHE_SECONDS
    if seconds <= 0:
        return build()
    value, _state = cached_once(f"public:clubs:{name}:{public_version()}", build, timeout=seconds)
    return value


def _published_rounds():
    return ScoredRound.objects.filter(
        round__status=RoundStatus.PUBLISHED, tournament__status__in=PUBLIC_STATUSES
    )


@dataclass(frozen=True, slots=True)
class ClubEntry:
    """A club of the directory: its slug, shown name and members who played."""

    slug: str
    name: str
    player_ids: tuple[int, ...]


def directory_build() -> dict[str, ClubEntry]:
    """Every club with a member who played, by slug (one query)."""
    played = _published_rounds().filter(player_id=OuterRef("pk"))
    rows = (
        Player.objects.exclude(club="").filter(Exists(played)).order_by().values_list("pk", "club")
    )
    spellings: dict[str, list[str]] = {}
    members: dict[str, list[int]] = {}
    for pk, club in rows:
        slug = club_slug(club)
        if slug:
            spellings.setdefault(slug, []).append(club)
            members.setdefault(slug, []).append(pk)
    return {
        slug: ClubEntry(slug, club_name(spellings[slug]), tuple(sorted(members[slug])))
        for slug in sorted(spellings)
    }


def directory() -> dict[str, ClubEntry]:
    return _cached("directory", directory_build)


def club_tables_build() -> dict[int, list[domain.ClubLine]]:
    """The club table of every computed ranking year, newest first (one query: the database
    groups the ranked players by year and club text)."""
    groups: dict[int, list[domain.ClubGroup]] = {}
    rows = (
        RankingEntry.objects.filter(ranking_year__computed_at__isnull=False)
        .exclude(player__club="")
        .order_by()
        .values("ranking_year__year", "player__club")
        .annotate(n=Count("pk"), pp=Sum("placement_points"), best=Min("rank"))
        .values_list("ranking_year__year", "player__club", "n", "pp", "best")
    )
    for year, club, n, pp, best in rows:
        groups.setdefault(year, []).append(domain.ClubGroup(club_slug(club), n, pp, best))
    return {year: domain.club_table(groups[year]) for year in sorted(groups, reverse=True)}


def club_tables() -> dict[int, list[domain.ClubLine]]:
    return _cached("tables", club_tables_build)


@dataclass(frozen=True, slots=True)
class TableLine:
    """A line of the club table of a year as a page shows it."""

    rank: int
    slug: str
    name: str
    members: int
    placement_points: int
    average: int
    best_rank: int


def year_table(year: int) -> list[TableLine]:
    """The club table of ``year`` with the clubs' names (empty: no computed ranking)."""
    names = directory()
    return [
        TableLine(
            line.rank, line.slug, names[line.slug].name if line.slug in names else line.slug,
            line.members, line.placement_points, line.average, line.best_rank,
        )
        for line in club_tables().get(year, [])
    ]  # fmt: skip


@dataclass(frozen=True, slots=True)
class MemberLine:
    player_id: int
    name: str
    tournaments: int
    games: int
    won: int
    best_rank: int | None  #: the best position in any year's ranking


@dataclass(frozen=True, slots=True)
class ClubYear:
    """A club's year: its line in the club table (None: no member ranked that year) of how many
    clubs, and its members' games that year."""

    year: int
    line: domain.ClubLine | None
    clubs: int
    tournaments: int
    players: int
    games: int
    won: int
    placement_points: int

    @property
    def per_game(self) -> int:
        return hundredths(self.placement_points, self.games)


@dataclass(frozen=True, slots=True)
class HostedLine:
    tournament_id: int
    name: str
    day: date
    status: str


@dataclass(frozen=True, slots=True)
class Club:
    slug: str
    name: str
    members: tuple[MemberLine, ...]
    years: tuple[ClubYear, ...]
    hosted: tuple[HostedLine, ...]


def _hosted(slug: str) -> tuple[tuple[HostedLine, ...], list[str]]:
    """The public tournaments (main fields) this club organised, newest first, and how their
    organising club was written."""
    rows = (
        Tournament.objects.public()
        .main_fields()
        .exclude(organising_club="")
        .order_by("-start_date", "-pk")
        .values_list("pk", "name", "start_date", "status", "organising_club")
    )
    mine = [row for row in rows if club_slug(row[4]) == slug]
    return tuple(HostedLine(*row[:4]) for row in mine), [row[4] for row in mine]


def club_build(slug: str) -> Club | None:
    """A club's page (None: no member played and it hosted no public tournament)."""
    entry = directory().get(slug)
    hosted, spellings = _hosted(slug)
    if entry is None and not hosted:
        return None
    ids = list(entry.player_ids) if entry else []
    sums = {
        pid: (t, g, w)
        for pid, t, g, w in _published_rounds()
        .filter(player_id__in=ids)
        .order_by()
        .values("player_id")
        .annotate(t=Count("tournament_id", distinct=True), g=Sum("games"), w=Sum("first"))
        .values_list("player_id", "t", "g", "w")
    }
    best = dict(
        RankingEntry.objects.filter(player_id__in=ids, ranking_year__computed_at__isnull=False)
        .order_by()
        .values("player_id")
        .annotate(best=Min("rank"))
        .values_list("player_id", "best")
    )
    players = Player.objects.filter(pk__in=ids).values_list(
        "pk", "first_name", "last_name", "publish_name"
    )
    members = sorted(
        (
            MemberLine(pk, Player.public_name_of(first, last, publish), *sums.get(pk, (0, 0, 0)),
                       best.get(pk))
            for pk, first, last, publish in players
        ),
        key=lambda m: (-m.games, m.name, m.player_id),
    )  # fmt: skip
    per_year = {
        year: (t, p, g, w, pp)
        for year, t, p, g, w, pp in _published_rounds()
        .filter(player_id__in=ids)
        .order_by()
        .values("tournament__ranking_year")
        .annotate(
            t=Count("tournament_id", distinct=True), p=Count("player_id", distinct=True),
            g=Sum("games"), w=Sum("first"), pp=Sum("placement_points"),
        )
        .values_list("tournament__ranking_year", "t", "p", "g", "w", "pp")
    }  # fmt: skip
    tables = club_tables()
    years = []
    for year in sorted(set(per_year) | set(tables), reverse=True):
        line = next((c for c in tables.get(year, ()) if c.slug == slug), None)
        if line is None and year not in per_year:
            continue
        years.append(
            ClubYear(year, line, len(tables.get(year, ())), *per_year.get(year, (0, 0, 0, 0, 0)))
        )
    name = entry.name if entry else club_name(spellings)
    return Club(slug, name, tuple(members), tuple(years), hosted)


def club(slug: str) -> Club | None:
    """`club_build`, cached per version."""
    return _cached(f"club:{slug}", lambda: club_build(slug) or False) or None
