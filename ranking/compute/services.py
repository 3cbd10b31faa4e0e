"""Keeping the ranking current (SPEC §9): mark changed years, recompute them, daily jobs.

Flow: a change of published results (``tournaments.events.results_changed``) or a commission
decision marks the tournament stale and its year pending *inside* the writing transaction, and
enqueues ``recompute_ranking_year(year)`` after commit. If the broker is down, the enqueue is
logged and swallowed (the write stands) and the periodic job recomputes every pending year.

A recompute re-sums only stale tournaments from their stored round sums (a sheet is scored once,
when it becomes valid; a commission correction has its own lines) and replaces their stored
per-player sums, lets the database add up the year's sums per player, ranks them and rewrites
only the entries that changed; PostgreSQL gets the rows by COPY. It holds no lock while it
computes; counters (``change_count``, ``generation``) tell whether something changed meanwhile,
in which case the marks stay and the queued task runs again. Running it twice gives the same
result (idempotent).
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from ranking.compute import selectors as compute_selectors
from ranking.compute import versions
from ranking.domain import appeals as domain_appeals
from ranking.domain import ranking as domain_ranking
from ranking.domain import versions as domain_versions
from ranking.enums import AppealStatus
from ranking.models import (
    Appeal,
    RankingEntry,
    RankingYear,
    TournamentContribution,
    TournamentRanking,
)
from ranking.rating import services as rating_services
from tournaments.common import breaker
from tournaments.common.bulk import delete_rows, insert_rows
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament

log = logging.getLogger(__name__)


# --- Marking and enqueueing ---------------------------------------------------------------


def _enqueue(year: int) -> None:
    """Send the recompute task; a broker that is down must not fail anything (logged). While the
    cache's breaker says Redis just failed, nothing is sent (`breaker.publish`): the year stays
    pending and the periodic sweep computes it (a hanging broker must not hold the request)."""
    # by name: the task module imports this one, not the other way round
    if not breaker.publish("ranking.recompute_year", year):
        log.warning(
            "Ranking %s: the recompute could not be queued; it stays pending and runs with "
            "the periodic job.",
            year,
        )


def year_mark_pending(*, year: int, now: datetime | None = None, enqueue: bool = True) -> None:
    """Mark a year pending (in the caller's transaction) and enqueue its recompute after commit."""
    now = now or timezone.now()
    snapshot, _ = RankingYear.objects.get_or_create(year=year)
    RankingYear.objects.filter(pk=snapshot.pk).update(pending=True, generation=F("generation") + 1)
    RankingYear.objects.filter(pk=snapshot.pk, pending_since__isnull=True).update(pending_since=now)
    versions.forget_year_versions()  # updates send no `post_save` (see `ranking.receivers`)
    transaction.on_commit(versions.forget_year_versions)
    if enqueue:
        transaction.on_commit(lambda: _enqueue(year))


def tournament_mark_changed(
    *,
    tournament_id: int,
    round_number: int | None = None,
    now: datetime | None = None,
    enqueue: bool = True,
) -> None:
    """Results of a tournament changed for the ranking (from round ``round_number`` on, if
    given): stale contributions, pending year; the skill rating from that round on."""
    year = (
        Tournament.objects.filter(pk=tournament_id).values_list("ranking_year", flat=True).first()
    )
    if year is None:
        return
    TournamentRanking.objects.get_or_create(tournament_id=tournament_id)
    TournamentRanking.objects.filter(pk=tournament_id).update(
        stale=True, change_count=F("change_count") + 1
    )
    rating_services.rating_mark(tournament_id=tournament_id, round_number=round_number)
    year_mark_pending(year=year, now=now, enqueue=enqueue)


def on_results_changed(
    sender, tournament_id: int, round_number: int | None = None, **kwargs
) -> None:
    """Receiver of ``events.results_changed`` (runs inside the publish transaction)."""
    tournament_mark_changed(tournament_id=tournament_id, round_number=round_number)


# --- Recompute ----------------------------------------------------------------------------


_CONTRIBUTION_FIELDS = (
    "tournament_id", "player_id", "rounds", "games", "placement_points", "game_points",
    "first", "second", "third", "fourth", "minus_points",
)  # fmt: skip
_ENTRY_FIELDS = (
    "player_id", "rank", "tournaments", "rounds", "games", "placement_points", "game_points",
    "first", "second", "third", "fourth", "minus_points",
)  # fmt: skip


def _refresh_contributions(tournament_ids: list[int], *, now: datetime) -> int:
    """Sum these tournaments anew from their stored rounds and replace their stored per-player
    sums (only theirs); returns how many were done."""
    if not tournament_ids:
        return 0
    counts = dict(
        TournamentRanking.objects.filter(pk__in=tournament_ids).values_list("pk", "change_count")
    )
    missing = [tid for tid in tournament_ids if tid not in counts]
    if missing:
        TournamentRanking.objects.bulk_create(
            [TournamentRanking(tournament_id=tid) for tid in missing], ignore_conflicts=True
        )
        counts.update({tid: 0 for tid in missing})
    inputs = compute_selectors.tournament_inputs(tournament_ids)
    contribs = domain_ranking.contributions(inputs.rounds, excluded=inputs.excluded)
    with transaction.atomic():
        TournamentContribution.objects.filter(tournament_id__in=tournament_ids).delete()
        insert_rows(
            TournamentContribution,
            _CONTRIBUTION_FIELDS,
            (
                (c.tournament_id, c.player_id, c.rounds, c.games, c.placement_points,
                 c.game_points, *c.placings, c.minus_points)
                for c in contribs
            ),
        )  # fmt: skip
        TournamentRanking.objects.filter(pk__in=tournament_ids).update(computed_at=now)
        # Clear the mark only if no change arrived while we computed.
        by_count: dict[int, list[int]] = {}
        for tid in tournament_ids:
            by_count.setdefault(counts[tid], []).append(tid)
        for count, tids in by_count.items():
            TournamentRanking.objects.filter(pk__in=tids, change_count=count).update(stale=False)
    return len(tournament_ids)


def _write_entries(snapshot: RankingYear, rows) -> int:
    """Make the year's entries equal ``rows``, rewriting only the entries that changed (after
    one round in one tournament, the others' entries stay as they are); returns how many were
    written."""
    wanted = {
        r.player_id: (
            r.player_id, r.rank, r.tournaments, r.rounds, r.games, r.placement_points,
            r.game_points, *r.placings, r.minus_points,
        )
        for r in rows
    }  # fmt: skip
    stale = []
    for pk, *values in snapshot.entries.values_list("pk", *_ENTRY_FIELDS):
        if wanted.get(values[0]) == tuple(values):
            del wanted[values[0]]
        else:
            stale.append(pk)
    delete_rows(RankingEntry, stale)
    return insert_rows(
        RankingEntry,
        ("ranking_year_id", *_ENTRY_FIELDS),
        ((snapshot.pk, *values) for values in wanted.values()),
    )


def ranking_recompute_year(*, year: int, full: bool = False) -> RankingYear:
    """Bring a year's ranking up to date; ``full`` re-scores every tournament from scratch."""
    now = timezone.now()
    snapshot, _ = RankingYear.objects.get_or_create(year=year)
    generation = snapshot.generation
    year_ids = list(compute_selectors.year_tournaments(year).values_list("pk", flat=True))
    if full:
        todo = year_ids
    else:
        fresh = set(
            TournamentRanking.objects.filter(
                pk__in=year_ids, stale=False, computed_at__isnull=False
            ).values_list("pk", flat=True)
        )
        todo = [tid for tid in year_ids if tid not in fresh]
    _refresh_contributions(todo, now=now)

    rules = domain_versions.rules_for_year(year)
    rows = domain_ranking.rank_players(
        compute_selectors.year_player_totals(
            year_ids, struck=compute_selectors.struck_tournament_ids(year)
        ),
        rules=rules,
    )
    with transaction.atomic():
        locked = RankingYear.objects.select_for_update().get(pk=snapshot.pk)
        _write_entries(locked, rows)
        locked.computed_at = now
        locked.rule_version = rules.version
        if locked.generation == generation:
            locked.pending = False
            locked.pending_since = None
        locked.save()
    log.info(
        "Ranking %s recomputed: %s tournaments re-scored, %s players.",
        year,
        len(todo),
        len(rows),
    )
    return locked


def ranking_rebuild(*, year: int | None = None) -> list[RankingYear]:
    """Rebuild from scratch: one year, or every year with counting tournaments or a ranking."""
    years = [year] if year is not None else sorted(compute_selectors.ranking_years())
    return [ranking_recompute_year(year=y, full=True) for y in years]


def ranking_recompute_pending() -> list[int]:
    """Recompute every pending year (the periodic job; also after the broker was down)."""
    years = list(
        RankingYear.objects.filter(pending=True).order_by("year").values_list("year", flat=True)
    )
    for year in years:
        ranking_recompute_year(year=year)
    return years


# --- Daily job: appeal windows and final tournaments ---------------------------------------


def ranking_daily(*, now: datetime | None = None) -> dict:
    """Close appeal windows that have run out, mark tournaments final for the ranking once no
    appeal is undecided, and recompute whatever is pending (Celery beat, once a day)."""

    now = now or timezone.now()
    closed: list[int] = []
    finalised: list[int] = []
    with transaction.atomic():
        candidates = list(
            Tournament.objects.filter(status=TournamentStatus.FINISHED, counts_for_ranking=True)
            .exclude(ranking_state__final_at__isnull=False)
            .values_list("pk", "end_date", "ranking_year")
        )
        expired = [
            (tid, year)
            for tid, end_date, year in candidates
            if not domain_appeals.appeal_in_time(end_date, now)
        ]
        expired_ids = [tid for tid, _ in expired]
        TournamentRanking.objects.bulk_create(
            [TournamentRanking(tournament_id=tid) for tid in expired_ids], ignore_conflicts=True
        )
        states = TournamentRanking.objects.select_for_update().filter(pk__in=expired_ids)
        undecided = set(
            Appeal.objects.filter(tournament_id__in=expired_ids)
            .exclude(status=AppealStatus.DECIDED)
            .values_list("tournament_id", flat=True)
        )
        years = dict(expired)
        for state in states:
            if state.appeals_closed_at is None:
                state.appeals_closed_at = now
                closed.append(state.pk)
            if state.pk not in undecided:
                state.final_at = now
                # Re-score from scratch once at the end: picks up anything not signalled
                # (e.g. a red card given after publication).
                state.stale = True
                state.change_count += 1
                finalised.append(state.pk)
            state.save()
        for year in sorted({years[tid] for tid in finalised}):
            year_mark_pending(year=year, now=now, enqueue=False)
    recomputed = ranking_recompute_pending()
    return {"closed": closed, "final": finalised, "recomputed": recomputed}


def ranking_rebuild_report(*, year: int | None = None) -> list[str]:
    """`rebuild_ranking`: rebuild, then the lines to print, one per year (players, rule version)."""
    snapshots = ranking_rebuild(year=year)
    if not snapshots:
        return [_("No ranking years found.")]
    return [
        _("Ranking %(year)s: %(players)s players, rule version %(version)s.")
        % {
            "year": snapshot.year,
            "players": snapshot.entries.count(),
            "version": snapshot.rule_version,
        }
        for snapshot in snapshots
    ]
