"""The director's venue section on the tournament page (issue 18): check out, status, package
download, upload log, check-in, revoke (htmx, with a plain form fallback)."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import permissions
from tournaments.common.access import directed_tournament
from tournaments.common.http import error_messages
from tournaments.venue import checkout as services
from tournaments.venue import selectors
from tournaments.venue.forms import CheckinForm, CheckoutForm, RevokeForm

SECTION = "tournaments/venue/_section.html"


def venue_context(request, tournament) -> dict:
    """The venue section's context on the director's tournament page."""
    return {
        "venue": selectors.venue_section(tournament),
        "venue_admin": permissions.is_federation_admin(request.user),
        "venue_laptop": settings.VENUE_MODE,
        "checkout_form": CheckoutForm(),
        "checkin_form": CheckinForm(),
        "revoke_form": RevokeForm(),
    }


def _answer(request, tournament, *, done: str = "", errors: list[str] | None = None, forms=None):
    """htmx: the section again, with its message (also a refusal: htmx swaps only a 2xx
    answer); without JavaScript: back to the page, the message flashed."""
    if request.headers.get("HX-Request"):
        context = {"tournament": tournament, **venue_context(request, tournament), **(forms or {})}
        context.update(venue_done=done, venue_errors=errors or [])
        return render(request, SECTION, context)
    for message in errors or []:
        messages.error(request, message)
    if done:
        messages.success(request, done)
    return redirect(reverse("director:tournament_detail", args=[tournament.pk]) + "#venue")


@login_required
@require_GET
def venue_page(request, pk: int):
    """The section alone: a page of its own, and what htmx polls while the checkout is out."""
    tournament = directed_tournament(request, pk)
    context = {"tournament": tournament, **venue_context(request, tournament)}
    template = SECTION if request.headers.get("HX-Request") else "tournaments/venue/page.html"
    return render(request, template, context)


@login_required
@require_POST
def venue_checkout(request, pk: int):
    tournament = directed_tournament(request, pk)
    form = CheckoutForm(request.POST)
    if not form.is_valid():
        return _answer(
            request, tournament, errors=_form_errors(form), forms={"checkout_form": form}
        )
    try:
        services.venue_checkout_open(tournament=tournament, by=request.user)
    except ValidationError as exc:
        return _answer(request, tournament, errors=error_messages(exc))
    return _answer(
        request,
        tournament,
        done=_("Checked out. Download the package and load it on the venue laptop."),
    )


@login_required
@require_GET
def venue_package(request, pk: int):
    """The package the laptop loads (`venue_load`): only for the director or an admin, only
    while the checkout is out. It holds the checkout's signing key: never cached."""
    tournament = directed_tournament(request, pk)
    checkout = selectors.open_checkout_or_404(tournament)
    package = services.checkout_package(checkout=checkout)
    response = HttpResponse(
        json.dumps(package, ensure_ascii=False, sort_keys=True),
        content_type="application/json; charset=utf-8",
    )
    name = f"venue-{tournament.main_tournament_id}-{str(checkout.uuid)[:8]}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store, private"
    return response


@login_required
@require_POST
def venue_checkin(request, pk: int):
    tournament = directed_tournament(request, pk)
    checkout = selectors.open_checkout_or_404(tournament)
    form = CheckinForm(request.POST)
    if not form.is_valid():
        return _answer(request, tournament, errors=_form_errors(form))
    try:
        services.venue_checkout_checkin(
            checkout=checkout, by=request.user, reason=form.cleaned_data["reason"]
        )
    except ValidationError as exc:
        return _answer(request, tournament, errors=error_messages(exc))
    return _answer(request, tournament, done=_("Checked in: the central copy is writable again."))


@login_required
@require_POST
def venue_revoke(request, pk: int):
    tournament = directed_tournament(request, pk)
    permissions.require(
        permissions.is_federation_admin(request.user),
        _("Only the federation may revoke a checkout."),
    )
    checkout = selectors.open_checkout_or_404(tournament)
    form = RevokeForm(request.POST)
    if not form.is_valid():
        return _answer(request, tournament, errors=[_("A revocation needs a reason.")])
    try:
        services.venue_checkout_revoke(
            checkout=checkout, by=request.user, reason=form.cleaned_data["reason"]
        )
    except ValidationError as exc:
        return _answer(request, tournament, errors=error_messages(exc))
    return _answer(
        request,
        tournament,
        done=_("Revoked: later uploads of this checkout wait for review."),
    )


def _form_errors(form) -> list[str]:
    return [e for field_errors in form.errors.values() for e in field_errors]
