"""Privacy (issue 16, DSGVO): the public privacy page and the federation admin's erasure
requests."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments import permissions
from tournaments.common import access
from tournaments.common.http import flash_errors, int_or_404
from tournaments.privacy import selectors as privacy_selectors
from tournaments.privacy import services as privacy_services


@require_safe
def privacy(request):
    """What is stored, why, how long, who sees it; how to export and erase."""
    return render(request, "tournaments/public/privacy.html")


@login_required
@require_safe
def erasure_list(request):
    permissions.require(permissions.is_federation_admin(request.user))
    return render(
        request,
        "tournaments/players/erasures.html",
        {"requests": privacy_selectors.erasure_requests()},
    )


@login_required
@require_POST
def erasure_execute(request, pk: int):
    permissions.require(permissions.is_federation_admin(request.user))
    erasure = privacy_selectors.erasure_request_by_pk(int_or_404(pk))
    if erasure is None:
        raise Http404
    try:
        privacy_services.erasure_execute(request=erasure, user=request.user)
    except ValidationError as exc:
        flash_errors(request, exc)
    else:
        messages.success(request, _("Player #%(id)s is anonymised.") % {"id": erasure.player_id})
    return redirect("director:erasure_list")


@login_required
@require_POST
def erasure_record(request, pk: int):
    """A request by letter or at the desk, for a player without an account (e.g. a guest)."""
    permissions.require(permissions.is_federation_admin(request.user))
    player = access.player_or_404(pk)
    try:
        privacy_services.erasure_request_file(
            player=player, user=request.user, reason=request.POST.get("reason", "")
        )
    except ValidationError as exc:
        flash_errors(request, exc)
        return redirect("director:player_edit", player.pk)
    messages.success(
        request, _("Erasure request for %(name)s recorded.") % {"name": player.full_name}
    )
    return redirect("director:erasure_list")
