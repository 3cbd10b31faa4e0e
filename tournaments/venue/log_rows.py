"""The logs of a tournament in a venue document (see `load`): warnings, rulings, cut decisions,
and per round the pairing changes, absences, referee calls and clock actions. Append-only
(`rows.sync`); a few fields are set once (a warning withdrawn, an absence cancelled, a call
taken or closed) and may go from empty to set, never back or elsewhere."""

from __future__ import annotations

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
from tournaments.venue.rows import WriteState, invalid, sync, when


class Logs:
    def __init__(self, w: WriteState, t: Tournament, rounds: dict[int, Round]):
        self.w, self.t, self.rounds = w, t, rounds
        self.export = w.export

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
            export=self.export.row,
            create=lambda row: w.insert(PairingChange, row, round=rnd),
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
            export=self.export.row,
            create=lambda row: w.insert(RoundClockAction, row, round=rnd),
        )
        return n

    def warning_create(self, row: dict) -> None:
        self.w.insert(PlayerWarning, row, tournament=self.t, round_id=self.round_id(row["round"]))

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
        self.w.insert(
            Ruling,
            row,
            tournament=self.t,
            round_id=self.round_id(row["round"]),
            escalated_from=earlier,
        )

    def cut_create(self, row: dict) -> None:
        w = self.w
        w.insert(
            CutDecision,
            row,
            tournament=self.t,
            tied_player_ids=[w.player(p) for p in row["tied"]],
            chosen_player_ids=[w.player(p) for p in row["chosen"]],
        )

    def absence_create(self, rnd: Round, row: dict) -> None:
        registration = None
        if row["registration"]:
            registration = Registration.objects.get(
                tournament=self.t, player_id=self.w.player(row["registration"])
            )
        self.w.insert(Absence, row, round=rnd, registration=registration)

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
        self.w.insert(RefereeCall, row, tournament=self.t, round=rnd, table=table)

    def call_fill(self, o: RefereeCall, row: dict) -> None:
        fields = self.call_fields(row)
        for name, value in fields.items():
            setattr(o, name, value)
        o.save(update_fields=[n.removesuffix("_id") for n in fields])
