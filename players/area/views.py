"""The player's tournaments: register and withdraw online, waiting list, check-in."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from players.area import services as area_services
from tournaments.common import access
from tournaments.common.http import flash_errors, int_or_404
from tournaments.enums import SignupStatus
from tournaments.models import Registration
from tournaments.registration.online import selectors as signup_selectors


@login_required
@require_safe
def my_tournaments(request):
    player = area_services.player_of(request.user)
    return render(
        request,
        "players/my_tournaments.html",
        {"player": player, "offers": signup_selectors.offers_for_player(player)},
    )


@login_required
@require_POST
def register(request, pk: int):
    tournament = access.tournament_or_404(int_or_404(pk))
    try:
        result = area_services.my_signup_register(user=request.user, tournament=tournament)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        if isinstance(result, Registration):
            messages.success(
                request, _("You are registered for “%(name)s”.") % {"name": tournament.name}
            )
        elif result.status == SignupStatus.PENDING:
            messages.success(
                request,
                _("Registration for “%(name)s” received; the tournament director confirms it.")
                % {"name": tournament.name},
            )
        else:
            messages.warning(
                request,
                _("The field of “%(name)s” is full: you are on the waiting list.")
                % {"name": tournament.name},
            )
    return redirect("ranking:my_tournaments")


@login_required
@require_POST
def withdraw(request, pk: int):
    tournament = access.tournament_or_404(int_or_404(pk))
    try:
        area_services.my_signup_withdraw(user=request.user, tournament=tournament)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request, _("You have withdrawn from “%(name)s”.") % {"name": tournament.name}
        )
    return redirect("ranking:my_tournaments")


@login_required
def check_in(request, pk: int):
    """The link (or QR code) posted at the venue: one tap to check in on the day."""
    tournament = access.tournament_or_404(int_or_404(pk))
    player = area_services.player_of(request.user)
    if request.method == "POST":
        try:
            area_services.my_check_in(user=request.user, tournament=tournament)
        except ValidationError as exc:
            flash_errors(request, exc)
        else:
            messages.success(request, _("Checked in. Good luck!"))
        return redirect("ranking:check_in", tournament.pk)
    return render(
        request,
        "players/check_in.html",
        {"tournament": tournament, "state": signup_selectors.check_in_state(tournament, player)},
    )
