"""The complete copy of a checked-out tournament (issue 18): what the venue laptop loads and
uploads. Plain JSON values only, sorted, so the same state gives the same digest.

Rows are named by stable identifiers, never by database ids: a uuid where the row has no
natural key (tournament, player, pairing change, cut decision, warning, ruling, absence,
referee call), else its natural key inside its parent (round number, table number, seat
letter, sheet version number, sign-off letter, clock action number, the player of a
registration or pin). People of the site (who entered, who decided) travel as usernames.
The registry rows of the tournament's players travel without e-mail; nothing of accounts,
appeals or other tournaments is read.
"""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime
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
)

FORMAT_VERSION = 2
"""Format of the document. Accepted on upload: this one and the one before (format 1 carried
no submission keys of sheet versions)."""

TOURNAMENT_FIELDS = (
    "name", "category", "rounds_planned", "games_per_round", "has_final", "finalists_count",
    "final_mode", "table_policy", "max_players", "ranking_year", "rule_set",
    "counts_for_ranking", "ranking_note", "seconds_per_move", "start_date", "end_date", "venue",
    "status", "registration_opened_at", "signup_deadline", "signup_approval", "table_entry",
    "check_in_opens_at", "check_in_closes_at",
)  # fmt: skip
PLAYER_FIELDS = (
    "federation_number", "is_guest", "first_name", "last_name", "club", "city", "birth_year",
    "publish_name",
)  # fmt: skip
"""The registry fields a venue sees and may change (never the e-mail)."""


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
            result.append(
                {"uuid": str(p.uuid), "erased": p.erased_at is not None}
                | {f: plain(getattr(p, f)) for f in PLAYER_FIELDS}
            )
        return result

    def tournament(self, t: Tournament) -> dict:
        main = next((x for x in self.tournaments if x.pk == t.juniors_of_id), None)
        data = {f: plain(getattr(t, f)) for f in TOURNAMENT_FIELDS}
        data |= {
            "uuid": str(t.uuid),
            "juniors_of": str(main.uuid) if main else None,
            "created_by": self.user(t.created_by_id),
            "teams": sorted(
                Team.objects.filter(tournament=t).values_list("name", flat=True), key=str
            ),
            "registrations": self.registrations(t),
            "pins": sorted(
                (
                    {
                        "player": self.player(p.player_id),
                        "table_number": p.table_number,
                        "reason": p.reason,
                        "created_by": self.user(p.created_by_id),
                        "created_at": plain(p.created_at),
                    }
                    for p in TablePin.objects.filter(tournament=t)
                ),
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
        return data

    def registrations(self, t: Tournament) -> list[dict]:
        rows = Registration.objects.filter(tournament=t).select_related("team")
        result = [
            {
                "player": self.player(r.player_id),
                "reserve": r.reserve,
                "team": r.team.name if r.team else None,
                "checked_in_at": plain(r.checked_in_at),
                "withdrawn_at": plain(r.withdrawn_at),
                "registered_at": plain(r.registered_at),
                "registered_by": self.user(r.registered_by_id),
                "source": r.source,
            }
            for r in rows
        ]
        return sorted(result, key=lambda x: x["player"])

    def cut(self, c: CutDecision) -> dict:
        return {
            "uuid": str(c.uuid),
            "kind": c.kind,
            "table_number": c.table_number,
            "tied": [self.player(pk) for pk in c.tied_player_ids],
            "chosen": [self.player(pk) for pk in c.chosen_player_ids],
            "method": c.method,
            "reason": c.reason,
            "decided_by": self.user(c.decided_by_id),
            "decided_at": plain(c.decided_at),
        }

    def warning(self, w: PlayerWarning) -> dict:
        return {
            "uuid": str(w.uuid),
            "player": self.player(w.player_id),
            "round": w.round.number if w.round_id else None,
            "game_number": w.game_number,
            "table_number": w.table_number,
            "kind": w.kind,
            "ground": w.ground,
            "ground_text": w.ground_text,
            "note": w.note,
            "given_by": self.user(w.given_by_id),
            "given_at": plain(w.given_at),
            "withdrawn_at": plain(w.withdrawn_at),
            "withdrawn_by": self.user(w.withdrawn_by_id),
            "withdrawal_reason": w.withdrawal_reason,
        }

    def ruling(self, r: Ruling) -> dict:
        return {
            "uuid": str(r.uuid),
            "round": r.round.number if r.round_id else None,
            "table_number": r.table_number,
            "game_number": r.game_number,
            "question": r.question,
            "decision": r.decision,
            "rule_cited": r.rule_cited,
            "objections": r.objections,
            "status": r.status,
            "escalated_from": str(r.escalated_from.uuid) if r.escalated_from_id else None,
            "decided_by": self.user(r.decided_by_id),
            "decided_at": plain(r.decided_at),
        }

    def round(self, r: Round) -> dict:
        tables = Table.objects.filter(round=r).order_by("number")
        seats: dict[int, list[dict]] = {}
        for s in Seat.objects.filter(round=r).order_by("letter"):
            seats.setdefault(s.table_id, []).append(
                {"letter": s.letter, "player": self.player(s.player_id), "reserve": s.reserve}
            )
        sheets = {s.table_id: s for s in ResultSheet.objects.filter(round=r)}
        return {
            "number": r.number,
            "kind": r.kind,
            "status": r.status,
            "seed": r.seed,
            "method": r.method,
            "notice": r.notice,
            "created_by": self.user(r.created_by_id),
            "created_at": plain(r.created_at),
            "released_at": plain(r.released_at),
            "published_at": plain(r.published_at),
            "tables": [
                {
                    "number": t.number,
                    "seats": seats.get(t.pk, []),
                    "sheet": self.sheet(sheets[t.pk]) if t.pk in sheets else None,
                }
                for t in tables
            ],
            "changes": [self.change(c) for c in PairingChange.objects.filter(round=r)],
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
                self.clock(a) for a in RoundClockAction.objects.filter(round=r).order_by("number")
            ],
        }

    def clock(self, a: RoundClockAction) -> dict:
        return {
            "number": a.number,
            "action": a.action,
            "minutes": a.minutes,
            "at": plain(a.at),
            "created_by": self.user(a.created_by_id),
        }

    def signoff(self, o: SheetSignoff) -> dict:
        return {
            "letter": o.letter,
            "verdict": o.verdict,
            "note": o.note,
            "device": o.device,
            "created_at": plain(o.created_at),
        }

    def sheet_version(self, v: SheetVersion, signoffs: list[dict]) -> dict:
        return {
            "number": v.number,
            "games": v.games,
            "status": v.status,
            "action": v.action,
            "reason": v.reason,
            "filled_in_by": v.filled_in_by,
            "signed_by_all": v.signed_by_all,
            "created_by": self.user(v.created_by_id),
            "created_at": plain(v.created_at),
            "device": v.device,
            "submission_key": plain(v.submission_key),
            "signoffs": signoffs,
        }

    def sheet(self, s: ResultSheet) -> dict:
        versions = SheetVersion.objects.filter(sheet=s).order_by("number")
        signoffs: dict[int, list[dict]] = {}
        for o in SheetSignoff.objects.filter(version__sheet=s).order_by("letter"):
            signoffs.setdefault(o.version_id, []).append(self.signoff(o))
        numbers = {v.pk: v.number for v in versions}
        return {
            "status": s.status,
            "version": s.version,
            "current": numbers.get(s.current_id),
            "confirmed": numbers.get(s.confirmed_id),
            "versions": [self.sheet_version(v, signoffs.get(v.pk, [])) for v in versions],
        }

    def change(self, c: PairingChange) -> dict:
        return {
            "uuid": str(c.uuid),
            "user": self.user(c.user_id),
            "at": plain(c.at),
            "action": c.action,
            "description": c.description,
            "created_repeat": c.created_repeat,
        }

    def absence(self, a: Absence) -> dict:
        return {
            "uuid": str(a.uuid),
            "player": self.player(a.player_id),
            "from_game": a.from_game,
            "reason": a.reason,
            "warning": str(a.warning.uuid) if a.warning_id else None,
            "registration": self.player(a.registration.player_id) if a.registration_id else None,
            "created_by": self.user(a.created_by_id),
            "created_at": plain(a.created_at),
            "cancelled_at": plain(a.cancelled_at),
            "cancelled_by": self.user(a.cancelled_by_id),
        }

    def call(self, c: RefereeCall) -> dict:
        return {
            "uuid": str(c.uuid),
            "table_number": c.table.number,
            "reason": c.reason,
            "device": c.device,
            "created_at": plain(c.created_at),
            "taken_by": self.user(c.taken_by_id),
            "taken_at": plain(c.taken_at),
            "closed_by": self.user(c.closed_by_id),
            "closed_at": plain(c.closed_at),
            "outcome": c.outcome,
            "warning": str(c.warning.uuid) if c.warning_id else None,
            "ruling": str(c.ruling.uuid) if c.ruling_id else None,
        }


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
    }
