"""The federation's player registry: list, edit, CSV import with preview."""

import base64
import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import permissions
from tournaments.common import access
from tournaments.common.http import apply_errors, flash_errors
from tournaments.merge import selectors as merge_selectors
from tournaments.privacy import selectors as privacy_selectors
from tournaments.registry import services as player_services
from tournaments.registry.forms import PlayerForm, PlayerImportForm
from tournaments.registry.selectors import search_players

SESSION_IMPORT_KEY = "player_import"


@login_required
def player_list(request):
    permissions.require(permissions.is_federation_admin(request.user))
    query = request.GET.get("q", "")
    guests = request.GET.get("gaeste") == "1"
    page = Paginator(search_players(query, guests=guests), 50).get_page(request.GET.get("page"))
    context = {"page": page, "query": query, "guests": guests}
    template = "tournaments/players/list.html"
    if request.htmx and request.htmx.target == "player-results":
        template += "#results"
    return render(request, template, context)


@login_required
def player_edit(request, pk: int | None = None):
    permissions.require(permissions.is_federation_admin(request.user))
    player = access.player_or_404(pk) if pk else None
    form = PlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        try:
            saved = player_services.player_save(player=form.save(commit=False))
        except ValidationError as exc:
            apply_errors(form, exc)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": saved.full_name})
            return redirect("director:player_list")
    return render(
        request,
        "tournaments/players/edit.html",
        {
            "form": form,
            "player": player,
            "merges": merge_selectors.merges_of(player) if player else [],
            "open_erasure": privacy_selectors.open_erasure_request(player) if player else None,
        },
    )


@login_required
def player_import(request):
    """Upload → preview with every bad row → confirm; nothing is written before the confirm."""
    permissions.require(permissions.is_federation_admin(request.user))
    preview = None
    token = ""
    form = PlayerImportForm()
    if request.method == "POST" and "confirm" in request.POST:
        stored = request.session.get(SESSION_IMPORT_KEY) or {}
        if not stored or stored.get("token") != request.POST.get("token"):
            messages.error(request, _("The preview has expired. Please upload the file again."))
            return redirect("director:player_import")
        content = base64.b64decode(stored["content"])
        try:
            summary = player_services.players_csv_import(content=content)
        except ValidationError as exc:
            flash_errors(request, exc)
            return redirect("director:player_import")
        del request.session[SESSION_IMPORT_KEY]
        messages.success(
            request,
            _("Import finished: %(created)s new, %(updated)s changed, %(unchanged)s unchanged.")
            % {
                "created": summary.created,
                "updated": summary.updated,
                "unchanged": summary.unchanged,
            },
        )
        return redirect("director:player_list")
    if request.method == "POST":
        form = PlayerImportForm(request.POST, request.FILES)
        if form.is_valid():
            content = form.cleaned_data["file"].read()
            preview = player_services.players_csv_preview(content=content)
            token = hashlib.sha256(content).hexdigest()[:32]
            if preview.ok:
                request.session[SESSION_IMPORT_KEY] = {
                    "token": token,
                    "content": base64.b64encode(content).decode("ascii"),
                }
    return render(
        request,
        "tournaments/players/import.html",
        {
            "form": form,
            "preview": preview,
            "token": token,
            "created": preview.count("create") if preview else 0,
            "updated": preview.count("update") if preview else 0,
            "unchanged": preview.count("unchanged") if preview else 0,
        },
    )


@login_required
@require_POST
def player_import_cancel(request):
    permissions.require(permissions.is_federation_admin(request.user))
    request.session.pop(SESSION_IMPORT_KEY, None)
    return redirect("director:player_import")
