"""The federation admin merges duplicate registry entries (issue 16)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import access
from tournaments.common.http import apply_errors
from tournaments.merge import selectors as merge_selectors
from tournaments.merge import services as merge_services
from tournaments.merge.forms import MergeForm


@login_required
def player_merge(request, pk: int):
    """GET: candidates (search) and the form per candidate; POST: merge, then the kept entry."""
    permissions.require(permissions.is_federation_admin(request.user))
    player = access.player_or_404(pk)
    query = request.GET.get("q", "")
    form = MergeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        other = access.player_or_404(form.cleaned_data["other"])
        kept, removed = (player, other) if form.cleaned_data["keep"] == "this" else (other, player)
        try:
            merge = merge_services.player_merge(
                kept=kept, removed=removed, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(
                request,
                _("Merged: %(removed)s is now %(kept)s.")
                % {"removed": merge.removed_name, "kept": merge.kept_name},
            )
            return redirect("director:player_edit", kept.pk)
    status = 422 if request.method == "POST" else 200
    return render(
        request,
        "tournaments/players/merge.html",
        {
            "player": player,
            "query": query,
            "candidates": merge_selectors.merge_candidates(player, query),
            "form": form,
        },
        status=status,
    )
