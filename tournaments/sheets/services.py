"""Result sheets (SPEC §6, Klub 10.2–10.3): entry, four-eyes confirmation, corrections, publication.

Every save is a new immutable SheetVersion (who, when, what, why). A writer sends the version it
started from; if somebody saved in between, the save is refused as a conflict (SheetConflict)
and nothing is overwritten. Row locks (select_for_update) serialise the check-and-write.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import require_not_finished, tournament_write
from tournaments.domain import table_entry
from tournaments.domain.scoring import validate_game
from tournaments.domain.sheets import game_inputs
from tournaments.enums import RoundStatus, SheetStatus, SignoffVerdict, TournamentStatus
from tournaments.models import ResultSheet, Round, SheetVersion, Table, Tournament
from tournaments.results.services import scored_lines_store
from tournaments.sheets.errors import SheetConflict, SheetMismatch
from tournaments.sheets.locks import round_lock, sheet_lock
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
    return (
        f"Tisch {table.number}: Der Bogen passt nicht zu den fehlenden Spielern "
        f"({absences or 'keine mehr'}); bitte den Bogen neu erfassen."
    )


def sheet_errors(table: Table, games: list[dict]) -> list[str]:
    """Every problem of every game, one German message each (domain validation)."""
    tournament = table.round.tournament
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    expected = list(range(1, tournament.games_per_round + 1))
    numbers = [int(g["number"]) for g in games]
    if sorted(numbers) != expected:
        return [f"Der Bogen braucht genau die Spiele {', '.join(map(str, expected))}."]
    ruleset = tournament.ruleset
    return [
        error.message
        for game in game_inputs(games, letters=letters)
        for error in validate_game(game, ruleset=ruleset)
    ]


def _add_version(sheet, *, games, status, action, reason, user, paper=None) -> ResultSheet:
    """`paper`: who filled the paper sheet in and whether all signed (Klub 10.2, 10.4); a
    version that does not say keeps what the current one recorded."""
    filled_in_by, signed_by_all = paper or (
        (sheet.current.filled_in_by, sheet.current.signed_by_all) if sheet.current else ("", None)
    )
    version = SheetVersion.objects.create(
        sheet=sheet,
        number=sheet.version + 1,
        games=games,
        status=status,
        action=action,
        reason=reason,
        filled_in_by=filled_in_by,
        signed_by_all=signed_by_all,
        created_by=user,
    )
    sheet.version = version.number
    sheet.current = version
    # the live desk board, and the referee pages' disputed tables
    events.event_desk_data_changed(sheet.table.round.tournament)
    sheet.status = status
    if status == SheetStatus.CONFIRMED:
        previous_id = sheet.confirmed_id
        sheet.confirmed = version
        # Scored once, here: every reader of results reads these lines (SPEC §4).
        scored_lines_store(sheet=sheet, version=version)
        if sheet.table.round.status == RoundStatus.PUBLISHED:
            # The one place a published result changes (a correction, an interpretation):
            # public pages, the API cache and the ranking hear of it.
            tournament_id = sheet.table.round.tournament_id
            events.published_results_changed(tournament_id)
            previous = SheetVersion.objects.filter(pk=previous_id).values_list("games", flat=True)
            if list(previous) != [games]:  # a note to the table, not for the paper facts alone
                events.sheet_corrected(tournament_id, version_id=version.pk)
    sheet.save()
    return sheet


@transaction.atomic
@tournament_write
def sheet_save(
    *,
    table: Table,
    games: list[dict],
    expected_version: int,
    user,
    reason: str = "",
    filled_in_by: str = "",
    signed_by_all: bool | None = None,
) -> ResultSheet:
    """Enter or correct a sheet. Before publication: desk staff; after: director, with reason.
    The desk also records who filled the paper in and whether all signed (Klub 10.2, 10.4)."""
    rnd = round_lock(table)
    tournament = rnd.tournament
    permissions.require(
        permissions.can_work_desk(user, tournament), "Nur Orgatisch und Turnierleitung."
    )
    require_not_finished(tournament)
    if rnd.status == RoundStatus.DRAWN:
        raise ValidationError("Die Paarung dieser Runde ist noch nicht freigegeben.")
    sheet = sheet_lock(table)
    if sheet.version != expected_version:
        raise SheetConflict(sheet, expected_version)
    games = normalise_for_table(table, games)
    errors = sheet_errors(table, games)
    letters = set(table.seats.values_list("letter", flat=True))
    if filled_in_by and filled_in_by not in letters:
        errors.append(f"„Ausgefüllt von“: Position {filled_in_by} gibt es an diesem Tisch nicht.")
    if errors:
        raise ValidationError(errors)
    published = rnd.status == RoundStatus.PUBLISHED
    reason = reason.strip()
    if published:
        permissions.require(
            permissions.can_direct(user, tournament),
            "Nach der Veröffentlichung korrigiert nur die Turnierleitung.",
        )
        if not reason:
            raise ValidationError("Eine Korrektur nach der Veröffentlichung braucht einen Grund.")
    elif sheet.version > 0 and not reason:
        raise ValidationError("Eine Korrektur braucht einen Grund.")
    paper = (filled_in_by, signed_by_all)
    current = sheet.current
    if current is not None and (current.games, current.filled_in_by, current.signed_by_all) == (
        games,
        *paper,
    ):
        raise ValidationError("Keine Änderung gegenüber der gespeicherten Fassung.")
    # A director's correction after publication needs no second check: it is the director's
    # decision (Klub 10.3) and goes straight into the standings.
    status = SheetStatus.CONFIRMED if published else SheetStatus.ENTERED
    action = "corrected" if sheet.version else "entered"
    return _add_version(
        sheet, games=games, status=status, action=action, reason=reason, user=user, paper=paper
    )


@transaction.atomic
@tournament_write
def sheet_confirm(
    *,
    sheet: ResultSheet,
    expected_version: int,
    user,
    retyped: list[dict] | None = None,
    paper: tuple[str, bool | None] | None = None,
) -> ResultSheet:
    """Four-eyes check by a different staff member; optionally blind (re-typed figures).

    A sheet entered at the table (issue #15) is confirmed here too: the desk is the second pair
    of eyes and the paper handed in is the valid sheet (Klub 10.2), so ``paper`` records who
    filled it in and whether all signed it (Klub 10.4). A disputed table entry is confirmed only
    blind, from the paper: one click would skip the comparison the dispute asks for.
    """
    round_lock(sheet.table)
    locked = sheet_lock(sheet.table)
    tournament = locked.table.round.tournament
    permissions.require(
        permissions.can_work_desk(user, tournament), "Nur Orgatisch und Turnierleitung."
    )
    require_not_finished(tournament)
    if locked.version != expected_version:
        raise SheetConflict(locked, expected_version)
    if locked.current is None or locked.status == SheetStatus.CONFIRMED:
        raise ValidationError("Dieser Bogen wartet nicht auf eine Bestätigung.")
    if locked.status == SheetStatus.NEEDS_CLARIFICATION:
        raise ValidationError("Der Bogen braucht erst eine Klärung durch die Turnierleitung.")
    if locked.current.created_by_id == user.pk:
        raise ValidationError(
            "Bestätigen muss eine andere Person als die, die den Bogen erfasst hat."
        )
    stale = absence_mismatch(locked.table, locked.current.games)
    if stale:
        raise ValidationError(stale)
    if retyped is None and locked.current.signoffs.filter(verdict=SignoffVerdict.DISPUTED).exists():
        raise ValidationError(
            "Am Tisch wurde Einspruch erhoben: bitte die Zahlen vom Papierbogen blind "
            "nachtippen, korrigieren oder „Klärung nötig“ setzen."
        )
    if retyped is not None:
        retyped = normalise_for_table(locked.table, retyped)
        letters = locked.table.seats.values_list("letter", flat=True)
        differences = table_entry.sheet_differences(locked.current.games, retyped, letters=letters)
        if differences:
            raise SheetMismatch(differences, retyped)
    if paper is not None:
        letters = set(locked.table.seats.values_list("letter", flat=True))
        if paper[0] and paper[0] not in letters:
            raise ValidationError(
                f"„Ausgefüllt von“: Position {paper[0]} gibt es an diesem Tisch nicht."
            )
    return _add_version(
        locked,
        games=locked.current.games,
        status=SheetStatus.CONFIRMED,
        action="confirmed",
        reason="",
        user=user,
        paper=paper,
    )


@transaction.atomic
@tournament_write
def sheet_needs_clarification(
    *, sheet: ResultSheet, expected_version: int, note: str, user
) -> ResultSheet:
    round_lock(sheet.table)
    locked = sheet_lock(sheet.table)
    permissions.require(permissions.can_work_desk(user, locked.table.round.tournament))
    require_not_finished(locked.table.round.tournament)
    if locked.version != expected_version:
        raise SheetConflict(locked, expected_version)
    if not note.strip():
        raise ValidationError("Bitte notieren, was unklar ist.")
    if locked.table.round.status == RoundStatus.PUBLISHED:
        raise ValidationError("Die Runde ist veröffentlicht; bitte eine Korrektur mit Grund.")
    return _add_version(
        locked,
        games=locked.current.games if locked.current else [],
        status=SheetStatus.NEEDS_CLARIFICATION,
        action="clarification",
        reason=note.strip(),
        user=user,
    )


@transaction.atomic
@tournament_write
def sheet_accept_interpreted(
    *, sheet: ResultSheet, games: list[dict], expected_version: int, reason: str, user
) -> ResultSheet:
    """Klub 10.3: players not reachable in the break – the director interprets the sheet.
    On a published round this is a correction: the same reason and rules, announced alike."""
    rnd = round_lock(sheet.table)
    locked = sheet_lock(sheet.table)
    tournament = locked.table.round.tournament
    permissions.require_director(user, tournament)
    require_not_finished(tournament)
    if rnd.status == RoundStatus.DRAWN:
        raise ValidationError("Die Paarung dieser Runde ist noch nicht freigegeben.")
    if locked.version != expected_version:
        raise SheetConflict(locked, expected_version)
    if not reason.strip():
        raise ValidationError("Die Auslegung eines Bogens braucht einen Grund (Klub 10.3).")
    games = normalise_for_table(locked.table, games)
    errors = sheet_errors(locked.table, games)
    if errors:
        raise ValidationError(errors)
    return _add_version(
        locked,
        games=games,
        status=SheetStatus.CONFIRMED,
        action="interpreted",
        reason=reason.strip(),
        user=user,
    )


def _finish_if_complete(tournament: Tournament) -> list[int]:
    """The tournament ends when every field has published its last round: the main field and its
    juniors' field finish together (a juniors' field nobody registered for does not hold it up)."""
    fields = list(Tournament.objects.same_event(tournament).select_for_update())
    for field in fields:
        if field.pk == tournament.pk:
            continue
        published = field.rounds.filter(status=RoundStatus.PUBLISHED).count()
        if published < field.total_rounds and field.registrations.active().exists():
            return []
    ids = [f.pk for f in fields]
    Tournament.objects.filter(pk__in=ids).update(
        status=TournamentStatus.FINISHED, updated_at=timezone.now()
    )
    tournament.status = TournamentStatus.FINISHED
    return ids


@transaction.atomic
@tournament_write
def round_publish(*, rnd: Round, user) -> Round:
    """Publish when every table's sheet is confirmed; the last round finishes the tournament."""
    locked = Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)
    tournament = locked.tournament
    permissions.require_director(user, tournament)
    if locked.status == RoundStatus.PUBLISHED:
        raise ValidationError("Diese Runde ist bereits veröffentlicht.")
    if locked.status == RoundStatus.DRAWN:
        raise ValidationError("Die Paarung dieser Runde ist noch nicht freigegeben.")
    missing = list(
        locked.tables.exclude(sheet__status=SheetStatus.CONFIRMED)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if missing:
        raise ValidationError("Noch nicht bestätigt: Tisch " + ", ".join(map(str, missing)) + ".")
    # A card, withdrawal or cancellation after a sheet was entered (SPEC §7) needs a new entry.
    tables = locked.tables.select_related("sheet__confirmed", "round__tournament")
    stale = [
        message
        for table in (tables.order_by("number") if locked.absences.exists() else [])
        if (message := absence_mismatch(table, table.sheet.confirmed.games))
    ]
    if stale:
        raise ValidationError(stale)
    locked.status = RoundStatus.PUBLISHED
    locked.published_at = timezone.now()
    locked.save(update_fields=["status", "published_at"])
    finished = _finish_if_complete(tournament) if locked.number >= tournament.total_rounds else []
    for pk in {tournament.pk, *finished}:
        events.published_results_changed(pk)
    return locked
