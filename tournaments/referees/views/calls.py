"""The tables' calls in the referee area (issue #15.6): listed live at the top of the
tournament page with the disputed tables, taken and closed by a referee."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import permissions
from tournaments.common import access
from tournaments.common.http import apply_errors, flash_errors, int_or_404
from tournaments.common.live import live_view
from tournaments.enums import TournamentStatus
from tournaments.models import Tournament
from tournaments.referees import access as referees_access
from tournaments.referees import calls as referee_calls
from tournaments.referees import selectors as selectors_referee
from tournaments.referees.forms import CallCloseForm
from tournaments.referees.views.access import rights, seen_tournament


def calls_context(user, tournament: Tournament) -> dict:
    """The open calls and disputed tables (the live part of the tournament page)."""
    return {
        "referee_calls": selectors_referee.referee_calls_open(tournament),
        "disputed": selectors_referee.disputed_tables(tournament),
        "can_answer": permissions.can_answer_calls(user, tournament),
        "finished": tournament.status == TournamentStatus.FINISHED,
    }


def _answering_tournament(request, pk) -> Tournament:
    tournament = access.tournament_or_404(int_or_404(pk))
    permissions.require(
        permissions.can_answer_calls(request.user, tournament), referee_calls.CALL_STAFF_ONLY
    )
    return tournament


@live_view(desk=True)
@login_required
def calls(request, pk: int):
    """The live list: htmx polls it every 1.5 s and gets 304 until a call, a sign-off or a
    sheet action moves the desk generation (`common/live.py`); without htmx, the page."""
    tournament = seen_tournament(request, pk)
    if not request.htmx:
        return redirect("referee:tournament", tournament.pk)
    return render(
        request,
        "tournaments/referee/tournament.html#referee-calls",
        {
            "tournament": tournament,
            "calls_etag": request.live_etag,
            **calls_context(request.user, tournament),
            **rights(request.user, tournament),
        },
    )


@login_required
@require_POST
def call_take(request, pk: int, call_pk: int):
    tournament = _answering_tournament(request, pk)
    call = referees_access.referee_call_or_404(tournament, int_or_404(call_pk))
    try:
        referee_calls.referee_call_take(call=call, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request, _("Call of table %(table)s taken.") % {"table": call.table.number}
        )
    return redirect("referee:tournament", tournament.pk)


@login_required
def call_close(request, pk: int, call_pk: int):
    """How the call ended; the warning or ruling it led to (written first, then chosen here)."""
    tournament = _answering_tournament(request, pk)
    call = referees_access.referee_call_or_404(tournament, int_or_404(call_pk))
    form = CallCloseForm(request.POST or None, **selectors_referee.call_links(call))
    if request.method == "POST" and form.is_valid():
        try:
            referee_calls.referee_call_close(call=call, user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request, _("Call of table %(table)s closed.") % {"table": call.table.number}
            )
            return redirect("referee:tournament", tournament.pk)
    return render(
        request,
        "tournaments/referee/call_close.html",
        {"tournament": tournament, "call": call, "form": form, **rights(request.user, tournament)},
        status=422 if form.errors else 200,
    )
