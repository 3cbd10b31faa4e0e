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

With the newest standings, who placed where is stored too (`StandingsPlaces`, one short row per
tournament, valid by the same version): what a career reads of dozens of tournaments.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import DatabaseError, connection, transaction
from django.db.models import Count, F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import translation
from django.utils.translation import get_language

from tournaments.models import PublicChange, StandingsPlaces, StandingsSnapshot, Tournament
from tournaments.standings import html
from tournaments.standings.rows import (
    Places,
    StandingsData,
    from_json,
    from_table,
    places_from_json,
    places_of,
    places_to_json,
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
    return _snapshot(tournament, after_round, full_names)[1]


def _snapshot(
    tournament: Tournament, after_round: int | None, full_names: bool
) -> tuple[int, StandingsData]:
    """`standings_snapshot` and the version it is valid for."""
    if after_round is not None and after_round < 1:
        raise ValueError(after_round)  # like `standings_table`; 0 stands for the newest here
    shown, language = after_round or 0, _language()
    with connection.cursor() as cursor:
        cursor.execute(_READ, [tournament.pk, tournament.pk, shown, full_names, language])
        version, *found = cursor.fetchone()
    if found[0] is not None:
        stored = _data(tournament.pk, full_names, *found)
        if stored is not None:  # None: stored in an older form, computed anew below
            return version, stored
    data = compute(tournament, after_round, full_names)  # read after the version: see above
    _store(tournament.pk, shown, full_names, language, version, data)
    return version, data


def standings_places_many(tournaments: list[Tournament]) -> dict[int, Places]:
    """Who placed where in the public standings after the newest published round of each of
    these tournaments (each has one): `StandingsPlaces`, the valid ones read in one query
    whatever their number, three short lists of numbers each (a career reads one player's
    place in dozens of tournaments: decoding their whole tables cost more than all its
    queries). A tournament without valid places has them derived from its standings
    (`standings_snapshot`, stored or computed) and stored."""
    if not tournaments:
        return {}
    stored = (
        StandingsPlaces.objects.filter(tournament_id__in=[t.pk for t in tournaments])
        .alias(current=_current_version())
        .filter(version=F("current"))
        .values_list("tournament_id", "places")
    )
    found = {tid: places_from_json(text) for tid, text in stored}
    for t in tournaments:
        if t.pk not in found:
            version, data = _snapshot(t, None, False)
            found[t.pk] = places_of(data.rows)
            # stored again if `_snapshot` computed the standings: the places of stored ones
            # may be missing (stored before issue 33.6, or their row was lost)
            _store_places(t.pk, version, found[t.pk])
    return found


_READ = f"""
    SELECT c.n, s.payload, s.parts
    FROM (SELECT COUNT(*) AS n FROM {PublicChange._meta.db_table} WHERE tournament_id = %s) c
    LEFT JOIN {StandingsSnapshot._meta.db_table} s
      ON s.tournament_id = %s AND s.shown = %s AND s.full_names = %s AND s.language = %s
     AND s.version = c.n
"""  # table names from the models, values as parameters


def _data(tid: int, full_names: bool, payload: str, parts: bytes) -> StandingsData | None:
    try:
        stored = html.Parts(parts)
    except ValueError:
        return None
    return from_json(payload, tournament_id=tid, full_names=full_names, parts=stored)


def _store(tid: int, shown: int, full_names: bool, language: str, version: int, data) -> None:
    """Insert or replace; a failure only costs the next reader a computation."""
    row = StandingsSnapshot(
        tournament_id=tid,
        shown=shown,
        full_names=full_names,
        language=language,
        version=version,
        payload=to_json(data),
        parts=data.parts.blob,
    )
    try:
        with transaction.atomic():
            StandingsSnapshot.objects.bulk_create(
                [row],
                update_conflicts=True,
                unique_fields=["tournament", "shown", "full_names", "language"],
                update_fields=["version", "payload", "parts", "computed_at"],
            )
    except DatabaseError:
        log.warning("Rangliste von Turnier %s nicht gespeichert", tid, exc_info=True)
    if shown == 0:  # the newest standings: who placed where, for the careers
        _store_places(tid, version, places_of(data.rows))


def _store_places(tid: int, version: int, places: Places) -> None:
    """Insert or replace (as `_store`)."""
    row = StandingsPlaces(tournament_id=tid, version=version, places=places_to_json(places))
    try:
        with transaction.atomic():
            StandingsPlaces.objects.bulk_create(
                [row],
                update_conflicts=True,
                unique_fields=["tournament"],
                update_fields=["version", "places", "computed_at"],
            )
    except DatabaseError:
        log.warning("Platzierungen von Turnier %s nicht gespeichert", tid, exc_info=True)


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
        stored = _data(snap.tournament_id, snap.full_names, snap.payload, snap.parts)
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
    return found + _places_mismatches(tournament_ids)


def _places_mismatches(tournament_ids: list[int] | None) -> list[SnapshotMismatch]:
    """Every valid stored `StandingsPlaces` that differs from the fresh newest standings."""
    rows = (
        StandingsPlaces.objects.alias(current=_current_version())
        .filter(version=F("current"))
        .select_related("tournament")
        .order_by("tournament_id")
    )
    if tournament_ids:
        rows = rows.filter(tournament_id__in=tournament_ids)
    found = []
    for stored in rows:
        try:
            fresh = places_of(from_table(standings_table(stored.tournament), full_names=False).rows)
        except ValueError:
            fresh = None
        if places_from_json(stored.places) != fresh:
            tid = stored.tournament_id
            what = "nicht mehr veröffentlicht" if fresh is None else "gespeichert weicht ab"
            message = f"Turnier {tid}, Platzierungen nach der neuesten Runde: {what}."
            found.append(SnapshotMismatch(tid, 0, False, "", message))
    return found


def _difference(stored: StandingsData, fresh: StandingsData) -> str:
    for field in StandingsData._fields:
        if getattr(stored, field) != getattr(fresh, field):
            return f"gespeichert weicht ab in „{field}“"
    return "gespeichert weicht ab"


def snapshots_forget(*, tournament_ids: list[int]) -> int:
    """Drop the stored standings of these tournaments (the next reader computes them)."""
    deleted, _ = StandingsSnapshot.objects.filter(tournament_id__in=tournament_ids).delete()
    places, _ = StandingsPlaces.objects.filter(tournament_id__in=tournament_ids).delete()
    return deleted + places
