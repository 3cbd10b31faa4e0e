"""Rounds: the director's pairing page with overrides, release, and the printed lists."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import permissions
from tournaments.clock import selectors as clock_selectors
from tournaments.clock.forms import ClockForm
from tournaments.common import table_sections
from tournaments.common.access import directed_round, directed_tournament
from tournaments.common.http import flash_errors
from tournaments.common.live import live_view
from tournaments.common.public_cache import public_page
from tournaments.domain.names import din5007_key
from tournaments.domain.referees import not_played_by_game
from tournaments.domain.seating import COMPASS_LABELS, seat_plan
from tournaments.enums import RoundStatus
from tournaments.models import Player, Round
from tournaments.registry import selectors as registry_selectors
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services
from tournaments.rounds.access import visible_round
from tournaments.rounds.forms import MoveForm, PinForm, SwapForm
from tournaments.sheets import selectors as sheets_selectors
from tournaments.sheets.access import desk_round
from tournaments.tableside.qr import table_keys


@login_required
@require_POST
def round_pair(request, pk: int):
    tournament = directed_tournament(request, pk)
    try:
        rnd = round_services.round_pair_next(tournament=tournament, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
        return redirect("director:tournament_detail", pk)
    messages.success(
        request,
        _("Round %(number)s is drawn (seed %(seed)s).") % {"number": rnd.number, "seed": rnd.seed},
    )
    return redirect("director:round_detail", pk, rnd.number)


def _team_clash_texts(rnd: Round, seating: list[dict], report) -> list[str]:
    """ "Tisch 3 (Köln: Meier, Schulz)" for every table holding team-mates (Klub 6.2.1)."""
    if not report.team_clashes:
        return []
    teams = rounds_selectors.team_names(rnd.tournament)
    last = {s.player_id: s.player.last_name for table in seating for s in table["seats"]}
    return [
        _("Table %(table)s (%(team)s: %(names)s)")
        % {
            "table": seating[clash.table - 1]["number"],
            "team": teams.get(clash.team, "?"),
            "names": ", ".join(last[p] for p in clash.players),
        }
        for clash in report.team_clashes
    ]


def _director_context(rnd: Round) -> dict:
    seating = rounds_selectors.round_seating(rnd)
    report, ranked = rounds_selectors.round_report(rnd, seating)
    names = {s.player_id: s.player.full_name for table in seating for s in table["seats"]}
    seated = sorted(
        (
            (s.player_id, s.player.full_name, table["number"], s.letter)
            for table in seating
            for s in table["seats"]
        ),
        key=lambda item: din5007_key(item[1]),
    )
    pins = rounds_selectors.pins_by_player(rnd.tournament, names.keys())
    for table in seating:
        for seat in table["seats"]:
            seat.pin = pins.get(seat.player_id)
    return {
        "tournament": rnd.tournament,
        "round": rnd,
        "seating": seating,
        "report": report,
        "ranked": ranked,
        "repeated_names": [(names.get(a, a), names.get(b, b)) for a, b in report.repeated],
        "team_clash_texts": _team_clash_texts(rnd, seating, report),
        "seated": seated,
        "changes": rounds_selectors.round_changes(rnd),
        "redrawn": rounds_selectors.round_redrawn(rnd),
        "editable": rnd.status == RoundStatus.DRAWN,
        "swap_form": SwapForm(),
        "move_form": MoveForm(),
        "pin_form": PinForm(),
        "clock_log": (log := clock_selectors.clock_actions(rnd)),
        "clock": clock_selectors.round_clock(rnd, actions=log),
        "clock_form": ClockForm(),
    }


@login_required
def round_detail(request, pk: int, number: int):
    rnd = directed_round(request, pk, number)
    template = "tournaments/director/round.html"
    if request.htmx and request.htmx.target == "round-editor":
        template += "#round-editor"
    return render(request, template, _director_context(rnd))


def _player(value) -> Player | None:
    try:
        return registry_selectors.player_by_pk(int(value))
    except (TypeError, ValueError):
        return None


def _after_edit(request, rnd: Round):
    if request.htmx:
        return render(
            request, "tournaments/director/round.html#round-editor", _director_context(rnd)
        )
    return redirect("director:round_detail", rnd.tournament_id, rnd.number)


def _report_change(request, change) -> None:
    if change.created_repeat:
        messages.warning(request, change.description_text)
    else:
        messages.success(request, change.description_text)


@login_required
@require_POST
def round_swap(request, pk: int, number: int):
    rnd = directed_round(request, pk, number)
    form = SwapForm(request.POST)
    a = _player(request.POST.get("player_a")) if form.is_valid() else None
    b = _player(request.POST.get("player_b")) if form.is_valid() else None
    if a is None or b is None:
        messages.error(request, _("Please choose two players of this round."))
    else:
        try:
            _report_change(
                request,
                round_services.round_swap_players(
                    rnd=rnd, player_a=a, player_b=b, user=request.user
                ),
            )
        except ValidationError as exc:
            flash_errors(request, exc)
    return _after_edit(request, rnd)


@login_required
@require_POST
def round_move(request, pk: int, number: int):
    rnd = directed_round(request, pk, number)
    form = MoveForm(request.POST)
    player = _player(request.POST.get("player")) if form.is_valid() else None
    if player is None:
        messages.error(request, _("Please enter player, table and position."))
    else:
        try:
            _report_change(
                request,
                round_services.round_move_player(
                    rnd=rnd,
                    player=player,
                    table_number=form.cleaned_data["table"],
                    letter=form.cleaned_data["letter"],
                    user=request.user,
                ),
            )
        except ValidationError as exc:
            flash_errors(request, exc)
    return _after_edit(request, rnd)


@login_required
@require_POST
def round_pin(request, pk: int, number: int):
    rnd = directed_round(request, pk, number)
    form = PinForm(request.POST)
    player = _player(request.POST.get("player")) if form.is_valid() else None
    if player is None:
        messages.error(request, _("Please enter a player and a valid table number."))
    else:
        table = form.cleaned_data["table"]
        try:
            round_services.pin_set(
                tournament=rnd.tournament,
                player=player,
                table_number=table,
                reason=form.cleaned_data["reason"],
                user=request.user,
                rnd=rnd,
            )
        except ValidationError as exc:
            flash_errors(request, exc)
        else:
            if table:
                messages.success(
                    request,
                    _("%(name)s is fixed to table %(table)s from the next draw.")
                    % {"name": player.full_name, "table": table},
                )
            else:
                messages.success(
                    request, _("Table fixing of %(name)s removed.") % {"name": player.full_name}
                )
    return _after_edit(request, rnd)


@login_required
@require_POST
def round_redraw(request, pk: int, number: int):
    """Draw a round that is not released yet again (SPEC §7: after a red card)."""
    rnd = directed_round(request, pk, number)
    try:
        rnd = round_services.round_redraw(rnd=rnd, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request,
            _("Round %(number)s is drawn (seed %(seed)s).")
            % {"number": rnd.number, "seed": rnd.seed},
        )
    return redirect("director:round_detail", pk, number)


@login_required
@require_POST
def round_release(request, pk: int, number: int):
    rnd = directed_round(request, pk, number)
    try:
        round_services.round_release(rnd=rnd, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request,
            _("Round %(number)s is released and publicly visible.") % {"number": rnd.number},
        )
    return redirect("director:round_detail", pk, number)


@login_required
@require_POST
def round_publish(request, pk: int, number: int):
    """The desk board's button: publish when every sheet is confirmed (back to the board)."""
    rnd = desk_round(request, pk, number)
    try:
        round_services.round_publish(rnd=rnd, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, _("Round %(number)s is published.") % {"number": rnd.number})
    return redirect("director:desk_board", pk, number)


@public_page()
def pairing_by_table(request, pk: int, number: int):
    rnd = visible_round(request, pk, number)
    seating = rounds_selectors.round_seating(rnd)
    return render(
        request,
        "tournaments/print/by_table.html",
        {
            "round": rnd,
            "tournament": rnd.tournament,
            "seating": seating,
            "staff": permissions.can_direct(request.user, rnd.tournament),
        },
    )


@live_view()
@public_page()
def pairing_by_name(request, pk: int, number: int):
    """ "Mein Tisch": the round's pairing by name. While it is the newest public round the
    page polls (live); once a newer round is released the poll names it and the page goes
    there (`static/js/live.js`), keeping the name searched for."""
    rnd = visible_round(request, pk, number)
    newest = rounds_selectors.current_public_round(rnd.tournament)
    newer = newest if newest is not None and newest.number > rnd.number else None
    template = "tournaments/print/by_name.html"
    context = {"round": rnd, "tournament": rnd.tournament, "newer": newer}
    if request.htmx and request.htmx.target == "live-pairing":
        return render(request, template + "#live", context)
    staff = permissions.can_direct(request.user, rnd.tournament)
    seats = rounds_selectors.seats_by_name(rnd, full_names=staff)
    query = request.GET.get("q", "").strip().lower()[:100]
    for seat in seats:
        seat.shown_name = seat.player.full_name if staff else seat.player.public_name
    hit = next((s for s in seats if query and query in s.shown_name.lower()), None)
    # what other apps add to the found player's table (the skill rating's expectation)
    extras = table_sections.sections(rnd, [hit.table.number]) if hit else {}
    context.update(
        seats=seats,
        staff=staff,
        query=query,
        hit=hit,
        hit_sections=extras.get(hit.table.number if hit else None, []),
    )
    return render(request, template, context)


@public_page()
def table_cards(request, pk: int, number: int):
    rnd = visible_round(request, pk, number)
    seating = rounds_selectors.round_seating(rnd)
    games = rnd.tournament.games_per_round
    plans = {size: seat_plan(size, games) for size in (2, 3, 4)}
    cards = []
    for table in seating:
        by_letter = {s.letter: s for s in table["seats"]}
        plan = []
        for game in plans[len(table["seats"])]:
            plan.append(
                {
                    "game": game.game,
                    "starter": by_letter[game.starter],
                    "positions": [
                        (str(COMPASS_LABELS[point]), by_letter[letter])
                        for point, letter in game.compass
                    ],
                }
            )
        cards.append({"table": table, "plan": plan})
    # The keys to the tables' phone pages: staff prints only (never the public, cached page).
    desk = permissions.can_work_desk(request.user, rnd.tournament)
    keys = table_keys(request, rnd, [t["table"].pk for t in seating]) if desk else {}
    for card in cards:
        card["key"] = keys.get(card["table"]["table"].pk)
    return render(
        request,
        "tournaments/print/table_cards.html",
        {
            "round": rnd,
            "tournament": rnd.tournament,
            "cards": cards,
            "staff": permissions.can_direct(request.user, rnd.tournament),
        },
    )


@login_required
def result_sheets(request, pk: int, number: int):
    """The official result sheets of a round, one A4 page per table (Klub 10.2.1: only the
    director's sheets are valid): names, seat letters, who starts, game rows, control sum and
    the signature lines of Klub 10.2/10.4. `?tisch=N` prints one table."""
    rnd = desk_round(request, pk, number)
    tournament = rnd.tournament
    seating = rounds_selectors.round_seating(rnd)
    only = request.GET.get("tisch", "")
    if only.isdigit():
        seating = [t for t in seating if t["number"] == int(only)]
    games = tournament.games_per_round
    absent = sheets_selectors.round_absences(rnd)  # SPEC §7: out from a game on
    sheets = []
    for table in seating:
        seats = table["seats"]
        out = not_played_by_game(
            {s.letter: absent[s.player_id].from_game for s in seats if s.player_id in absent},
            games=games,
            letters=[s.letter for s in seats],
        )  # a table left with one player plays no more games
        rows = [
            {
                "game": g.game,
                "starter": g.starter,
                "cells": [s.letter in out.get(g.game, ()) for s in seats],
            }
            for g in seat_plan(len(seats), games)
        ]
        sheets.append({"table": table, "rows": rows})
    keys = table_keys(request, rnd, [t["table"].pk for t in seating])
    for sheet in sheets:
        sheet["key"] = keys.get(sheet["table"]["table"].pk)
    return render(
        request,
        "tournaments/print/result_sheets.html",
        {"round": rnd, "tournament": tournament, "sheets": sheets, "staff": True},
    )
