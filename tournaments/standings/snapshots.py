"""Stored standings (issue 14): computed once per announced change, read as one row.

A cold page (its page cache empty, e.g. right after a publication) reads the tournament's
`StandingsSnapshot` of that round, names choice and language, with its HTML rows, in one query
instead of five queries, the ordering and the formatting. The snapshot is valid only while its
version equals the tournament's count of `PublicChange` rows, compared in that same query: every
announced change (publication, correction, appeal or commission decision, red card, name) adds a
row in its own transaction, so from its commit on the old snapshot is never read again.

A reader that finds none computes, serves and stores it (the first request or the warm-up after
a publication). Its version is counted *before* computing: if a change commits meanwhile, the
count has moved on and the row is never read; it is replaced by the next reader.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import DatabaseError, connection, transaction
from django.db.models import Count, F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import translation
from django.utils.translation import get_language

from tournaments.models import PublicChange, StandingsSnapshot, Tournament
from tournaments.standings import html
from tournaments.standings.rows import (
    HEAD_LENGTH,
    StandingsData,
    from_json,
    from_table,
    parts_from_text,
    parts_text,
    to_json,
)
from tournaments.standings.selectors import published_round_numbers, standings_table

log = logging.getLogger(__name__)


def _current_version():
    changes = (
        PublicChange.objects.filter(tournament_id=OuterRef("tournament_id"))
        .order_by()
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(changes), Value(0))


def _language() -> str:
    return get_language() or "de"


def compute(tournament: Tournament, after_round: int | None, full_names: bool) -> StandingsData:
    """The standings computed now, with their HTML parts (ValueError: round not published)."""
    data = from_table(standings_table(tournament, after_round=after_round), full_names=full_names)
    return data._replace(parts=html.parts(data))


def standings_snapshot(
    tournament: Tournament, *, after_round: int | None, full_names: bool
) -> StandingsData:
    """The stored standings if still valid, else computed, stored and returned. One query
    reads both the tournament's version and its snapshot, if one of that version exists."""
    if after_round is not None and after_round < 1:
        raise ValueError(after_round)  # like `standings_table`; 0 stands for the newest here
    shown, language = after_round or 0, _language()
    with connection.cursor() as cursor:
        cursor.execute(_READ, [tournament.pk, tournament.pk, shown, full_names, language])
        version, *found = cursor.fetchone()
    if found[0] is not None:
        stored = _data(tournament.pk, full_names, *found)
        if stored is not None:  # None: stored in an older form, computed anew below
            return stored
    data = compute(tournament, after_round, full_names)  # read after the version: see above
    _store(tournament.pk, shown, full_names, language, version, data)
    return data


def standings_rows_many(tournaments: list[Tournament]) -> dict[int, Sequence[Sequence]]:
    """The public standings' rows (``Row`` field order: rank, player id, …, finalist at 6) after
    the newest published round of each of these tournaments (each has one). The stored ones
    still valid are read in two queries whatever their number and decoded as plain lists (a
    career reads one row of each: building 200 `Row` tuples per tournament would cost more than
    the queries); the others are computed and stored (`standings_snapshot`)."""
    if not tournaments:
        return {}
    ids = [t.pk for t in tournaments]
    versions = dict(
        PublicChange.objects.filter(tournament_id__in=ids)
        .order_by()
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .values_list("tournament_id", "n")
    )
    found: dict[int, Sequence[Sequence]] = {}
    stored = StandingsSnapshot.objects.filter(
        tournament_id__in=ids, shown=0, full_names=False, language=_language()
    ).values_list("tournament_id", "version", "payload", "rows")
    for tid, version, payload, rows in stored:
        if version == versions.get(tid, 0) and len(json.loads(payload)) == HEAD_LENGTH:
            found[tid] = json.loads(rows)
    for t in tournaments:
        if t.pk not in found:
            found[t.pk] = standings_snapshot(t, after_round=None, full_names=False).rows
    return found


_READ = f"""
    SELECT c.n, s.payload, s.rows, s.html
    FROM (SELECT COUNT(*) AS n FROM {PublicChange._meta.db_table} WHERE tournament_id = %s) c
    LEFT JOIN {StandingsSnapshot._meta.db_table} s
      ON s.tournament_id = %s AND s.shown = %s AND s.full_names = %s AND s.language = %s
     AND s.version = c.n
"""  # table names from the models, values as parameters


def _data(
    tid: int, full_names: bool, payload: str, rows: str, html_text: str
) -> StandingsData | None:
    parts = parts_from_text(html_text)
    return from_json(payload, rows, tournament_id=tid, full_names=full_names, parts=parts)


def _store(tid: int, shown: int, full_names: bool, language: str, version: int, data) -> None:
    """Insert or replace; a failure only costs the next reader a computation."""
    payload, rows = to_json(data)
    row = StandingsSnapshot(
        tournament_id=tid,
        shown=shown,
        full_names=full_names,
        language=language,
        version=version,
        payload=payload,
        rows=rows,
        html=parts_text(data.parts),
    )
    try:
        with transaction.atomic():
            StandingsSnapshot.objects.bulk_create(
                [row],
                update_conflicts=True,
                unique_fields=["tournament", "shown", "full_names", "language"],
                update_fields=["version", "payload", "rows", "html", "computed_at"],
            )
    except DatabaseError:
        log.warning("Rangliste von Turnier %s nicht gespeichert", tid, exc_info=True)


def standings_snapshots_store(*, tournament_id: int) -> int:
    """Store the public standings after the newest round (what the rush asks for first) if
    not stored yet; run by the warm-up task after a publication. Returns the rows read or
    written (0: no published round or unknown tournament)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not published_round_numbers(tournament):
        return 0
    standings_snapshot(tournament, after_round=None, full_names=False)
    return 1


@dataclass(frozen=True)
class SnapshotMismatch:
    tournament_id: int
    shown: int
    full_names: bool
    language: str
    message: str


def snapshot_mismatches(tournament_ids: list[int] | None = None) -> list[SnapshotMismatch]:
    """Every valid stored snapshot that differs from a fresh computation (should be none)."""
    rows = (
        StandingsSnapshot.objects.alias(current=_current_version())
        .filter(version=F("current"))
        .order_by("tournament_id", "shown", "full_names", "language")
    )
    if tournament_ids:
        rows = rows.filter(tournament_id__in=tournament_ids)
    tournaments = Tournament.objects.in_bulk({s.tournament_id for s in rows})
    found = []
    for snap in rows:
        stored = _data(snap.tournament_id, snap.full_names, snap.payload, snap.rows, snap.html)
        with translation.override(snap.language):
            try:
                tournament = tournaments[snap.tournament_id]
                fresh = compute(tournament, snap.shown or None, snap.full_names)
            except ValueError:
                fresh = None
        if fresh != stored:
            if stored is None:
                what = "in älterer Form gespeichert"
            elif fresh is None:
                what = "nicht mehr veröffentlicht"
            else:
                what = _difference(stored, fresh)
            found.append(
                SnapshotMismatch(
                    snap.tournament_id,
                    snap.shown,
                    snap.full_names,
                    snap.language,
                    f"Turnier {snap.tournament_id}, Rangliste nach "
                    f"{'der neuesten Runde' if not snap.shown else f'Runde {snap.shown}'} "
                    f"({'volle Namen' if snap.full_names else 'öffentlich'}, {snap.language}): "
                    f"{what}.",
                )
            )
    return found


def _difference(stored: StandingsData, fresh: StandingsData) -> str:
    for field in StandingsData._fields:
        if getattr(stored, field) != getattr(fresh, field):
            return f"gespeichert weicht ab in „{field}“"
    return "gespeichert weicht ab"


def snapshots_forget(*, tournament_ids: list[int]) -> int:
    """Drop the stored standings of these tournaments (the next reader computes them)."""
    deleted, _ = StandingsSnapshot.objects.filter(tournament_id__in=tournament_ids).delete()
    return deleted
