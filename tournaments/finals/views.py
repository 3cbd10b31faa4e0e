"""The director records the decision of a tie at a cut (SPEC §1; Klub 4.2)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.common.access import directed_tournament
from tournaments.common.http import flash_errors
from tournaments.finals import services as finals_services
from tournaments.finals.forms import CutDecisionForm
from tournaments.rounds import selectors as rounds_selectors


@login_required
@require_POST
def cut_decide(request, pk: int):
    tournament = directed_tournament(request, pk)
    kind = request.POST.get("kind", "")
    table = request.POST.get("table_number", "")
    tie = next(
        (
            t
            for t in rounds_selectors.final_ties_pending(tournament)
            if t.kind == kind and str(t.table_number or "") == table
        ),
        None,
    )
    if tie is None:
        messages.error(request, _("There is no open tie to decide here."))
        return redirect("director:tournament_detail", pk)
    form = CutDecisionForm(request.POST, tie=tie)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("director:tournament_detail", pk)
    try:
        finals_services.cut_decision_record(
            tournament=tournament,
            kind=tie.kind,
            table_number=tie.table_number,
            chosen=form.cleaned_data["chosen"],
            method=form.cleaned_data["method"],
            reason=form.cleaned_data["reason"],
            user=request.user,
        )
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, _("The decision is saved and noted on the standings."))
    return redirect("director:tournament_detail", pk)
