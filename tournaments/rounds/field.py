"""The field of the next round (Klub 6.1, SPEC §1, §7): reserves needed, the table plan, who is
checked in and who is out by a red card."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError

from tournaments.domain.formats import (
    FieldSizeError,
    reserves_needed,
    table_winners_field_error,
    three_table_plan,
    top_final_field_error,
)
from tournaments.domain.text import N_, Message, Sentences, message, plural_message, sentences
from tournaments.enums import TablePolicy
from tournaments.models import Registration, Tournament
from tournaments.referees import selectors as referees_selectors


@dataclass(frozen=True)
class FieldStatus:
    """What the registration page says before round 1 (SPEC §1)."""

    players: int  # checked-in, not reserves
    reserves_checked_in: int
    reserves_needed: int
    table_sizes: tuple[int, ...]
    ok: bool
    note: Message | Sentences  # rendered late: a refused redraw keeps it (SPEC §7)

    @property
    def message(self) -> str:
        """The note in the reader's language."""
        return str(self.note)


def field_status(*, tournament: Tournament, players: int, reserves: int) -> FieldStatus:
    """Whether the checked-in field can be seated in a preliminary round (Klub 6.1, 000 §1A)
    and still gives its final: one table of the table winners (000 §1B), or enough players
    without reserves for the top N (Klub 6.2)."""
    status = _table_plan_status(tournament=tournament, players=players, reserves=reserves)
    if not (status.ok and tournament.has_final):
        return status
    if tournament.final_of_table_winners:
        refusal = table_winners_field_error(len(status.table_sizes))
    else:
        refusal = top_final_field_error(players=players, finalists=tournament.finalists_count)
    if refusal is None:
        return status
    return FieldStatus(players, reserves, status.reserves_needed, (), False, refusal)


def _table_plan_status(*, tournament: Tournament, players: int, reserves: int) -> FieldStatus:
    if tournament.table_policy == TablePolicy.THREE_PLAYER:
        if tournament.max_players and players > tournament.max_players:
            return FieldStatus(
                players,
                reserves,
                0,
                (),
                False,
                message(N_("At most %(n)s players allowed."), n=tournament.max_players),
            )
        try:
            sizes = three_table_plan(players)
        except FieldSizeError as exc:
            return FieldStatus(players, reserves, 0, (), False, exc.args[0])
        fours = sizes.count(4)
        threes = sizes.count(3)
        note = message(
            N_("Table plan: %(fours)s table(s) of four and %(threes)s table(s) of three."),
            fours=fours,
            threes=threes,
        )
        if reserves:
            unseated = message(
                N_("%(n)s reserves are not seated with tables of three."), n=reserves
            )
            note = sentences(note, unseated)
        return FieldStatus(players, reserves, 0, sizes, True, note)
    needed = reserves_needed(players)
    if players == 0:
        return FieldStatus(
            players, reserves, 0, (), False, message(N_("No player checked in yet."))
        )
    if reserves != needed:
        if needed == 0:
            msg = message(
                N_(
                    "%(players)s players are divisible by 4: no reserves are needed, but "
                    "%(reserves)s are checked in. Please check them out."
                ),
                players=players,
                reserves=reserves,
            )
        else:
            msg = message(
                N_(
                    "%(players)s players: exactly %(needed)s reserves are needed (Klub 6.1), "
                    "%(reserves)s are checked in."
                ),
                players=players,
                needed=needed,
                reserves=reserves,
            )
        return FieldStatus(players, reserves, needed, (), False, msg)
    total = players + reserves
    sizes = tuple([4] * (total // 4))
    if reserves:
        msg = message(
            N_("%(tables)s tables of four players, %(reserves)s of them reserves."),
            tables=len(sizes),
            reserves=reserves,
        )
    else:
        msg = message(N_("%(tables)s tables of four players."), tables=len(sizes))
    return FieldStatus(players, reserves, needed, sizes, True, msg)


@dataclass(frozen=True)
class Field:
    """Who is seated in the next round, and at which table sizes."""

    player_ids: tuple[int, ...]
    reserve_ids: frozenset[int]
    table_sizes: tuple[int, ...]


@dataclass(frozen=True)
class NextRoundStatus:
    """The next round's field as the director sees it: who is out by a red card and whether the
    rest still fills the tables (SPEC §1: after an exclusion a reserve or a 3-table is needed)."""

    status: FieldStatus
    players: tuple[int, ...]
    reserves: tuple[int, ...]
    excluded: tuple[int, ...]  # checked-in players left out because of an active red card

    @property
    def note(self) -> Message | Sentences:
        """What the director reads of it, rendered late (a refused redraw stores it)."""
        if not self.excluded:
            return self.status.note
        head = plural_message(
            "%(count)s player is excluded (red card) and is not seated.",
            "%(count)s players are excluded (red card) and are not seated.",
            count=len(self.excluded),
        )
        return sentences(head, self.status.note)

    @property
    def message(self) -> str:
        """The note in the reader's language."""
        return str(self.note)


def next_round_status(tournament: Tournament) -> NextRoundStatus:
    """Checked-in, not withdrawn, not excluded registrations, split into tables (SPEC §1, §7)."""
    excluded = referees_selectors.excluded_player_ids(tournament)
    regs = list(
        Registration.objects.active()
        .filter(tournament=tournament, checked_in_at__isnull=False)
        .values_list("player_id", "reserve")
    )
    players = sorted(pid for pid, reserve in regs if not reserve and pid not in excluded)
    reserves = sorted(pid for pid, reserve in regs if reserve and pid not in excluded)
    status = field_status(tournament=tournament, players=len(players), reserves=len(reserves))
    left_out = tuple(sorted(pid for pid, _ in regs if pid in excluded))
    return NextRoundStatus(status, tuple(players), tuple(reserves), left_out)


def next_round_field(tournament: Tournament) -> Field:
    """Who is seated next: excluded players (active red card) never are (SPEC §7)."""
    nxt = next_round_status(tournament)
    if not nxt.status.ok:
        raise ValidationError(nxt.note)  # rendered where it is read (SPEC §7 keeps it)
    status = nxt.status
    if tournament.table_policy == TablePolicy.THREE_PLAYER:
        return Field(nxt.players, frozenset(), status.table_sizes)
    return Field(
        tuple(sorted(nxt.players + nxt.reserves)), frozenset(nxt.reserves), status.table_sizes
    )
