"""Rulings on a call (Klub 4.2): record, list, the head referee's final word."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import access
from tournaments.common.http import apply_errors, int_or_404
from tournaments.enums import RulingStatus
from tournaments.referees import access as referees_access
from tournaments.referees import selectors as selectors_referee
from tournaments.referees import services as referees_services
from tournaments.referees.forms import FinalRulingForm, RulingForm
from tournaments.referees.views.access import (
    logging_tournament,
    rights,
    seen_tournament,
)


@login_required
def ruling_list(request, pk: int):
    tournament = seen_tournament(request, pk)
    return render(
        request,
        "tournaments/referee/rulings.html",
        {
            "tournament": tournament,
            "rulings": selectors_referee.tournament_rulings(tournament),
            "head": selectors_referee.head_referee(tournament),
            **rights(request.user, tournament),
        },
    )


@login_required
def ruling_create(request, pk: int):
    tournament = logging_tournament(request, pk)
    initial = {}
    for key in ("round", "table_number"):
        value = request.GET.get(key, "")
        if value.isdecimal():
            initial[key] = value
    if "round" not in initial and (rnd := selectors_referee.current_round(tournament)):
        initial["round"] = str(rnd.number)
    form = RulingForm(request.POST or None, tournament=tournament, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            ruling = referees_services.ruling_record(
                tournament=tournament,
                question=data["question"],
                decision=data["decision"],
                rule_cited=data["rule_cited"],
                objections=data["objections"],
                rnd=data["round"],
                table_number=data["table_number"],
                game_number=data["game_number"],
                user=request.user,
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            if ruling.status == RulingStatus.ESCALATED:
                messages.warning(
                    request,
                    _(
                        "More than two players object: the decision is referred to the head "
                        "referee (Klub 4.2.2)."
                    ),
                )
            elif data["objections"] > 2:
                messages.warning(
                    request,
                    _(
                        "No head referee at this tournament: the referee's decision is binding "
                        "(Klub 4.2.2)."
                    ),
                )
            else:
                messages.success(request, _("Decision saved."))
            return redirect("referee:rulings", tournament.pk)
    return render(
        request,
        "tournaments/referee/ruling_form.html",
        {"tournament": tournament, "form": form},
    )


@login_required
def ruling_final(request, pk: int, ruling_pk: int):
    """The head referee hears everyone and decides finally (Klub 4.2.2); no later change."""
    tournament = access.tournament_or_404(int_or_404(pk))
    permissions.require(
        permissions.is_head_referee_of(request.user, tournament), referees_services.HEAD_ONLY
    )
    ruling = referees_access.escalated_ruling_or_404(tournament, int_or_404(ruling_pk))
    final = selectors_referee.final_ruling(ruling)
    form = FinalRulingForm(request.POST or None)
    if request.method == "POST" and final is None and form.is_valid():
        try:
            referees_services.ruling_decide_finally(
                ruling=ruling,
                decision=form.cleaned_data["decision"],
                rule_cited=form.cleaned_data["rule_cited"],
                user=request.user,
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Final decision saved."))
            return redirect("referee:rulings", tournament.pk)
    elif request.method == "POST" and final is not None:
        messages.error(
            request,
            _("There is already a final decision on this; it cannot be changed."),
        )
    return render(
        request,
        "tournaments/referee/ruling_final.html",
        {"tournament": tournament, "ruling": ruling, "final": final, "form": form},
    )
