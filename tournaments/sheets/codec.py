"""A sheet's games in their stored form (SPEC §6, §7): how entered games are written (numbers
as ints, only the table's letters, the recorded absences as "not_played") and what is checked
of them (every game valid, still matching the table's absences). Read only; the sheet
services, the table's own entry, the venue upload and the commission's corrections use it."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from tournaments.domain.scoring import validate_game
from tournaments.domain.sheets import game_inputs
from tournaments.models import Table
from tournaments.sheets.selectors import table_absences, table_not_played


def normalise_games(
    games: list[dict],
    *,
    letters: tuple[str, ...],
    not_played: Mapping[int, tuple[str, ...]] | None = None,
) -> list[dict]:
    """The stored JSON form: numbers as ints, only this table's letters, no empty extras.

    ``not_played`` (game number → seat letters, SPEC §7) comes from the recorded absences, never
    from the form: those seats get no cell and the game lists them under "not_played". Without
    it, a stored game keeps its own "not_played" (a sheet compared with itself).
    """
    result = []
    for game in sorted(games, key=lambda g: int(g["number"])):
        number = int(game["number"])
        if not_played is None:
            absent = tuple(x for x in letters if x in (game.get("not_played") or ()))
        else:
            absent = tuple(not_played.get(number, ()))
        playing = tuple(x for x in letters if x not in absent)
        scores = {x: game.get("scores", {}).get(x) for x in playing}
        no_meld = {x: v for x, v in (game.get("no_meld") or {}).items() if x in playing and v}
        stored = {
            "number": number,
            "pool_exhausted": bool(game.get("pool_exhausted")),
            "declared_winner": game.get("declared_winner") or None,
            "scores": scores,
            "no_meld": no_meld,
        }
        if absent:
            stored["not_played"] = list(absent)
        result.append(stored)
    return result


def normalise_for_table(table: Table, games: list[dict]) -> list[dict]:
    """`normalise_games` with this table's letters and recorded absences (desk and table)."""
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    not_played = table_not_played(table, games=table.round.tournament.games_per_round)
    return normalise_games(games, letters=letters, not_played=not_played)


def absence_mismatch(table: Table, games: list[dict]) -> str | None:
    """A message when a stored sheet does not match the table's absences (SPEC §7): a red card,
    withdrawal or its withdrawal came after the sheet was entered, so it must be entered anew."""
    if normalise_for_table(table, games) == games:
        return None
    absences = ", ".join(f"{x}: {a.label}" for x, a in sorted(table_absences(table).items()))
    return _(
        "Table %(table)s: the sheet does not match the missing players (%(absences)s); please "
        "enter the sheet anew."
    ) % {"table": table.number, "absences": absences or _("none any more")}


def sheet_errors(table: Table, games: list[dict]) -> list[str]:
    """Every problem of every game, one German message each (domain validation)."""
    tournament = table.round.tournament
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    expected = list(range(1, tournament.games_per_round + 1))
    numbers = [int(g["number"]) for g in games]
    if sorted(numbers) != expected:
        return [
            _("The sheet needs exactly the games %(games)s.")
            % {"games": ", ".join(map(str, expected))}
        ]
    ruleset = tournament.ruleset
    return [
        error.message
        for game in game_inputs(games, letters=letters)
        for error in validate_game(game, ruleset=ruleset)
    ]
