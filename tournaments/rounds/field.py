"""The field before round 1 (Klub 6.1, SPEC §1): reserves needed and the table plan."""

from __future__ import annotations

from dataclasses import dataclass

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
                f"Höchstens {tournament.max_players} Spieler erlaubt.",
            )
        try:
            sizes = three_table_plan(players)
        except FieldSizeError as exc:
            return FieldStatus(players, reserves, 0, (), False, str(exc))
        fours = sizes.count(4)
        threes = sizes.count(3)
        note = f"Tischplan: {fours} Vierertisch(e) und {threes} Dreiertisch(e)."
        if reserves:
            note += f" {reserves} Ersatzspieler werden bei Dreiertischen nicht gesetzt."
        return FieldStatus(players, reserves, 0, sizes, True, note)
    needed = reserves_needed(players)
    if players == 0:
        return FieldStatus(players, reserves, 0, (), False, "Noch kein Spieler eingecheckt.")
    if reserves != needed:
        if needed == 0:
            msg = (
                f"{players} Spieler sind durch 4 teilbar: es werden keine Ersatzspieler "
                f"gebraucht, aber {reserves} sind eingecheckt. Bitte auschecken."
            )
        else:
            msg = (
                f"{players} Spieler: es werden genau {needed} Ersatzspieler gebraucht "
                f"(Klub 6.1), eingecheckt sind {reserves}."
            )
        return FieldStatus(players, reserves, needed, (), False, msg)
    total = players + reserves
    sizes = tuple([4] * (total // 4))
    msg = f"{len(sizes)} Tische zu vier Spielern"
    msg += f", davon {reserves} Ersatzspieler." if reserves else "."
    return FieldStatus(players, reserves, needed, sizes, True, msg)
