"""The organisation desk: result sheets entered, checked by a second person, published."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import permissions
from tournaments.common import table_limits
from tournaments.common.http import error_messages, flash_errors
from tournaments.common.live import live_view
from tournaments.common.sheet_grid import grid_from_games, parse_grid
from tournaments.domain import table_entry
from tournaments.domain.scoring import score_game, validate_game
from tournaments.domain.sheets import game_inputs
from tournaments.enums import RoundStatus, SheetStatus
from tournaments.models import Round, SheetVersion, Table
from tournaments.referees import selectors as selectors_referee
from tournaments.sheets import access as sheets_access
from tournaments.sheets import selectors as sheets_selectors
from tournaments.sheets import services as sheet_services
from tournaments.sheets.labels import STATE_LABELS, board_label


def _board_context(rnd: Round) -> dict:
    tables = sheets_selectors.desk_tables(rnd)
    absent = sheets_selectors.absent_letters(rnd)
    rows = []
    counts = dict.fromkeys(STATE_LABELS, 0)
    for table in tables:
        entry = sheets_selectors.table_entry_of(table, absent.get(table.pk, set()))
        counts[entry.state] += 1
        rows.append(
            {"table": table, "state": entry.state, "label": board_label(entry), "entry": entry}
        )
    next_missing = next((r["table"] for r in rows if r["state"] == "missing"), None)
    next_unconfirmed = next(
        (r["table"] for r in rows if r["state"] in table_entry.CONFIRMABLE), None
    )
    exclusions = selectors_referee.exclusions(rnd.tournament_id)
    excluded = {w.player_id for w in exclusions}
    return {
        "tournament": rnd.tournament,
        "round": rnd,
        "rows": rows,
        # Red cards (SPEC §7): the desk sees who is out; a later round needs a reserve or a
        # 3-table (SPEC §1). Results already played stay as played.
        "exclusions": exclusions,
        "excluded_ids": excluded,
        "counts": counts,
        "at_table": counts[table_entry.TABLE_ENTERED] + counts[table_entry.SIGNED],
        "total": len(rows),
        "next_missing": next_missing,
        "next_unconfirmed": next_unconfirmed,
        # issue 30.3: too many wrong short codes for this round, only QR codes open tables now
        "short_codes_closed": rnd.status == RoundStatus.RELEASED
        and table_limits.short_codes_closed(rnd.pk),
        "can_publish": rnd.status == RoundStatus.RELEASED
        and counts[SheetStatus.CONFIRMED] == len(rows)
        and bool(rows),
        # issue 28.4: the tables' signed sheets in one pass (sheets/signed/)
        "can_take_over": rnd.status == RoundStatus.RELEASED
        and (rnd.tournament.table_entry or counts[table_entry.SIGNED] > 0),
    }


@live_view(desk=True)
@login_required
def desk_board(request, pk: int, number: int):
    rnd = sheets_access.desk_round(request, pk, number)
    context = _board_context(rnd)
    context["is_director"] = permissions.can_direct(request.user, rnd.tournament)
    template = "tournaments/desk/board.html"
    if request.htmx and request.htmx.target == "desk-board":
        template += "#board"
    return render(request, template, context)


def _preview(
    rnd: Round, letters: tuple[str, ...], games: list[dict], grid_errors, *, live: bool = False
) -> dict:
    """Per game: messages, or places and placement points; totals once every game is valid.

    While typing (live), a game not started yet stays quiet instead of listing empty cells.
    """
    ruleset = rnd.tournament.ruleset
    per_game = {}
    totals = {x: {"placement_points": 0, "game_points": 0} for x in letters}
    complete = True
    for game in game_inputs(games, letters=letters):
        if live and all(seat.points is None for seat in game.scores):
            per_game[game.number] = {"errors": [], "result": None}
            complete = False
            continue
        messages_ = list(grid_errors.get(game.number, []))
        if not messages_:
            messages_ = [e.message for e in validate_game(game, ruleset=ruleset)]
        result = None
        if not messages_:
            result = {e.letter: e for e in score_game(game, ruleset=ruleset).entries}
            for letter, entry in result.items():
                totals[letter]["placement_points"] += entry.placement_points
                totals[letter]["game_points"] += entry.game_points
        else:
            complete = False
        per_game[game.number] = {"errors": messages_, "result": result}
    return {"per_game": per_game, "totals": totals if complete else None}


def _sheet_context(request, rnd: Round, table: Table, raw=None, preview=None, **extra) -> dict:
    sheet = sheets_selectors.sheet_for_page(table)
    seats = sorted(table.seats.all(), key=lambda s: s.letter)
    letters = tuple(s.letter for s in seats)
    not_played = sheets_selectors.table_not_played(table, games=rnd.tournament.games_per_round)
    if raw is None:
        raw = grid_from_games(sheet.current.games) if sheet and sheet.current else {}
    games = range(1, rnd.tournament.games_per_round + 1)
    if preview is None and sheet and sheet.current:
        preview = _preview(rnd, letters, sheet.current.games, {})
    is_director = permissions.can_direct(request.user, rnd.tournament)
    published = rnd.status == RoundStatus.PUBLISHED
    entry = sheets_selectors.sheet_table_entry(table) if sheet else None
    return {
        "tournament": rnd.tournament,
        "round": rnd,
        "table": table,
        "seats": seats,
        "letters": letters,
        "games": games,
        # SPEC §7: the seats out of a game (red card or withdrawal mid-round) and why.
        "not_played": {g: not_played.get(g, ()) for g in games},
        "absences": sheets_selectors.table_absences(table),
        "raw": raw,
        "preview": preview,
        "sheet": sheet,
        "version": sheet.version if sheet else 0,
        "versions": sheets_selectors.sheet_versions(sheet) if sheet else [],
        "is_director": is_director,
        "published": published,
        "drawn": rnd.status == RoundStatus.DRAWN,
        "can_edit": rnd.status != RoundStatus.DRAWN and ((not published) or is_director),
        "can_confirm": bool(
            sheet
            and sheet.current
            and sheet.status == SheetStatus.ENTERED
            and sheet.current.created_by_id != request.user.pk
        ),
        # Entered at the table (issue #15): who, from which phone, the table-mates' answers.
        "entry": entry,
        "confirm_paper": _confirm_paper(entry),
        "needs_reason": bool(sheet and sheet.version),
        "paper": _paper(request, sheet),
        **extra,
    }


def _paper(request, sheet) -> dict:
    """What the form shows about the paper sheet: as posted, else as last recorded."""
    if request.method == "POST":
        return {
            "filled_in_by": request.POST.get("filled_in_by", "")[:1],
            "signed": request.POST.get("signed_by_all", ""),
        }
    current = sheet.current if sheet else None
    signed = {True: "yes", False: "no"}.get(current.signed_by_all) if current else ""
    return {"filled_in_by": current.filled_in_by if current else "", "signed": signed or ""}


def _confirm_paper(entry) -> dict:
    """The one-click confirmation's paper facts, prefilled from the table's entry: who entered
    it, and "signed by all" once every table-mate confirmed (the desk checks the paper)."""
    if entry is None or entry.version is None:
        return {}
    signed = "yes" if entry.state == table_entry.SIGNED else ""
    return {"filled_in_by": entry.entered_by, "signed": signed}


def _signed(value: str | None) -> bool | None:
    """The desk's answer to "signed by all" (Klub 10.4): yes, no, or not recorded."""
    return {"yes": True, "no": False}.get(value or "")


@login_required
def sheet_page(request, pk: int, number: int, table_number: int):
    rnd = sheets_access.desk_round(request, pk, number)
    table = sheets_access.table_or_404(rnd, table_number)
    if request.method != "POST" or rnd.status == RoundStatus.DRAWN:
        return render(request, "tournaments/desk/sheet.html", _sheet_context(request, rnd, table))
    letters = tuple(sorted(s.letter for s in table.seats.all()))
    games = rnd.tournament.games_per_round
    not_played = sheets_selectors.table_not_played(table, games=games)
    grid = parse_grid(request.POST, letters=letters, games=games, not_played=not_played)
    preview = _preview(rnd, letters, grid.games, grid.errors, live=bool(request.htmx))
    if request.htmx or request.POST.get("action") == "check":
        template = "tournaments/desk/sheet.html"
        if request.htmx:
            template += "#preview"
        return render(
            request, template, _sheet_context(request, rnd, table, raw=grid.raw, preview=preview)
        )
    if grid.errors:
        return render(
            request,
            "tournaments/desk/sheet.html",
            _sheet_context(
                request,
                rnd,
                table,
                raw=grid.raw,
                preview=preview,
                form_errors=[_("Please correct the marked fields.")],
            ),
            status=422,
        )
    try:
        expected = int(request.POST.get("version", "-1"))
    except ValueError:
        expected = -1
    try:
        sheet = sheet_services.sheet_save(
            table=table,
            games=grid.games,
            expected_version=expected,
            user=request.user,
            reason=request.POST.get("reason", "")[:1000],
            filled_in_by=request.POST.get("filled_in_by", "")[:1],
            signed_by_all=_signed(request.POST.get("signed_by_all")),
        )
    except sheet_services.SheetConflict as exc:
        return render(
            request,
            "tournaments/desk/conflict.html",
            {
                "tournament": rnd.tournament,
                "round": rnd,
                "table": table,
                "letters": letters,
                "theirs": exc.sheet.current,
                "mine": grid.games,
                "message": exc.messages[0],
            },
            status=409,
        )
    except ValidationError as exc:
        return render(
            request,
            "tournaments/desk/sheet.html",
            _sheet_context(
                request, rnd, table, raw=grid.raw, preview=preview, form_errors=error_messages(exc)
            ),
            status=422,
        )
    messages.success(
        request,
        _("Table %(table)s saved (version %(version)s).")
        % {"table": table.number, "version": sheet.version},
    )
    board = _board_context(rnd)
    target = board["next_missing"]
    if target is not None and rnd.status != RoundStatus.PUBLISHED:
        return redirect("director:sheet", pk, number, target.number)
    return redirect("director:desk_board", pk, number)


@login_required
@require_POST
def sheet_action(request, pk: int, number: int, table_number: int):
    """Confirm (optionally blind), mark for clarification, or (director) accept as interpreted."""
    rnd = sheets_access.desk_round(request, pk, number)
    table = sheets_access.table_or_404(rnd, table_number)
    sheet = sheets_selectors.table_sheet(table)
    if sheet is None:
        messages.error(request, _("Nothing has been entered for this table yet."))
        return redirect("director:sheet", pk, number, table_number)
    try:
        expected = int(request.POST.get("version", "-1"))
    except ValueError:
        expected = -1
    action = request.POST.get("action", "")
    letters = tuple(sorted(s.letter for s in table.seats.all()))
    not_played = sheets_selectors.table_not_played(table, games=rnd.tournament.games_per_round)
    try:
        # The paper's facts (Klub 10.2, 10.4), when the confirming form asks for them.
        paper = (
            (request.POST.get("filled_in_by", "")[:1], _signed(request.POST.get("signed_by_all")))
            if request.POST.get("paper")
            else None
        )
        if action == "confirm":
            sheet_services.sheet_confirm(
                sheet=sheet, expected_version=expected, user=request.user, paper=paper
            )
            messages.success(request, _("Table %(table)s confirmed.") % {"table": table.number})
        elif action == "confirm_blind":
            grid = parse_grid(
                request.POST,
                letters=letters,
                games=rnd.tournament.games_per_round,
                not_played=not_played,
            )
            try:
                sheet_services.sheet_confirm(
                    sheet=sheet,
                    expected_version=expected,
                    user=request.user,
                    retyped=grid.games,
                    paper=paper,
                )
            except sheet_services.SheetMismatch as exc:
                # Nothing confirmed: the differences cell by cell, the correction form
                # prefilled with the paper's figures (issue #15.4).
                preview = _preview(rnd, letters, grid.games, grid.errors)
                context = _sheet_context(
                    request, rnd, table, grid.raw, preview, differences=exc.differences
                )
                context["form_errors"] = exc.messages
                return render(request, "tournaments/desk/sheet.html", context, status=422)
            messages.success(
                request,
                _("Table %(table)s confirmed blind: all figures match.") % {"table": table.number},
            )
        elif action == "clarify":
            sheet_services.sheet_needs_clarification(
                sheet=sheet,
                expected_version=expected,
                note=request.POST.get("note", "")[:1000],
                user=request.user,
            )
            messages.warning(
                request, _("Table %(table)s: clarification needed.") % {"table": table.number}
            )
        elif action == "interpret":
            grid = parse_grid(
                request.POST,
                letters=letters,
                games=rnd.tournament.games_per_round,
                not_played=not_played,
            )
            if grid.errors:
                raise ValidationError([m for ms in grid.errors.values() for m in ms])
            sheet_services.sheet_accept_interpreted(
                sheet=sheet,
                games=grid.games,
                expected_version=expected,
                reason=request.POST.get("reason", "")[:1000],
                user=request.user,
            )
            messages.success(
                request,
                _("Table %(table)s: interpreted and accepted (Klub 10.3).")
                % {"table": table.number},
            )
        else:
            messages.error(request, _("Unknown action."))
    except ValidationError as exc:
        flash_errors(request, exc)
        return redirect("director:sheet", pk, number, table_number)
    board = _board_context(rnd)
    if action.startswith("confirm") and board["next_unconfirmed"] is not None:
        return redirect("director:sheet", pk, number, board["next_unconfirmed"].number)
    return redirect("director:desk_board", pk, number)


def version_rows(version: SheetVersion, letters: tuple[str, ...]) -> list[dict]:
    return [
        {
            "number": g["number"],
            "cells": [g["scores"].get(x) for x in letters],
            "exhausted": g.get("pool_exhausted"),
        }
        for g in version.games
    ]
