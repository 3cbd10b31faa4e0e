"""The commission's inbox, review and decisions."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ranking.appeals import selectors as appeals_selectors
from ranking.appeals.selectors import appeal_or_404
from ranking.commission import selectors as commission_selectors
from ranking.commission import services as commission_services
from ranking.commission.forms import DecisionForm, StrikeForm
from ranking.enums import AppealStatus, DecisionOutcome
from ranking.models import Appeal
from tournaments import permissions
from tournaments.common.access import tournament_or_404
from tournaments.common.http import error_messages, flash_errors, int_or_404
from tournaments.common.sheet_grid import grid_from_games, parse_grid


def _require_commission(user) -> None:
    permissions.require(
        permissions.is_commission(user), _("Only for members of the rules commission.")
    )


@login_required
def commission_inbox(request):
    _require_commission(request.user)
    groups = commission_selectors.inbox()
    sections = [(status, groups[status.value]) for status in AppealStatus]
    return render(request, "ranking/commission/inbox.html", {"sections": sections})


def _correction_target(request, appeal: Appeal):
    """Round and table to correct: from the appeal, or chosen by the commission (?runde=&tisch=)."""
    source = request.POST if request.method == "POST" else request.GET
    rnd = appeal.round
    table_number = appeal.table_number
    try:
        if source.get("runde"):
            rnd = commission_selectors.published_round(appeal.tournament_id, int(source["runde"]))
        if source.get("tisch"):
            table_number = int(source["tisch"])
    except (TypeError, ValueError):
        return None, None, []
    if rnd is None or table_number is None:
        return rnd, table_number, []
    return rnd, table_number, commission_selectors.table_seats(rnd, table_number)


def _commission_context(request, appeal: Appeal, **extra) -> dict:
    rnd, table_number, seats = _correction_target(request, appeal)
    raw = extra.pop("raw", None)
    if raw is None and seats:
        games = commission_selectors.effective_games(rnd, table_number)
        raw = grid_from_games(games) if games else {}
    return {
        "appeal": appeal,
        "decision": getattr(appeal, "decision", None),
        "deadline": appeals_selectors.deadline_text(appeal.tournament.end_date),
        "rounds": appeals_selectors.published_rounds(appeal.tournament),
        "target_round": rnd,
        "target_table": table_number,
        "seats": seats,
        "games": range(1, appeal.tournament.games_per_round + 1),
        "raw": raw or {},
        "form": extra.pop("form", None) or DecisionForm(),
        "additions": appeals_selectors.additions_of(appeal),
        **commission_selectors.appeal_context(appeal),
        **extra,
    }


@login_required
def commission_appeal(request, pk: int):
    _require_commission(request.user)
    appeal = appeal_or_404(pk)
    return render(request, "ranking/commission/appeal.html", _commission_context(request, appeal))


@login_required
@require_POST
def commission_review(request, pk: int):
    _require_commission(request.user)
    appeal = appeal_or_404(pk)
    try:
        commission_services.appeal_start_review(appeal=appeal, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request, _("Appeal no. %(number)s is under review.") % {"number": appeal.pk}
        )
    return redirect("ranking:commission_appeal", pk=appeal.pk)


@login_required
@require_POST
def commission_decide(request, pk: int):
    _require_commission(request.user)
    appeal = appeal_or_404(pk)
    form = DecisionForm(request.POST)
    rnd, table_number, seats = _correction_target(request, appeal)
    raw = None
    if form.is_valid():
        outcome = form.cleaned_data["outcome"]
        games = None
        if outcome == DecisionOutcome.UPHELD and seats:
            letters = tuple(s.letter for s in seats)
            grid = parse_grid(
                request.POST, letters=letters, games=appeal.tournament.games_per_round
            )
            raw = grid.raw
            if grid.errors:
                form.add_error(None, [m for msgs in grid.errors.values() for m in msgs])
            games = grid.games
        if not form.errors:
            try:
                commission_services.appeal_decide(
                    appeal=appeal,
                    user=request.user,
                    outcome=outcome,
                    reasoning=form.cleaned_data["reasoning"],
                    round_number=rnd.number if rnd else None,
                    table_number=table_number,
                    games=games,
                )
            except ValidationError as exc:
                for message in error_messages(exc):
                    form.add_error(None, message)
            else:
                messages.success(
                    request,
                    _(
                        "Decision on appeal no. %(number)s saved; the appellant is notified by "
                        "e-mail. The ranking is being recomputed."
                    )
                    % {"number": appeal.pk},
                )
                return redirect("ranking:commission_appeal", pk=appeal.pk)
    appeal.refresh_from_db()
    context = _commission_context(request, appeal, form=form, raw=raw)
    return render(request, "ranking/commission/appeal.html", context, status=422)


@login_required
def commission_home(request):
    """The commission's area (/kommission/) is its appeals inbox."""
    permissions.require(permissions.is_commission(request.user))
    return commission_inbox(request)


@login_required
def commission_tournaments(request):
    """The commission's own hand (Klub 3.1.1): strike a tournament or let it count again."""
    _require_commission(request.user)
    return render(
        request,
        "ranking/commission/tournaments.html",
        {"rows": commission_selectors.counting_tournaments(), "form": StrikeForm()},
    )


@login_required
@require_POST
def commission_strike(request, pk: int):
    _require_commission(request.user)
    tournament = tournament_or_404(int_or_404(pk))
    form = StrikeForm(request.POST)
    if form.is_valid():
        try:
            commission_services.tournament_strike_set(
                tournament=tournament,
                struck=form.cleaned_data["struck"],
                reasoning=form.cleaned_data["reasoning"],
                user=request.user,
            )
        except ValidationError as exc:
            flash_errors(request, exc)
        else:
            messages.success(
                request,
                (
                    _("%(tournament)s: struck from the ranking. The ranking is being recomputed.")
                    if form.cleaned_data["struck"]
                    else _(
                        "%(tournament)s: counts for the ranking again. The ranking is being "
                        "recomputed."
                    )
                )
                % {"tournament": tournament.name},
            )
    else:
        for errors in form.errors.values():
            for message in errors:
                messages.error(request, f"{tournament.name}: {message}")
    return redirect("ranking:commission_tournaments")
