"""The complete copy of a checked-out tournament (issue 18): what the venue laptop loads and
uploads. Plain JSON values only, sorted, so the same state gives the same digest.

Rows are named by stable identifiers, never by database ids: a uuid where the row has no
natural key (tournament, player, pairing change, cut decision, warning, ruling, absence,
referee call), else its natural key inside its parent (round number, table number, seat
letter, sheet version number, sign-off letter, clock action number, the player of a
registration or pin). People of the site (who entered, who decided) travel as usernames.
The registry rows of the tournament's players travel without e-mail; nothing of accounts,
appeals or other tournaments is read. Which fields of which rows travel, and how, is declared
in `carried`; `Export.row` writes a row as declared there.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
from functools import cache
from uuid import UUID

from django.contrib.auth import get_user_model
from django.db.models import Q

from tournaments.models import (
    Absence,
    CutDecision,
    PairingChange,
    Player,
    PlayerWarning,
    RefereeCall,
    Registration,
    ResultSheet,
    Round,
    RoundClockAction,
    Ruling,
    Seat,
    SheetSignoff,
    SheetVersion,
    Table,
    TablePin,
    Team,
    Tournament,
    VenueCheckout,
    VenuePerson,
)
from tournaments.venue.carried import CARRIED

FORMAT_VERSION = 2
"""Format of the document. Accepted on upload: this one and the one before (format 1 carried
no submission keys of sheet versions)."""

VALUE, USER, PLAYER, LINK, SHAPED = "value", "user", "player", "link", "shaped"


def plain(value):
    """A JSON value for a model value (dates and times as ISO text, uuids as text)."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    return value


def document_digest(document: dict) -> str:
    """sha256 of the canonical JSON of the document without ``made_at`` (the venue's clock)."""
    content = {k: v for k, v in document.items() if k != "made_at"}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@cache
def _layout(model) -> tuple[tuple[str, str, str], ...]:
    """(document key, attribute, way) of the carried fields of ``model``, in field order."""
    carried = CARRIED[model]
    ways = {name: VALUE for name in carried.key + carried.values}
    ways |= {name: USER for name in carried.people} | {name: PLAYER for name in carried.players}
    ways |= {name: LINK for name in carried.links} | {name: SHAPED for name in carried.shaped}
    layout = []
    for f in model._meta.get_fields():
        way = ways.get(f.name)
        if way == SHAPED:
            layout.append((carried.shaped[f.name].key, f.name, way))
        elif way is not None:
            layout.append((f.name, f.attname, way))
    return tuple(layout)


class Export:
    """Reads one event (the tournament and its juniors' field) into plain dicts."""

    def __init__(self, tournaments: list[Tournament]):
        self.ids = [t.pk for t in tournaments]
        self.tournaments = tournaments
        self.users: dict[int, str] = {}
        self.players: dict[int, str] = {}  # pk → uuid

    def user(self, pk: int | None) -> str | None:
        if pk is None:
            return None
        if not self.users:
            self.users = dict(get_user_model().objects.values_list("pk", "username"))
        return self.users.get(pk)

    def player(self, pk: int | None) -> str | None:
        return None if pk is None else self.players[pk]

    def row(self, obj, **shaped) -> dict:
        """The row of ``obj`` as `carried.CARRIED` declares it; the shaped fields as given, by
        their document key."""
        data = {}
        for key, attribute, way in _layout(type(obj)):
            if way == VALUE:
                data[key] = plain(getattr(obj, attribute))
            elif way == USER:
                data[key] = self.user(getattr(obj, attribute))
            elif way == PLAYER:
                data[key] = self.player(getattr(obj, attribute))
            elif way == LINK:
                linked = getattr(obj, attribute) is not None
                data[key] = str(getattr(obj, key).uuid) if linked else None
            else:
                data[key] = shaped.pop(key)
        if shaped:
            raise TypeError(f"not shaped fields of {type(obj).__name__}: {sorted(shaped)}")
        return data

    def players_rows(self) -> list[dict]:
        t = Q(registrations__tournament_id__in=self.ids) | Q(
            seats__round__tournament_id__in=self.ids
        )
        t |= Q(warnings__tournament_id__in=self.ids)
        pinned = TablePin.objects.filter(tournament_id__in=self.ids).values("player_id")
        # in the order of the central ids: the laptop inserts them in this order, so its ids
        # sort alike and the same seed draws the same pairing there (acceptance 1)
        rows = Player.objects.filter(t | Q(pk__in=pinned)).distinct().order_by("pk")
        result = []
        for p in rows:
            self.players[p.pk] = str(p.uuid)
            result.append(self.row(p, erased=p.erased_at is not None))
        return result

    def tournament(self, t: Tournament) -> dict:
        main = next((x for x in self.tournaments if x.pk == t.juniors_of_id), None)
        return self.row(t, juniors_of=str(main.uuid) if main else None) | {
            "teams": sorted(
                Team.objects.filter(tournament=t).values_list("name", flat=True), key=str
            ),
            "registrations": self.registrations(t),
            "pins": sorted(
                (self.row(p) for p in TablePin.objects.filter(tournament=t)),
                key=lambda x: x["player"],
            ),
            "cut_decisions": [self.cut(c) for c in CutDecision.objects.filter(tournament=t)],
            "warnings": [
                self.warning(w)
                for w in PlayerWarning.objects.filter(tournament=t).select_related("round")
            ],
            "rulings": [
                self.ruling(r)
                for r in Ruling.objects.filter(tournament=t).select_related(
                    "round", "escalated_from"
                )
            ],
            "rounds": [self.round(r) for r in Round.objects.filter(tournament=t)],
        }

    def registrations(self, t: Tournament) -> list[dict]:
        rows = Registration.objects.filter(tournament=t).select_related("team")
        result = [self.row(r, team=r.team.name if r.team else None) for r in rows]
        return sorted(result, key=lambda x: x["player"])

    def cut(self, c: CutDecision) -> dict:
        return self.row(
            c,
            tied=[self.player(pk) for pk in c.tied_player_ids],
            chosen=[self.player(pk) for pk in c.chosen_player_ids],
        )

    def warning(self, w: PlayerWarning) -> dict:
        return self.row(w, round=w.round.number if w.round_id else None)

    def ruling(self, r: Ruling) -> dict:
        return self.row(
            r,
            round=r.round.number if r.round_id else None,
            escalated_from=str(r.escalated_from.uuid) if r.escalated_from_id else None,
        )

    def round(self, r: Round) -> dict:
        tables = Table.objects.filter(round=r).order_by("number")
        seats: dict[int, list[dict]] = {}
        for s in Seat.objects.filter(round=r).order_by("letter"):
            seats.setdefault(s.table_id, []).append(self.row(s))
        sheets = {s.table_id: s for s in ResultSheet.objects.filter(round=r)}
        return self.row(r) | {
            "tables": [
                self.row(t)
                | {
                    "seats": seats.get(t.pk, []),
                    "sheet": self.sheet(sheets[t.pk]) if t.pk in sheets else None,
                }
                for t in tables
            ],
            "changes": [self.row(c) for c in PairingChange.objects.filter(round=r)],
            "absences": [
                self.absence(a)
                for a in Absence.objects.filter(round=r).select_related("warning", "registration")
            ],
            "calls": [
                self.call(c)
                for c in RefereeCall.objects.filter(round=r).select_related(
                    "table", "warning", "ruling"
                )
            ],
            "clock": [
                self.row(a) for a in RoundClockAction.objects.filter(round=r).order_by("number")
            ],
        }

    def sheet_version(self, v: SheetVersion, signoffs: list[dict]) -> dict:
        return self.row(v) | {"signoffs": signoffs}

    def sheet(self, s: ResultSheet) -> dict:
        versions = SheetVersion.objects.filter(sheet=s).order_by("number")
        signoffs: dict[int, list[dict]] = {}
        for o in SheetSignoff.objects.filter(version__sheet=s).order_by("letter"):
            signoffs.setdefault(o.version_id, []).append(self.row(o))
        numbers = {v.pk: v.number for v in versions}
        current, confirmed = numbers.get(s.current_id), numbers.get(s.confirmed_id)
        return self.row(s, current=current, confirmed=confirmed) | {
            "versions": [self.sheet_version(v, signoffs.get(v.pk, [])) for v in versions],
        }

    def absence(self, a: Absence) -> dict:
        registration = self.player(a.registration.player_id) if a.registration_id else None
        return self.row(a, registration=registration)

    def call(self, c: RefereeCall) -> dict:
        return self.row(c, table_number=c.table.number)

    def venue_persons(self, checkout: VenueCheckout) -> list[dict]:
        """The helpers the venue added (issue 29), by uuid: the same rows on both sides."""
        rows = [self.row(p) for p in VenuePerson.objects.filter(checkout=checkout)]
        return sorted(rows, key=lambda x: x["uuid"])


def event_tournaments(tournament: Tournament) -> list[Tournament]:
    """The tournament and its juniors' field (main first): they travel together."""
    rows = list(Tournament.objects.same_event(tournament))
    return sorted(rows, key=lambda t: t.juniors_of_id is not None)


def players_snapshot(*, tournament: Tournament) -> dict[str, dict]:
    """The registry rows of the event's players, by uuid (the checkout's conflict base)."""
    export = Export(event_tournaments(tournament))
    return {row["uuid"]: row for row in export.players_rows()}


def tournament_document(
    *, tournament: Tournament, checkout: VenueCheckout, sequence: int, made_at: datetime
) -> dict:
    """The complete copy of ``tournament`` (with its juniors' field) for ``checkout``."""
    fields = event_tournaments(tournament)
    export = Export(fields)
    players = export.players_rows()
    return {
        "format": FORMAT_VERSION,
        "checkout": str(checkout.uuid),
        "sequence": sequence,
        "made_at": plain(made_at),
        "software_version": checkout.software_version,
        "players": players,
        "tournaments": [export.tournament(t) for t in fields],
        "venue_persons": export.venue_persons(checkout),
    }
