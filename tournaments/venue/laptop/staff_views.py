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


def _person_action(request, pk: int, user_pk: int, act, done: str):
    """A listed person's log-in set or ended by ``act(tournament, person)``; back to the list
    with what happened (a refusal: the service's message, nothing changed)."""
    tournament = _tournament(request, pk)
    person = staff_selectors.candidate_or_404(tournament, user_pk)
    try:
        act(tournament, person)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, done % {"username": person.get_username()})
    return redirect("director:venue_laptop_people", tournament.pk)


@login_required
@require_POST
def person_login(request, pk: int, user_pk: int):
    form = LoginForm(request.POST)

    def act(tournament, person):
        if not form.is_valid():  # the form's messages, as a refusal
            raise ValidationError([e for errors in form.errors.values() for e in errors])
        staff_services.venue_login_set(tournament=tournament, person=person,
                                       password=form.cleaned_data["password"],
                                       by=request.user)  # fmt: skip

    done = _("%(username)s can log in now with the password given.")
    return _person_action(request, pk, user_pk, act, done)


@login_required
@require_POST
def person_logout(request, pk: int, user_pk: int):
    def act(tournament, person):
        staff_services.venue_login_end(tournament=tournament, person=person, by=request.user)

    done = _("%(username)s can no longer log in.")
    return _person_action(request, pk, user_pk, act, done)
