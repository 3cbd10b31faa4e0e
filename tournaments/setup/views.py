"""Director area: tournament set-up, overview and staff."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import permissions
from tournaments.common import access
from tournaments.common.access import directed_tournament
from tournaments.common.http import apply_errors, flash_errors
from tournaments.enums import Category, RuleSetCode, TournamentStatus
from tournaments.finals.forms import CutDecisionForm
from tournaments.models import Tournament
from tournaments.referees import selectors as selectors_referee
from tournaments.registration import services as registration_services
from tournaments.rounds import field as rounds_field
from tournaments.rounds import selectors as rounds_selectors
from tournaments.setup import access as setup_access
from tournaments.setup import selectors as setup_selectors
from tournaments.setup import services as setup_services
from tournaments.setup.forms import (
    JuniorFieldCreateForm,
    JuniorFieldForm,
    StaffForm,
    TournamentForm,
)
from tournaments.venue.views import director as venue_views

FORMAT_FIELDS = tuple(TournamentForm.Meta.fields)


@login_required
def tournament_create(request):
    permissions.require(permissions.is_director(request.user))
    today = timezone.localdate()
    initial = {
        "category": Category.CITY,  # rounds and games: empty, the category decides (Klub 6.3)
        "finalists_count": 4,
        "ranking_year": today.year,
        "rule_set": RuleSetCode.RULES_2014,
        "counts_for_ranking": True,
    }
    form = TournamentForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = setup_services.tournament_create(
                user=request.user, **{f: form.cleaned_data[f] for f in FORMAT_FIELDS}
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request, _("Tournament “%(name)s” created.") % {"name": tournament.name}
            )
            return redirect("director:tournament_detail", tournament.pk)
    return render(
        request,
        "tournaments/director/tournament_form.html",
        {"form": form},
        status=422 if form.errors else 200,  # a refused form, as elsewhere on the site
    )


@login_required
def tournament_edit(request, pk: int):
    tournament = directed_tournament(request, pk)
    form_class = JuniorFieldForm if tournament.is_junior_field else TournamentForm
    form = form_class(request.POST or None, instance=tournament)
    if rounds_selectors.any_round_drawn(tournament):  # the service checks again
        for name in ("ranking_year", "counts_for_ranking"):
            if name in form.fields:
                form.fields[name].disabled = True
                form.fields[name].help_text = _("Fixed after the draw of the first round.")
    if request.method == "POST" and form.is_valid():
        try:
            setup_services.tournament_update(
                tournament=tournament, **{f: form.cleaned_data[f] for f in form.Meta.fields}
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("Changes saved."))
            return redirect("director:tournament_detail", tournament.pk)
    return render(
        request,
        "tournaments/director/tournament_form.html",
        {"form": form, "tournament": access.tournament_or_404(pk)},
        status=422 if form.errors else 200,  # a refused form, as elsewhere on the site
    )


@login_required
def tournament_detail(request, pk: int):
    tournament = directed_tournament(request, pk)
    overview = setup_selectors.tournament_overview(tournament)
    next_is_preliminary = (
        tournament.status == TournamentStatus.RUNNING
        and len(overview["rounds"]) < tournament.rounds_planned
    )
    return render(
        request,
        "tournaments/director/tournament_detail.html",
        {
            "tournament": tournament,
            **overview,
            "deadline": registration_services.registration_deadline(tournament),
            "next_round": rounds_field.next_round_status(tournament)
            if next_is_preliminary
            else None,
            "final_ties": [
                (tie, CutDecisionForm(tie=tie))
                for tie in rounds_selectors.final_ties_pending(tournament)
            ],
            "cut_notes": rounds_selectors.cut_decision_notes(tournament),
            "junior_form": JuniorFieldCreateForm(),
            **venue_views.venue_context(request, tournament),
        },
    )


@login_required
@require_POST
def junior_field_create(request, pk: int):
    """Juniors playing apart from the main field, with their own round count (Klub 6.3)."""
    tournament = directed_tournament(request, pk)
    form = JuniorFieldCreateForm(request.POST)
    if not form.is_valid():
        flash_errors(request, ValidationError(form.errors["rounds_planned"]))
        return redirect("director:tournament_detail", pk)
    try:
        junior = setup_services.junior_field_create(
            tournament=tournament,
            rounds_planned=form.cleaned_data["rounds_planned"],
            user=request.user,
        )
    except ValidationError as exc:
        flash_errors(request, exc)
        return redirect("director:tournament_detail", pk)
    messages.success(request, _("Junior field “%(name)s” created.") % {"name": junior.name})
    return redirect("director:tournament_detail", junior.pk)


@login_required
@require_POST
def junior_field_delete(request, pk: int):
    tournament = directed_tournament(request, pk)
    try:
        setup_services.junior_field_delete(tournament=tournament, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
        return redirect("director:tournament_detail", pk)
    messages.success(request, _("The empty junior field has been removed."))
    return redirect("director:tournament_detail", tournament.juniors_of_id)


@login_required
@require_POST
def tournament_open_registration(request, pk: int):
    tournament = directed_tournament(request, pk)
    try:
        registration_services.tournament_open_registration(tournament=tournament)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, _("Registration is open; the tournament is publicly visible."))
    return redirect("director:tournament_detail", pk)


@login_required
@require_POST
def tournament_table_entry(request, pk: int):
    """The director switches entry at the table on or off (issue #15.4)."""
    tournament = directed_tournament(request, pk)
    enabled = request.POST.get("table_entry") == "on"
    try:
        setup_services.tournament_table_entry_set(
            tournament=tournament, enabled=enabled, user=request.user
        )
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request,
            _("Results at the table: switched on.")
            if enabled
            else _("Results at the table: switched off, paper sheets only."),
        )
    return redirect("director:tournament_detail", pk)


def _staff_context(tournament: Tournament, form) -> dict:
    return {
        "tournament": tournament,
        "form": form,
        "staff": selectors_referee.staff(tournament),
        "history": setup_selectors.staff_history(tournament),
        "referee_candidates": setup_selectors.referee_candidates(),
    }


@login_required
def staff_page(request, pk: int):
    """The director assigns desk staff, referees and the one head referee of this tournament."""
    tournament = directed_tournament(request, pk)
    if tournament.is_junior_field:  # one staff for both fields
        return redirect("director:staff", tournament.juniors_of_id)
    form = StaffForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            assignment = setup_services.staff_assign(
                tournament=tournament,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
                user=request.user,
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("%(user)s is assigned as %(role)s.")
                % {"user": assignment.user.get_username(), "role": assignment.get_role_display()},
            )
            return redirect("director:staff", tournament.pk)
    return render(request, "tournaments/director/staff.html", _staff_context(tournament, form))


@login_required
@require_POST
def staff_remove(request, pk: int, staff_pk: int):
    tournament = directed_tournament(request, pk)
    assignment = setup_access.staff_assignment_or_404(tournament, staff_pk)
    try:
        setup_services.staff_unassign(
            assignment=assignment, user=request.user, reason=request.POST.get("reason", "")[:300]
        )
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(
            request,
            _("Assignment of %(user)s as %(role)s ended.")
            % {"user": assignment.user.get_username(), "role": assignment.get_role_display()},
        )
    return redirect("director:staff", tournament.pk)
