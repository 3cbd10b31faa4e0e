"""Reads for the table's phone page (issue #15): which table a key opens, whether it is open
for entry, and where its sheet stands (entered figures, who still has to answer)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext_lazy as _

from tournaments.domain.scoring import score_game, validate_game
from tournaments.domain.sheets import game_inputs
from tournaments.enums import RoundStatus, SheetAction, SheetStatus, TournamentStatus
from tournaments.models import ResultSheet, Seat, SheetSignoff, SheetVersion, Table
from tournaments.sheets.selectors import table_absences, table_not_played
from tournaments.tableside.tokens import TableKey, named_table_id, read_code, read_token

#: why a table's key does not open its page (HTTP status, message in the visitor's language)
UNKNOWN = (404, _("We do not know this table code. Please check the code on the table card."))
NOT_RELEASED = (404, _("The pairing of this round is not released yet."))
PUBLISHED = (
    410,
    _(
        "This round is already published: the code is no longer valid. The results are on the "
        "tournament page."
    ),
)
FINISHED = (410, _("The tournament is finished: the code is no longer valid."))
SWITCHED_OFF = (
    403,
    _(
        "The director has switched off entry at the table. Please fill in the paper sheet, sign "
        "it and hand it in at the desk (Klub 10.2)."
    ),
)


def _tables():
    return Table.objects.select_related("round__tournament").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("letter"))
    )


def table_for_token(token: str) -> Table | None:
    """The table a QR token names, if the token is genuine and all three ids still match."""
    key: TableKey | None = read_token(token)
    if key is None:
        return None
    return (
        _tables()
        .filter(pk=key.table_id, round_id=key.round_id, round__tournament_id=key.tournament_id)
        .first()
    )


def table_for_code(code: str) -> Table | None:
    """The table a typed short code names, if the code is genuine."""
    table_id = read_code(code)
    return None if table_id is None else _tables().filter(pk=table_id).first()


def round_of_code(code: str) -> tuple[int, int] | None:
    """Round and tournament of the table a well-formed code names, genuine or not (a wrong
    guess counts against that round)."""
    table_id = named_table_id(code)
    if table_id is None:
        return None
    return Table.objects.filter(pk=table_id).values_list("round_id", "round__tournament_id").first()


def closed_because(table: Table) -> tuple[int, str] | None:
    """None while the table may enter, sign and call (round released, not yet published,
    tournament not finished, table entry switched on); else status and message."""
    tournament = table.round.tournament
    if tournament.status == TournamentStatus.FINISHED:
        return FINISHED
    if table.round.status == RoundStatus.PUBLISHED:
        return PUBLISHED
    if table.round.status != RoundStatus.RELEASED or tournament.status == TournamentStatus.DRAFT:
        return NOT_RELEASED
    if not tournament.table_entry:
        return SWITCHED_OFF
    return None


def required_letters(table: Table, version: SheetVersion) -> tuple[str, ...]:
    """Who answers a table-entered version: every seated player but the one who entered it and
    those marked absent or not playing (SPEC §7)."""
    absent = set(table_absences(table))
    return tuple(
        seat.letter
        for seat in table.seats.all()
        if seat.letter != version.filled_in_by and seat.letter not in absent
    )


@dataclass
class SheetState:
    """Where the table's sheet stands, as its phone page shows it."""

    sheet: ResultSheet | None
    current: SheetVersion | None
    not_played: dict[int, tuple[str, ...]]
    required: tuple[str, ...] = ()
    signoffs: dict[str, SheetSignoff] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.sheet.version if self.sheet else 0

    @property
    def at_table(self) -> bool:
        """The current figures are the table's own and wait for the desk."""
        return bool(
            self.current
            and self.current.action == SheetAction.TABLE_ENTERED
            and self.sheet.status == SheetStatus.ENTERED
        )

    @property
    def at_desk(self) -> bool:
        """The desk has the sheet in hand (entered, confirmed or asking for clarification)."""
        return bool(self.current) and not self.at_table

    @property
    def confirmed(self) -> bool:
        return bool(self.sheet and self.sheet.status == SheetStatus.CONFIRMED)

    @property
    def waiting(self) -> tuple[str, ...]:
        return tuple(x for x in self.required if x not in self.signoffs)

    @property
    def disputes(self) -> list[SheetSignoff]:
        return [s for s in self.signoffs.values() if s.verdict == "disputed"]

    @property
    def signed(self) -> bool:
        """Every required seat confirmed the current table-entered version."""
        return self.at_table and not self.waiting and not self.disputes


def sheet_state(table: Table) -> SheetState:
    sheet = ResultSheet.objects.filter(table=table).select_related("current").first()
    current = sheet.current if sheet else None
    not_played = table_not_played(table, games=table.round.tournament.games_per_round)
    state = SheetState(sheet=sheet, current=current, not_played=not_played)
    if state.at_table:
        state.required = required_letters(table, current)
        state.signoffs = {s.letter: s for s in SheetSignoff.objects.filter(version=current)}
    return state


def submitted_version(table: Table, submission_key) -> SheetVersion | None:
    """The version an earlier send of the same form wrote (a re-sent form writes no second)."""
    return (
        SheetVersion.objects.filter(sheet__table=table, submission_key=submission_key)
        .select_related("sheet")
        .first()
    )


def preview(
    table: Table, games: list[dict], grid_errors: dict[int, list[str]], *, live: bool = False
) -> dict:
    """Per game: the desk's messages (the domain's validation), else places and placement
    points; the round's totals once every game is valid. While typing (live), a game not
    started yet stays quiet."""
    ruleset = table.round.tournament.ruleset
    letters = tuple(seat.letter for seat in table.seats.all())
    totals = {x: {"placement_points": 0, "game_points": 0} for x in letters}
    per_game, complete = {}, True
    for game in game_inputs(games, letters=letters):
        if live and all(seat.points is None for seat in game.scores):
            per_game[game.number], complete = {"errors": [], "result": None}, False
            continue
        errors = list(grid_errors.get(game.number, [])) or [
            e.message for e in validate_game(game, ruleset=ruleset)
        ]
        result = None
        if errors:
            complete = False
        else:
            result = {e.letter: e for e in score_game(game, ruleset=ruleset).entries}
            for letter, entry in result.items():
                totals[letter]["placement_points"] += entry.placement_points
                totals[letter]["game_points"] += entry.game_points
        per_game[game.number] = {"errors": errors, "result": result}
    return {"per_game": per_game, "totals": totals if complete else None}
