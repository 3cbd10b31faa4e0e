"""The player's "Meine Daten" page (issue 16, DSGVO): consent, download, erasure request."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from players.area.services import player_of
from players.privacy import selectors as privacy_selectors
from players.privacy.forms import ConsentForm, ErasureRequestForm
from tournaments.common.http import apply_errors, flash_errors
from tournaments.privacy import selectors as tournament_privacy
from tournaments.privacy import services as privacy_services


def _page(request, player, *, consent=None, erasure=None, status=200):
    return render(
        request,
        "players/my_data.html",
        {
            "player": player,
            "consent": consent or ConsentForm(initial={"publish_name": player.publish_name}),
            "erasure": erasure or ErasureRequestForm(),
            "open_request": tournament_privacy.open_erasure_request(player),
        },
        status=status,
    )


@login_required
def my_data(request):
    """GET: the page; POST: the consent to publish the full name."""
    player = player_of(request.user)
    if request.method != "POST":
        return _page(request, player)
    form = ConsentForm(request.POST)
    if form.is_valid():
        try:
            privacy_services.player_publish_name_set(
                player=player, publish_name=form.cleaned_data["publish_name"]
            )
        except ValidationError as exc:
            flash_errors(request, exc)
        else:
            messages.success(
                request,
                _("Your full name is shown publicly.")
                if form.cleaned_data["publish_name"]
                else _("Public pages now show only your initials."),
            )
    return redirect("ranking:my_data")


def _download(content: str, *, filename: str, content_type: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_safe
def my_data_json(request):
    player = player_of(request.user)
    return _download(
        privacy_selectors.player_data_json(player),
        filename=f"meine-daten-{player.pk}.json",
        content_type="application/json; charset=utf-8",
    )


@login_required
@require_safe
def my_data_csv(request):
    player = player_of(request.user)
    return _download(
        privacy_selectors.player_data_csv(player),
        filename=f"meine-daten-{player.pk}.csv",
        content_type="text/csv; charset=utf-8",
    )


@login_required
@require_POST
def my_erasure_request(request):
    player = player_of(request.user)
    form = ErasureRequestForm(request.POST)
    if form.is_valid():
        try:
            privacy_services.erasure_request_file(
                player=player, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ValidationError as exc:
            if not hasattr(exc, "error_dict"):  # already requested, already erased
                flash_errors(request, exc)
                return redirect("ranking:my_data")
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _(
                    "Your erasure request has reached the federation. As soon as it is carried "
                    "out, your account is closed."
                ),
            )
            return redirect("ranking:my_data")
    return _page(request, player, erasure=form, status=422)
