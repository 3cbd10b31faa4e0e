"""The director's view of the venue laptop: the status light (polled by htmx on the tournament
page), "upload now" (the final upload before check-in), resuming from the central copy and
erasing the local copy afterwards.
Only on the laptop (settings.VENUE_MODE); elsewhere these addresses do not exist."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.common.access import directed_tournament
from tournaments.venue.laptop import central, selectors, services, uploader


def _venue_state(request, pk: int):
    if not settings.VENUE_MODE:
        raise Http404
    tournament = directed_tournament(request, pk)
    state = selectors.state_for(tournament)
    if state is None:
        raise Http404
    return tournament, state


@login_required
@require_GET
def status(request, pk: int):
    tournament, state = _venue_state(request, pk)
    return render(
        request, "tournaments/venue_laptop/_status.html", selectors.panel(tournament, state)
    )


@login_required
@require_POST
def upload_now(request, pk: int):
    """Upload at once and say what the server answered (the final upload before check-in)."""
    tournament, _state = _venue_state(request, pk)
    outcome = uploader.sync_once(force=True)
    if outcome == uploader.BUSY:
        messages.info(
            request, _("An upload is under way: the light shows its outcome in a moment.")
        )
        return redirect("director:tournament_detail", tournament.pk)
    state = selectors.state_for(tournament)
    light = selectors.status_light(state)
    if selectors.all_uploaded(state):
        messages.success(request, light.text)
    else:
        messages.error(
            request,
            _("Upload failed (%(outcome)s): %(text)s") % {"outcome": outcome, "text": light.text},
        )
    return redirect("director:tournament_detail", tournament.pk)


@login_required
@require_POST
def resume(request, pk: int):
    """Carry on from the central server's copy (issue 29.4): offered when the central server
    refused this laptop's copy as older than its own (an older backup restored here)."""
    tournament, _state = _venue_state(request, pk)
    try:
        state = central.resume()
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("director:tournament_detail", tournament.pk)
    messages.success(
        request,
        _("Resumed from the central server at upload number %(number)s: the day carries on.")
        % {"number": state.sequence},
    )
    return redirect("director:tournament_detail", state.checkout.tournament_id)


@login_required
def erase(request, pk: int):
    """After check-in: delete the laptop's copy (players' personal data), with confirmation;
    refused while the central server lacks changes or holds a newer copy (`erase_refusal`)."""
    tournament, state = _venue_state(request, pk)
    context = selectors.panel(tournament, state)
    if request.method == "POST":
        refusal = selectors.erase_refusal(state)
        if refusal:
            context["error"] = refusal
        elif request.POST.get("confirm") != "yes":
            context["error"] = _("Please tick the box to confirm.")
        else:
            try:
                logout(request)
                services.local_copy_erase(backups=True)
            except ValidationError as error:
                context["error"] = " ".join(error.messages)
            else:
                return render(request, "tournaments/venue_laptop/erased.html")
    return render(request, "tournaments/venue_laptop/erase.html", context)
