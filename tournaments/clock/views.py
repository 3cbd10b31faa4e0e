"""The director's round clock controls (on the round page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.clock import services
from tournaments.clock.forms import ClockForm
from tournaments.common.access import directed_round
from tournaments.common.http import flash_errors

DONE = {
    "start": gettext_lazy("The round clock is running."),
    "pause": gettext_lazy("The round clock is paused."),
    "resume": gettext_lazy("The round clock is running again."),
    "end": gettext_lazy("The round clock has ended."),
}


@login_required
@require_POST
def round_clock(request, pk: int, number: int):
    rnd = directed_round(request, pk, number)
    form = ClockForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, _("Please choose a valid action and a duration of 1 to 600 minutes.")
        )
        return redirect("director:round_detail", pk, number)
    action = form.cleaned_data["action"]
    try:
        if action == "start":
            minutes = form.cleaned_data["minutes"] or 0
            services.round_clock_start(rnd=rnd, user=request.user, minutes=minutes)
        else:
            act = {
                "pause": services.round_clock_pause,
                "resume": services.round_clock_resume,
                "end": services.round_clock_end,
            }[action]
            act(rnd=rnd, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, DONE[action])
    return redirect("director:round_detail", pk, number)
