"""Warnings and cards on the phone (Klub 4.4-4.5): log, list, withdraw."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from tournaments import permissions
from tournaments.common import access, guards
from tournaments.common.http import apply_errors, int_or_404
from tournaments.enums import WarningKind
from tournaments.models import PlayerWarning, Tournament
from tournaments.referees import access as referees_access
from tournaments.referees import selectors as selectors_referee
from tournaments.referees import services as referees_services
from tournaments.referees.forms import WarningForm, WithdrawForm
from tournaments.referees.views.access import (
    history_context,
    id_or_none,
    logging_tournament,
    rights,
    seen_tournament,
)


def _initial_from_query(request, tournament: Tournament) -> dict:
    """Prefill from the table page: ?player=<id>&round=<number>."""
    initial = {}
    player = request.GET.get("player", "")
    if player.isdecimal():
        initial["player"] = player
    rnd = request.GET.get("round", "")
    if rnd.isdecimal():
        initial["round"] = rnd
    elif (current := selectors_referee.current_round(tournament)) is not None:
        initial["round"] = str(current.number)
    return initial


@login_required
def warning_create(request, pk: int):
    """Log a warning; a red card first asks for confirmation (a dialog with htmx, otherwise the
    same page with the confirmation box), then excludes the player from later rounds."""
    tournament = logging_tournament(request, pk)
    registrations = selectors_referee.registered_players(tournament)
    form_kwargs = {"tournament": tournament, "registrations": registrations}
    confirm_red = False
    if request.method == "POST":
        form = WarningForm(request.POST, **form_kwargs)
        if form.is_valid():
            data = form.cleaned_data
            wants_cancel = "cancel" in request.POST
            confirmed = request.POST.get("confirm") == "1"
            if wants_cancel:
                pass  # back to the form, values kept, nothing saved
            elif data["kind"] == WarningKind.RED and not confirmed:
                confirm_red = True
            else:
                try:
                    warning = referees_services.warning_give(
                        tournament=tournament,
                        player=form.player_obj,
                        kind=data["kind"],
                        ground=data["ground"],
                        ground_text=data["ground_text"],
                        note=data["note"],
                        rnd=data["round"],
                        game_number=data["game_number"],
                        user=request.user,
                    )
                except ValidationError as exc:
                    apply_errors(form, exc)
                else:
                    messages.success(
                        request, " ".join([_saved_message(warning), *warning.consequences])
                    )
                    target = reverse("referee:tournament", args=[tournament.pk])
                    if request.htmx:
                        return HttpResponseClientRedirect(target)
                    return redirect(target)
        player_id = request.POST.get("player", "")
    else:
        form = WarningForm(initial=_initial_from_query(request, tournament), **form_kwargs)
        player_id = form.initial.get("player", "")
    context = {
        "tournament": tournament,
        "form": form,
        "confirm_red": confirm_red,
        "confirm_player": form.player_obj if confirm_red else None,
        # the central copy of a checked-out tournament is read-only: said before, not after
        "checked_out": guards.checked_out_notice(tournament),
        **history_context(tournament, id_or_none(player_id)),
        **rights(request.user, tournament),
    }
    template = "tournaments/referee/warning_form.html"
    if request.htmx and request.htmx.target == "warning-panel":
        template += "#panel"
    return render(request, template, context)


def _saved_message(warning: PlayerWarning) -> str:
    name = warning.player.full_name
    if warning.kind == WarningKind.RED:
        return _(
            "Red card for %(name)s saved: excluded from the next draw, any winnings are "
            "forfeited (Klub 4.5.2)."
        ) % {"name": name}
    return _("%(kind)s for %(name)s saved.") % {"kind": warning.get_kind_display(), "name": name}


@login_required
def warning_list(request, pk: int):
    """The tournament's warnings, withdrawn ones kept and marked (history)."""
    tournament = seen_tournament(request, pk)
    return render(
        request,
        "tournaments/referee/warnings.html",
        {
            "tournament": tournament,
            "warnings": selectors_referee.tournament_warnings(tournament),
            **rights(request.user, tournament),
        },
    )


@login_required
def warning_withdraw(request, pk: int, warning_pk: int):
    """Head referee or director withdraws a warning given by mistake – with a reason."""
    tournament = access.tournament_or_404(int_or_404(pk))
    permissions.require(
        permissions.can_head_referee(request.user, tournament),
        referees_services.HEAD_OR_DIRECTOR_ONLY,
    )
    warning = referees_access.warning_or_404(tournament, int_or_404(warning_pk))
    form = WithdrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            referees_services.warning_withdraw(
                warning=warning, reason=form.cleaned_data["reason"], user=request.user
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            text = _("%(kind)s for %(name)s withdrawn.") % {
                "kind": warning.get_kind_display(),
                "name": warning.player.full_name,
            }
            if warning.kind == WarningKind.RED:
                text += " " + _("The player is seated again from the next draw.")
            messages.success(request, text)
            return redirect("referee:warnings", tournament.pk)
    return render(
        request,
        "tournaments/referee/withdraw.html",
        {"tournament": tournament, "warning": warning, "form": form},
    )
