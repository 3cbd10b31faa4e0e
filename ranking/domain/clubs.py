"""The club table of a ranking year (issue 33.2): our design, stated on the page.

The rules have no club ranking. Per ranking year and club (the registry's club field, normalised
as `tournaments.domain.clubs` says), over the club's members who are in that year's German
ranking: how many they are, the sum of their placement points in the ranking (the ranking's
first key, Klub 10.1 / SPEC §9) and the average per member (the sum divided by the members,
in hundredths, rounded half up). Clubs are ordered by the sum, then by the average; equal sums
and averages share a place (1, 2, 2, 4), like the standings. Players without a club are in no
club's line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ranking.domain.careers import hundredths


class ClubGroup(NamedTuple):
    """Ranked players of a year who wrote their club one way (the database adds them up):
    several spellings of one club (one slug) are added here."""

    slug: str
    members: int
    placement_points: int
    best_rank: int  #: the best ranking position among them


class ClubLine(NamedTuple):
    """A club's line of the club table of a year."""

    rank: int
    slug: str
    members: int
    placement_points: int
    #: average placement points per ranked member, in hundredths
    average: int
    best_rank: int  #: the best ranking position of a member


def club_table(groups: Iterable[ClubGroup]) -> list[ClubLine]:
    """The club table of one year from its ranked players grouped by club (see the module
    docstring)."""
    clubs: dict[str, list[int]] = {}
    for g in groups:
        if not g.slug or not g.members:
            continue
        acc = clubs.setdefault(g.slug, [0, 0, g.best_rank])
        acc[0] += g.members
        acc[1] += g.placement_points
        acc[2] = min(acc[2], g.best_rank)
    rows = sorted(
        ((total, hundredths(total, members), slug, members, best)
         for slug, (members, total, best) in clubs.items()),
        key=lambda r: (-r[0], -r[1], r[2]),
    )  # fmt: skip
    table: list[ClubLine] = []
    previous, rank = None, 0
    for position, (total, average, slug, members, best) in enumerate(rows, start=1):
        if (total, average) != previous:
            rank, previous = position, (total, average)
        table.append(ClubLine(rank, slug, members, total, average, best))
    return table
