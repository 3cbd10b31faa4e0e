"""The people at the venue, on the laptop (issue 29): the director gives the tournament's staff,
the federation's referees and the venue's own helpers a password or PIN for the day, adds
helpers and ends log-ins. Only on the laptop (settings.VENUE_MODE); elsewhere a 404."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.common.access import directed_tournament
from tournaments.common.http import apply_errors, flash_errors
from tournaments.venue.laptop import staff_selectors, staff_services
from tournaments.venue.laptop.staff_forms import HelperForm, LoginForm

TEMPLATE = "tournaments/venue_laptop/people.html"


def _tournament(request, pk: int):
    if not settings.VENUE_MODE:
        raise Http404
    tournament = directed_tournament(request, pk)
    if staff_selectors.checkout_here(tournament) is None:
        raise Http404
    return tournament


@login_required
def people(request, pk: int):
    """The list with a password form per person, and the form that adds a helper."""
    tournament = _tournament(request, pk)
    if tournament.is_junior_field:  # one staff for both fields
        return redirect("director:venue_laptop_people", tournament.main_tournament_id)
    form = HelperForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            person = staff_services.venue_helper_add(tournament=tournament, by=request.user,
                                                     **form.cleaned_data)  # fmt: skip
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("%(name)s logs in as “%(username)s” with the password given.")
                % {"name": person.name, "username": person.username},
            )
            return redirect("director:venue_laptop_people", tournament.pk)
    context = {
        "tournament": tournament,
        "people": staff_selectors.venue_people(tournament),
        "form": form,
        "login_form": LoginForm(),
    }
    status = 400 if request.method == "POST" else 200
    return render(request, TEMPLATE, context, status=status)


@login_required
@require_POST
def person_login(request, pk: int, user_pk: int):
    tournament = _tournament(request, pk)
    person = staff_selectors.candidate_or_404(tournament, user_pk)
    form = LoginForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("director:venue_laptop_people", tournament.pk)
    try:
        staff_services.venue_login_set(
            tournament=tournament, person=person, password=form.cleaned_data["password"],
            by=request.user,
        )  # fmt: skip
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request,
            _("%(username)s can log in now with the password given.")
            % {"username": person.get_username()},
        )
    return redirect("director:venue_laptop_people", tournament.pk)


@login_required
@require_POST
def person_logout(request, pk: int, user_pk: int):
    tournament = _tournament(request, pk)
    person = staff_selectors.candidate_or_404(tournament, user_pk)
    try:
        staff_services.venue_login_end(tournament=tournament, person=person, by=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request, _("%(username)s can no longer log in.") % {"username": person.get_username()}
        )
    return redirect("director:venue_laptop_people", tournament.pk)
