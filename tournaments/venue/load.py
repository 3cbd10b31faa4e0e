"""Writes a venue document into this database (issue 18): the same code loads a checkout
package on the laptop (an empty database) and applies an upload centrally (the rows as
checked out, plus whatever the venue added).

Rows are found by their stable identifiers (see `document`). Append-only rows (sheet versions,
sign-offs, warnings, rulings, pairing changes, absences, calls, clock actions, cut decisions)
are inserted when new and compared when known: a known row that differs, or one the document
lacks, refuses the whole document (`DocumentInvalid`). Fields set once (a warning withdrawn, an
absence cancelled, a call taken or closed) may go from empty to set, never back or elsewhere.
Statuses (tournament, round) only move forward. Seats change only in a round still drawn here.
The caller holds the transaction; this module raises before it returns if anything is wrong.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import (
    Player,
    Registration,
    Round,
    Seat,
    Table,
    TablePin,
    Team,
    Tournament,
)
from tournaments.venue.log_rows import Logs
from tournaments.venue.rows import DocumentInvalid, WriteState, when
from tournaments.venue.sheet_rows import write_sheet


class Writer(WriteState):
    """One document written into the database, from its players down to each round's tables;
    the logs (`log_rows`) and sheets (`sheet_rows`) of each tournament on the way.
    ``registry(player, row)`` decides what becomes of a known player's registry row (central:
    conflicts; venue: take it)."""

    def __init__(
        self, document: dict, *, registry: Callable[[Player, dict], None], strict: bool = True
    ):
        super().__init__(strict=strict)
        self.document = document
        self.registry = registry
        self.created_players: list[dict] = []  # registry rows the document brought in

    @staticmethod
    def forward(choices, old: str, new: str, what: str) -> None:
        """Statuses move only forward (in the order of their choices)."""
        order = list(choices.values)
        if new not in order:
            raise DocumentInvalid(_("%(what)s has an unknown status.") % {"what": what})
        if order.index(new) < order.index(old):
            raise DocumentInvalid(
                _("%(what)s would move back from “%(old)s” to “%(new)s”.")
                % {"what": what, "old": choices(old).label, "new": choices(new).label}
            )

    # --- the document ----------------------------------------------------------------------

    def write(self) -> list[Tournament]:
        for row in self.document["players"]:
            self.write_player(row)
        written = []
        for data in self.document["tournaments"]:
            written.append(self.write_tournament(data))
        return written

    def write_player(self, row: dict) -> None:
        known = Player.objects.filter(uuid=row["uuid"]).first()
        if known is None and row.get("federation_number"):
            # a member the venue entered by number: the registry's row of that member
            known = Player.objects.filter(federation_number=row["federation_number"]).first()
        if known is not None:
            self.registry(known, row)
            self.players[row["uuid"]] = known.pk
            return
        created = self.insert(Player, row)
        self.players[row["uuid"]] = created.pk
        self.created_players.append(row)
        self.counts["players"] += 1

    def write_tournament(self, data: dict) -> Tournament:
        fields = self.values(Tournament, data)
        main = Tournament.objects.filter(uuid=data["juniors_of"]).first()
        if data["juniors_of"] and main is None:
            raise DocumentInvalid(_("The juniors' field's main tournament is missing."))
        t = Tournament.objects.select_for_update().filter(uuid=data["uuid"]).first()
        if t is None:
            t = self.insert(Tournament, data, juniors_of=main)
            self.counts["tournaments"] += 1
            self.touch(t)
        else:
            self.forward(TournamentStatus, t.status, fields["status"], _("The tournament"))
            if any(getattr(t, f) != v for f, v in fields.items()):
                Tournament.objects.filter(pk=t.pk).update(**fields)
                self.touch(t)
            t.refresh_from_db()
        self.write_teams(t, data["teams"])
        self.write_registrations(t, data["registrations"])
        self.write_pins(t, data["pins"])
        rounds = {}
        for rdata in data["rounds"]:
            rounds[rdata["number"]] = self.write_round(t, rdata)
        Logs(self, t, rounds).write(data)
        return t

    def write_teams(self, t: Tournament, names: list[str]) -> None:
        for name in names:
            _team, created = Team.objects.get_or_create(tournament=t, name=name)
            self.counts["teams"] += created

    def write_registrations(self, t: Tournament, rows: list[dict]) -> None:
        teams = dict(Team.objects.filter(tournament=t).values_list("name", "pk"))
        known = {r.player_id: r for r in Registration.objects.filter(tournament=t)}
        for row in rows:
            player_id = self.player(row["player"])
            fields = self.values(Registration, row)
            fields["team_id"] = teams.get(row["team"]) if row["team"] else None
            reg = known.get(player_id)
            if reg is None:
                self.insert(Registration, row, tournament=t, team_id=fields["team_id"])
                self.counts["registrations"] += 1
                self.touch(t)
            elif any(getattr(reg, f) != v for f, v in fields.items()):
                Registration.objects.filter(pk=reg.pk).update(**fields)
                self.touch(t)

    def write_pins(self, t: Tournament, rows: list[dict]) -> None:
        wanted = {self.player(row["player"]): row for row in rows}
        TablePin.objects.filter(tournament=t).exclude(player_id__in=wanted).delete()
        for player_id, row in wanted.items():
            fields = self.values(TablePin, row)
            pin, created = TablePin.objects.update_or_create(
                tournament=t,
                player_id=player_id,
                defaults=fields,
                create_defaults={**fields, "created_by_id": self.user(row["created_by"])},
            )
            if created:
                TablePin.objects.filter(pk=pin.pk).update(created_at=when(row["created_at"]))
                self.counts["pins"] += 1

    def write_round(self, t: Tournament, data: dict) -> Round:
        fields = self.values(Round, data)
        rnd = Round.objects.select_for_update().filter(tournament=t, number=data["number"]).first()
        was = rnd.status if rnd else None
        if rnd is None:
            rnd = self.insert(Round, data, tournament=t)
            self.counts["rounds"] += 1
            self.touch(t)
        else:
            label = _("Round %(number)s") % {"number": rnd.number}
            self.forward(RoundStatus, rnd.status, fields["status"], label)
            if any(getattr(rnd, f) != v for f, v in fields.items()):
                Round.objects.filter(pk=rnd.pk).update(**fields)
                self.touch(t, results=fields["status"] == RoundStatus.PUBLISHED)
        rnd.refresh_from_db()
        self.write_tables(rnd, data["tables"], seats_open=was in (None, RoundStatus.DRAWN))
        return rnd

    def write_tables(self, rnd: Round, rows: list[dict], *, seats_open: bool) -> None:
        tables = {x.number: x for x in Table.objects.filter(round=rnd)}
        extra = sorted(set(tables) - {row["number"] for row in rows})
        if extra and not seats_open:
            raise DocumentInvalid(
                _("Round %(round)s: the upload lacks table %(table)s.")
                % {"round": rnd.number, "table": extra[0]}
            )
        wanted = {
            (row["number"], s["letter"], self.player(s["player"]), s["reserve"])
            for row in rows
            for s in row["seats"]
        }
        stored = set(
            Seat.objects.filter(round=rnd).values_list(
                "table__number", "letter", "player_id", "reserve"
            )
        )
        if wanted != stored:
            if not seats_open:
                raise DocumentInvalid(
                    _("Round %(round)s: the pairing was released and cannot change.")
                    % {"round": rnd.number}
                )
            Seat.objects.filter(round=rnd).delete()
            Table.objects.filter(round=rnd, number__in=extra).delete()
            self.touch(rnd.tournament)
        for row in rows:
            table = tables.get(row["number"])
            if table is None:
                table = tables[row["number"]] = self.insert(Table, row, round=rnd)
                self.counts["tables"] += 1
            if wanted != stored:
                Seat.objects.bulk_create(
                    Seat(**self.columns(Seat, s, round=rnd, table=table)) for s in row["seats"]
                )
                self.counts["seats"] += len(row["seats"])
        for row in rows:
            if row["sheet"] is not None:
                write_sheet(self, tables[row["number"]], row["sheet"])
