"""The append-only rows of a venue document (see `load`): sheets with their versions and
sign-offs, and the logs of a tournament (warnings, rulings, cut decisions, pairing changes,
absences, referee calls, clock actions). Known rows are compared with the document through the
same export that wrote it (`document.Export`), so "the same row" means the same JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from tournaments.models import (
    Absence,
    CutDecision,
    PairingChange,
    PlayerWarning,
    RefereeCall,
    Registration,
    Round,
    RoundClockAction,
    Ruling,
    Table,
    Tournament,
)
from tournaments.venue.document import Export

if TYPE_CHECKING:
    from tournaments.venue.load import Writer

WHO = {
    "created_by", "given_by", "decided_by", "withdrawn_by", "cancelled_by", "taken_by",
    "closed_by", "user", "registered_by", "signoffs",
}  # fmt: skip
"""Compared as people of each site, not as content: a venue's user may not exist centrally."""


class DocumentInvalid(ValidationError):
    """The document breaks a rule or contradicts what is stored: refused whole."""


def invalid(message: str) -> DocumentInvalid:
    return DocumentInvalid(message)


def exporter(w: Writer) -> Export:
    export = getattr(w, "_export", None)
    if export is None:
        export = w._export = Export([])
        export.players = {pk: ref for ref, pk in w.players.items()}
    return export


def compare(old: dict, new: dict, *, once: tuple[str, ...] = ()) -> tuple[bool, bool]:
    """(differs in a way that is refused, has set-once fields to fill in)."""
    diffs = [k for k in new if k not in WHO and old.get(k) != new[k]]
    refused = any(k not in once or old.get(k) not in (None, "") for k in diffs)
    return refused, bool(diffs)


def sync(
    w: Writer,
    *,
    kind: str,
    what: str,
    stored: dict,
    rows: list[dict],
    key: Callable[[dict], object],
    export: Callable,
    create: Callable[[dict], object],
    fill: Callable | None = None,
    once: tuple[str, ...] = (),
) -> int:
    """Insert the new rows, compare the known ones, refuse a stored row the document lacks.
    ``kind`` counts the inserts (`VenueUpload.counts`), ``what`` names the row in messages.
    Returns the number of rows inserted or filled in."""
    changed = 0
    seen = set()
    for row in rows:
        k = key(row)
        seen.add(k)
        obj = stored.get(k)
        if obj is None:
            create(row)
            w.counts[kind] += 1
            changed += 1
            continue
        refused, fills = compare(export(obj), row, once=once)
        if refused:
            raise invalid(
                _(
                    "%(what)s %(key)s differs from the one already recorded; recorded entries are "
                    "never changed."
                )
                % {"what": what, "key": k}
            )
        if fills and fill is not None:
            fill(obj, row)
            changed += 1
    missing = [k for k in stored if k not in seen]
    if missing:
        raise invalid(
            _("The upload lacks %(what)s %(key)s that was already recorded (an older copy?).")
            % {"what": what, "key": missing[0]}
        )
    return changed


def when(text):
    return parse_datetime(text) if text else None


def stamp(model, pk: int, **fields) -> None:
    """Set the times the database would set itself on insert (auto_now_add)."""
    model.objects.filter(pk=pk).update(**{k: when(v) for k, v in fields.items()})


# --- logs of a tournament ---------------------------------------------------------------------


class Logs:
    def __init__(self, w: Writer, t: Tournament, rounds: dict[int, Round]):
        self.w, self.t, self.rounds = w, t, rounds
        self.export = exporter(w)

    def round_id(self, number: int | None) -> int | None:
        return None if number is None else self.rounds[number].pk

    def by_uuid(self, model, **filters) -> dict:
        return {str(o.uuid): o for o in model.objects.filter(**filters)}

    def write(self, data: dict) -> None:
        w, t = self.w, self.t
        n = sync(
            w,
            kind="warnings",
            what=_("Warning"),
            stored=self.by_uuid(PlayerWarning, tournament=t),
            rows=data["warnings"],
            key=lambda r: r["uuid"],
            export=self.export.warning,
            create=self.warning_create,
            fill=self.warning_fill,
            once=("withdrawn_at", "withdrawal_reason"),
        )
        n += sync(
            w,
            kind="rulings",
            what=_("Ruling"),
            stored=self.by_uuid(Ruling, tournament=t),
            rows=data["rulings"],
            key=lambda r: r["uuid"],
            export=self.export.ruling,
            create=self.ruling_create,
        )
        n += sync(
            w,
            kind="cut decisions",
            what=_("Decision on a tie"),
            stored=self.by_uuid(CutDecision, tournament=t),
            rows=data["cut_decisions"],
            key=lambda r: r["uuid"],
            export=self.export.cut,
            create=self.cut_create,
        )
        for rdata in data["rounds"]:
            n += self.write_round_logs(self.rounds[rdata["number"]], rdata)
        if n:
            w.touch(t)

    def write_round_logs(self, rnd: Round, data: dict) -> int:
        w = self.w
        n = sync(
            w,
            kind="pairing changes",
            what=_("Pairing change"),
            stored=self.by_uuid(PairingChange, round=rnd),
            rows=data["changes"],
            key=lambda r: r["uuid"],
            export=self.export.change,
            create=lambda row: self.change_create(rnd, row),
        )
        n += sync(
            w,
            kind="absences",
            what=_("Absence"),
            stored=self.by_uuid(Absence, round=rnd),
            rows=data["absences"],
            key=lambda r: r["uuid"],
            export=self.export.absence,
            create=lambda row: self.absence_create(rnd, row),
            fill=self.absence_fill,
            once=("cancelled_at",),
        )
        n += sync(
            w,
            kind="referee calls",
            what=_("Referee call"),
            stored=self.by_uuid(RefereeCall, round=rnd),
            rows=data["calls"],
            key=lambda r: r["uuid"],
            export=self.export.call,
            create=lambda row: self.call_create(rnd, row),
            fill=self.call_fill,
            once=("taken_at", "closed_at", "outcome", "warning", "ruling"),
        )
        stored = {a.number: a for a in RoundClockAction.objects.filter(round=rnd)}
        n += sync(
            w,
            kind="clock actions",
            what=_("Clock action"),
            stored=stored,
            rows=data["clock"],
            key=lambda r: r["number"],
            export=self.export.clock,
            create=lambda row: RoundClockAction.objects.create(
                round=rnd,
                number=row["number"],
                action=row["action"],
                minutes=row["minutes"],
                at=when(row["at"]),
                created_by_id=w.user(row["created_by"]),
            ),
        )
        return n

    def warning_create(self, row: dict) -> None:
        w = self.w
        o = PlayerWarning.objects.create(
            uuid=row["uuid"],
            tournament=self.t,
            player_id=w.player(row["player"]),
            round_id=self.round_id(row["round"]),
            game_number=row["game_number"],
            table_number=row["table_number"],
            kind=row["kind"],
            ground=row["ground"],
            ground_text=row["ground_text"],
            note=row["note"],
            given_by_id=w.user(row["given_by"]),
            withdrawn_at=when(row["withdrawn_at"]),
            withdrawn_by_id=w.user(row["withdrawn_by"]),
            withdrawal_reason=row["withdrawal_reason"],
        )
        stamp(PlayerWarning, o.pk, given_at=row["given_at"])

    def warning_fill(self, o: PlayerWarning, row: dict) -> None:
        PlayerWarning.objects.filter(pk=o.pk).update(
            withdrawn_at=when(row["withdrawn_at"]),
            withdrawn_by_id=self.w.user(row["withdrawn_by"]),
            withdrawal_reason=row["withdrawal_reason"],
        )

    def ruling_create(self, row: dict) -> None:
        earlier = Ruling.objects.filter(uuid=row["escalated_from"]).first()
        if row["escalated_from"] and earlier is None:
            raise invalid(_("A final ruling names a ruling the upload does not carry."))
        o = Ruling.objects.create(
            uuid=row["uuid"],
            tournament=self.t,
            round_id=self.round_id(row["round"]),
            table_number=row["table_number"],
            game_number=row["game_number"],
            question=row["question"],
            decision=row["decision"],
            rule_cited=row["rule_cited"],
            objections=row["objections"],
            status=row["status"],
            escalated_from=earlier,
            decided_by_id=self.w.user(row["decided_by"]),
        )
        stamp(Ruling, o.pk, decided_at=row["decided_at"])

    def cut_create(self, row: dict) -> None:
        w = self.w
        CutDecision.objects.create(
            uuid=row["uuid"],
            tournament=self.t,
            kind=row["kind"],
            table_number=row["table_number"],
            tied_player_ids=[w.player(p) for p in row["tied"]],
            chosen_player_ids=[w.player(p) for p in row["chosen"]],
            method=row["method"],
            reason=row["reason"],
            decided_by_id=w.user(row["decided_by"]),
            decided_at=when(row["decided_at"]),
        )

    def change_create(self, rnd: Round, row: dict) -> None:
        o = PairingChange.objects.create(
            uuid=row["uuid"],
            round=rnd,
            user_id=self.w.user(row["user"]),
            action=row["action"],
            description=row["description"],
            created_repeat=row["created_repeat"],
        )
        stamp(PairingChange, o.pk, at=row["at"])

    def absence_create(self, rnd: Round, row: dict) -> None:
        w = self.w
        registration = None
        if row["registration"]:
            registration = Registration.objects.get(
                tournament=self.t, player_id=w.player(row["registration"])
            )
        o = Absence.objects.create(
            uuid=row["uuid"],
            round=rnd,
            player_id=w.player(row["player"]),
            from_game=row["from_game"],
            reason=row["reason"],
            warning=PlayerWarning.objects.filter(uuid=row["warning"]).first()
            if row["warning"]
            else None,
            registration=registration,
            created_by_id=w.user(row["created_by"]),
            cancelled_at=when(row["cancelled_at"]),
            cancelled_by_id=w.user(row["cancelled_by"]),
        )
        stamp(Absence, o.pk, created_at=row["created_at"])

    def absence_fill(self, o: Absence, row: dict) -> None:
        Absence.objects.filter(pk=o.pk).update(
            cancelled_at=when(row["cancelled_at"]),
            cancelled_by_id=self.w.user(row["cancelled_by"]),
        )

    def call_fields(self, row: dict) -> dict:
        w = self.w
        return {
            "taken_by_id": w.user(row["taken_by"]),
            "taken_at": when(row["taken_at"]),
            "closed_by_id": w.user(row["closed_by"]),
            "closed_at": when(row["closed_at"]),
            "outcome": row["outcome"],
            "warning": PlayerWarning.objects.filter(uuid=row["warning"]).first()
            if row["warning"]
            else None,
            "ruling": Ruling.objects.filter(uuid=row["ruling"]).first() if row["ruling"] else None,
        }

    def call_create(self, rnd: Round, row: dict) -> None:
        table = Table.objects.get(round=rnd, number=row["table_number"])
        o = RefereeCall.objects.create(
            uuid=row["uuid"],
            tournament=self.t,
            round=rnd,
            table=table,
            reason=row["reason"],
            device=row["device"],
            **self.call_fields(row),
        )
        stamp(RefereeCall, o.pk, created_at=row["created_at"])

    def call_fill(self, o: RefereeCall, row: dict) -> None:
        fields = self.call_fields(row)
        for name, value in fields.items():
            setattr(o, name, value)
        o.save(update_fields=[n.removesuffix("_id") for n in fields])
