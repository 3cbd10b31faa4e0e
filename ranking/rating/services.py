"""Keeping the skill rating current (issue 33): mark what changed, recompute it in the ranking's
Celery job, and the rating's part of merging and erasing players.

A change of published results marks the tournament's year and the all-time chain pending from
the changed round's place in the rating's fixed order (start date, tournament id, round number;
the tournament's first round if the change does not name one), inside the writing transaction
(`ranking.compute.services.tournament_mark_changed` calls `rating_mark`). The recompute is
proportional to what changed: a year whose change lies after the last round its list rests on
(a round of the newest tournament published) goes on from its stored list, otherwise it is
rated anew (everyone starts anew each year; a year of 480,000 lines in about two seconds); the
all-time chain goes on from the changed round, its ratings just before it read back from the
stored history, the history from there on replaced. No lock is held while it computes; a scope
stays pending if its generation moved meanwhile (as the ranking's years). Running it twice
gives the same result, and it gives what a rebuild from scratch gives.
"""

from __future__ import annotations

import logging
from datetime import date, datetime

from django.db import transaction
from django.db.models import F, Min
from django.utils import timezone

from ranking.domain import rating as domain_rating
from ranking.models import ALL_TIME, PlayerRating, RatingChange, RatingScope
from ranking.rating import selectors
from tournaments.common import events
from tournaments.common.bulk import insert_rows
from tournaments.models import Tournament

log = logging.getLogger(__name__)

Point = domain_rating.RoundKey
"""A round's place in the rating's fixed order: (start date, tournament id, round number); round
0 stands before a tournament's first round."""


# --- Marking ---------------------------------------------------------------------------------


def _mark(scope: RatingScope) -> Point | None:
    if scope.from_date is None:
        return None
    return (scope.from_date, scope.from_tournament, scope.from_round or 0)


@transaction.atomic
def _scope_pending(year: int, since: Point | None = None) -> None:
    """Mark a scope pending (generation + 1) from ``since`` on (None: from the start), the
    earlier of an existing mark and this one."""
    scope, _ = RatingScope.objects.get_or_create(year=year)
    scope = RatingScope.objects.select_for_update().get(pk=scope.pk)
    mark = _mark(scope)
    if since is None or (scope.pending and mark is None and scope.computed_at is not None):
        # from the start, or an earlier mark already says "from the start"
        new = None
    elif scope.pending and mark is not None:
        new = min(mark, since)
    else:
        new = since
    scope.from_date, scope.from_tournament, scope.from_round = new or (None, None, None)
    scope.pending = True
    scope.generation = F("generation") + 1
    scope.save()


def rating_mark(*, tournament_id: int, round_number: int | None = None) -> None:
    """Published results of a tournament changed (from round ``round_number`` on, if given):
    its year and the all-time chain pending from that round's place on (in the caller's
    transaction; the ranking's recompute task follows)."""
    found = (
        Tournament.objects.filter(pk=tournament_id)
        .values_list("ranking_year", "start_date")
        .first()
    )
    if found is None:
        return
    year, start = found
    since = (start, tournament_id, round_number or 0)
    _scope_pending(year, since)
    _scope_pending(ALL_TIME, since)


def _mark_player(player_ids: list[int]) -> None:
    """A player's rows changed identity (merge) or went (erasure): the years they played and
    the all-time chain from their first rated round on are computed anew."""
    first = RatingChange.objects.filter(player_id__in=player_ids).aggregate(
        day=Min("date"), tid=Min("tournament_id")
    )
    years = set(
        PlayerRating.objects.filter(player_id__in=player_ids)
        .exclude(scope__year=ALL_TIME)
        .values_list("scope__year", flat=True)
    )
    for year in sorted(years):
        _scope_pending(year)
    if first["day"] is not None:
        # the earliest date, and the smallest id on that date at the latest
        tid = RatingChange.objects.filter(player_id__in=player_ids, date=first["day"]).aggregate(
            tid=Min("tournament_id")
        )["tid"]
        _scope_pending(ALL_TIME, (first["day"], tid, 0))


def on_players_merged(sender, kept_id: int, removed_id: int, moved: dict, **kwargs) -> None:
    """The removed entry's games are the kept one's now: its rating rows go and everything the
    two played is rated anew (derived rows, as the ranking's)."""
    _mark_player([kept_id, removed_id])
    PlayerRating.objects.filter(player_id=removed_id).delete()
    RatingChange.objects.filter(player_id=removed_id).delete()


def on_player_erased(sender, player_id: int, **kwargs) -> None:
    """An erased person leaves the rating: their rows go now, and the recompute rates the
    others as if the erased player's seat had not played (`selectors.rating_inputs`)."""
    _mark_player([player_id])
    PlayerRating.objects.filter(player_id=player_id).delete()
    RatingChange.objects.filter(player_id=player_id).delete()


# --- Recompute -------------------------------------------------------------------------------

_RATING_FIELDS = ("scope_id", "player_id", "rank", "mu", "sigma", "games", "change", "last_date")
_CHANGE_FIELDS = (
    "tournament_id", "round_number", "date", "player_id", "games", "mu_before", "sigma_before",
    "mu_after", "sigma_after", "games_after",
)  # fmt: skip


def _ranked(lines: dict[int, tuple[domain_rating.Rating, float, date]]) -> list[tuple]:
    """Rows of a list: by display value (best first), then player id; ranks 1, 2, 3 … (the
    rating has no shared ranks: its values are real numbers)."""
    order = sorted(lines.items(), key=lambda item: (-item[1][0].display, item[0]))
    return [
        (pid, rank, r.mu, r.sigma, r.games, change, last)
        for rank, (pid, (r, change, last)) in enumerate(order, start=1)
    ]


def _write_list(scope: RatingScope, rows: list[tuple]) -> None:
    PlayerRating.objects.filter(scope=scope).delete()
    insert_rows(PlayerRating, _RATING_FIELDS, ((scope.pk, *row) for row in rows))


def _finish(
    scope: RatingScope, generation: int, now: datetime, through: Point | None, **fields
) -> RatingScope:
    """Store when it was computed and the last round the list rests on; clear the mark only
    if nothing changed meanwhile."""
    RatingScope.objects.filter(pk=scope.pk).update(
        computed_at=now,
        through_date=through[0] if through else None,
        through_tournament=through[1] if through else None,
        through_round=through[2] if through else None,
        **fields,
    )
    RatingScope.objects.filter(pk=scope.pk, generation=generation).update(
        pending=False, from_date=None, from_tournament=None, from_round=None
    )
    scope.refresh_from_db()
    return scope


def _through(scope: RatingScope) -> Point | None:
    if scope.through_date is None:
        return None
    return (scope.through_date, scope.through_tournament, scope.through_round)


def _list_lines(scope: RatingScope) -> dict[int, tuple[domain_rating.Rating, float, date]]:
    """A stored list as the recompute holds it: player → (rating, change, last played)."""
    return {
        pid: (domain_rating.Rating(mu, sigma, games), change, last)
        for pid, mu, sigma, games, change, last in PlayerRating.objects.filter(
            scope=scope
        ).values_list("player_id", "mu", "sigma", "games", "change", "last_date")
    }


def rating_recompute_year(
    *, year: int, full: bool = False, now: datetime | None = None
) -> RatingScope:
    """A year's list: from its stored list if the change lies after every round the list
    rests on (the newest round published), else (or ``full``) its published games rated anew,
    everyone starting at the model's prior."""
    now = now or timezone.now()
    scope, _ = RatingScope.objects.get_or_create(year=year)
    generation = scope.generation
    since, through = _mark(scope), _through(scope)
    if full or scope.computed_at is None or since is None or through is None or since <= through:
        since, through, lines = None, None, {}
    else:
        lines = _list_lines(scope)
    inputs = selectors.rating_inputs(year=year, since=since)
    state = {pid: line[0] for pid, line in lines.items()}
    for key, changes in domain_rating.rate_rounds(inputs.rounds, state):
        for c in changes:
            lines[c.player_id] = (c.after, c.after.display - c.before.display, key[0])
        through = key
    with transaction.atomic():
        _write_list(scope, _ranked(lines))
        scope = _finish(scope, generation, now, through)
    log.info(
        "Rating %s recomputed from %s: %s rounds, %s players.",
        year,
        since or "the start",
        len(inputs.rounds),
        len(lines),
    )
    return scope


def rating_recompute_all_time(*, full: bool = False, now: datetime | None = None) -> RatingScope:
    """The all-time chain from its mark on (or from the start): the state just before the mark
    read back from the history, the rounds from there rated, their history and the list
    replaced."""
    now = now or timezone.now()
    scope, _ = RatingScope.objects.get_or_create(year=ALL_TIME)
    generation = scope.generation
    since = None if full or scope.computed_at is None else _mark(scope)
    state, later, kept = {}, frozenset(), {}
    if since:
        state, later = selectors.chain_before(since)
        kept = _list_lines(scope)
    inputs = selectors.rating_inputs(since=since)
    changes_out = []
    for (day, tid, number), changes in domain_rating.rate_rounds(inputs.rounds, state):
        for c in changes:
            kept[c.player_id] = (c.after, c.after.display - c.before.display, day)
            if c.player_id not in inputs.erased:
                changes_out.append(
                    (tid, number, day, c.player_id, c.games, c.before.mu, c.before.sigma,
                     c.after.mu, c.after.sigma, c.after.games)
                )  # fmt: skip
    if since:
        # players whose games from ``since`` on were corrected away: their line before it
        rated = {row[3] for row in changes_out}
        gone = later - rated
        earlier = selectors.last_lines_before(since, gone) if gone else {}
        for pid in gone:
            if pid in earlier:
                kept[pid] = earlier[pid]
            else:
                kept.pop(pid, None)
    kept = {pid: line for pid, line in kept.items() if pid not in inputs.erased}
    with transaction.atomic():
        stale = RatingChange.objects.all()
        if since:
            stale = stale.filter(selectors.later_change_filter(since))
        stale.delete()  # one statement: nothing refers to these rows
        insert_rows(RatingChange, _CHANGE_FIELDS, changes_out)
        _write_list(scope, _ranked(kept))
        scope = _finish(scope, generation, now, None)  # the chain goes on from its history
        if since:
            # the rated rounds' table pages show the changes: their cached pages are stale
            for tid in sorted({key[1] for key in inputs.rounds}):
                events.public_data_changed(tid)
    log.info(
        "Rating (all years) recomputed from %s: %s rounds, %s players.",
        since or "the start",
        len(inputs.rounds),
        len(kept),
    )
    return scope


def rating_recompute_pending(*, now: datetime | None = None) -> list[int]:
    """Every pending scope (the ranking's recompute task and its periodic job call this); the
    years first, then the all-time chain. Returns the years done (0: all-time)."""
    done = []
    for year in (
        RatingScope.objects.filter(pending=True).order_by("-year").values_list("year", flat=True)
    ):
        if year == ALL_TIME:
            rating_recompute_all_time(now=now)
        else:
            rating_recompute_year(year=year, now=now)
        done.append(year)
    return done


def rating_rebuild(*, now: datetime | None = None) -> list[int]:
    """Rate everything from scratch: every year with a tournament, then the all-time chain."""
    years = sorted(set(Tournament.objects.values_list("ranking_year", flat=True)))
    for year in years:
        rating_recompute_year(year=year, full=True, now=now)
    rating_recompute_all_time(full=True, now=now)
    return [*years, ALL_TIME]
