"""The federation's review (issue 18): uploads held after a revoke (apply or discard, with a
reason; nothing is written before) and registry conflicts (keep the central or take the venue
value)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import permissions
from tournaments.common.http import flash_errors
from tournaments.models import UploadOutcome
from tournaments.venue import persons, selectors
from tournaments.venue import review as services
from tournaments.venue.forms import ConflictForm, PersonLinkForm, ReviewDecisionForm


def _require_admin(request) -> None:
    permissions.require(
        permissions.is_federation_admin(request.user),
        _("Only the federation decides on held uploads and conflicts."),
    )


@login_required
@require_GET
def review_list(request):
    _require_admin(request)
    return render(
        request,
        "tournaments/venue/review_list.html",
        {
            "held": selectors.held_uploads(),
            "decided": selectors.decided_uploads(),
            "conflicts": selectors.open_conflicts(),
            "resolved": selectors.resolved_conflicts(),
            "helpers": persons.venue_persons_listed(),
        },
    )


@login_required
def review_detail(request, upload_pk: int):
    _require_admin(request)
    upload = selectors.upload_or_404(upload_pk)
    form = ReviewDecisionForm(request.POST or None)
    if request.method == "POST" and upload.outcome == UploadOutcome.REVIEW and form.is_valid():
        try:
            services.venue_upload_decide(
                upload=upload,
                by=request.user,
                apply_it=form.cleaned_data["decision"] == ReviewDecisionForm.APPLY,
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Decided."))
            return redirect("venue:review_list")
    preview = (
        services.held_upload_preview(upload=upload)
        if upload.outcome == UploadOutcome.REVIEW
        else None
    )
    status = 400 if request.method == "POST" and form.errors else 200
    context = {"upload": upload, "preview": preview, "form": form}
    return render(request, "tournaments/venue/review.html", context, status=status)


def _decide(request, form, decide, *, invalid: str, done: str):
    """A decision from the review list: the form checked, the service called, what happened
    flashed (a refusal: the service's message, nothing changed), back to the list."""
    if not form.is_valid():
        messages.error(request, invalid)
    else:
        try:
            decide(by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            flash_errors(request, exc)
        else:
            messages.success(request, done)
    return redirect("venue:review_list")


@login_required
@require_POST
def conflict_resolve(request, pk: int):
    _require_admin(request)
    conflict = selectors.conflict_or_404(pk)
    return _decide(
        request,
        ConflictForm(request.POST),
        lambda **data: services.registry_conflict_resolve(conflict=conflict, **data),
        invalid=_("Choose the central or the venue value."),
        done=_("Conflict resolved."),
    )


@login_required
@require_POST
def person_link(request, pk: int):
    """Link a helper at the venue to an existing account (issue 29), with a reason."""
    _require_admin(request)
    person = persons.venue_person_or_404(pk)
    return _decide(
        request,
        PersonLinkForm(request.POST),
        lambda **data: persons.venue_person_link(person=person, **data),
        invalid=_("Please give a reason."),
        done=_("Link recorded."),
    )
