"""The field before round 1 (Klub 6.1, SPEC §1): reserves needed and the table plan."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.domain.formats import (
    FieldSizeError,
    reserves_needed,
    three_table_plan,
)
from tournaments.enums import TablePolicy
from tournaments.models import Tournament


@dataclass(frozen=True)
class FieldStatus:
    """What the registration page says before round 1 (SPEC §1)."""

    players: int  # checked-in, not reserves
    reserves_checked_in: int
    reserves_needed: int
    table_sizes: tuple[int, ...]
    ok: bool
    message: str


def field_status(*, tournament: Tournament, players: int, reserves: int) -> FieldStatus:
    if tournament.table_policy == TablePolicy.THREE_PLAYER:
        if tournament.max_players and players > tournament.max_players:
            return FieldStatus(
                players,
                reserves,
                0,
                (),
                False,
                _("At most %(n)s players allowed.") % {"n": tournament.max_players},
            )
        try:
            sizes = three_table_plan(players)
        except FieldSizeError as exc:
            return FieldStatus(players, reserves, 0, (), False, str(exc))
        fours = sizes.count(4)
        threes = sizes.count(3)
        note = _("Table plan: %(fours)s table(s) of four and %(threes)s table(s) of three.") % {
            "fours": fours,
            "threes": threes,
        }
        if reserves:
            note += " " + _("%(n)s reserves are not seated with tables of three.") % {"n": reserves}
        return FieldStatus(players, reserves, 0, sizes, True, note)
    needed = reserves_needed(players)
    if players == 0:
        return FieldStatus(players, reserves, 0, (), False, _("No player checked in yet."))
    if reserves != needed:
        if needed == 0:
            msg = _(
                "%(players)s players are divisible by 4: no reserves are needed, but "
                "%(reserves)s are checked in. Please check them out."
            ) % {"players": players, "reserves": reserves}
        else:
            msg = _(
                "%(players)s players: exactly %(needed)s reserves are needed (Klub 6.1), "
                "%(reserves)s are checked in."
            ) % {"players": players, "needed": needed, "reserves": reserves}
        return FieldStatus(players, reserves, needed, (), False, msg)
    total = players + reserves
    sizes = tuple([4] * (total // 4))
    msg = (
        _("%(tables)s tables of four players, %(reserves)s of them reserves.")
        if reserves
        else _("%(tables)s tables of four players.")
    ) % {"tables": len(sizes), "reserves": reserves}
    return FieldStatus(players, reserves, needed, sizes, True, msg)
