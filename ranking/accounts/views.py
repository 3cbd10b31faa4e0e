"""Player accounts by invitation: directors invite, players set a password."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse

from ranking.accounts import services as account_services
from ranking.accounts.forms import InviteForm, SetPasswordForm
from tournaments import permissions
from tournaments.common.http import apply_errors, error_messages
from tournaments.registry import selectors as registry_selectors


@login_required
def invite(request):
    permissions.require(
        account_services.can_invite(request.user), "Nur Turnierleitung und Verband laden ein."
    )
    form = InviteForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            player = registry_selectors.player_by_federation_number(
                form.cleaned_data["federation_number"].strip()
            )
            if player is None:
                form.add_error(
                    "federation_number", "Keine Spielerin / kein Spieler mit dieser Nummer."
                )
            else:
                try:
                    invitation, _token = account_services.player_invite(
                        player=player,
                        user=request.user,
                        email=form.cleaned_data["email"],
                        base_url=request.build_absolute_uri("/").rstrip("/"),
                    )
                except ValidationError as exc:
                    apply_errors(form, exc)
                else:
                    messages.success(
                        request,
                        f"Einladung an {invitation.email} für {player.full_name} verschickt.",
                    )
                    return redirect("ranking:invite")
        status = 422
    return render(request, "ranking/invite.html", {"form": form}, status=status)


def invitation_accept(request, token: str):
    try:
        invitation = account_services.invitation_for_token(token)
    except ValidationError as exc:
        return render(
            request, "ranking/invitation.html", {"error": error_messages(exc)[0]}, status=404
        )
    form = SetPasswordForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                account = account_services.invitation_accept(
                    token=token,
                    password=form.cleaned_data["password"],
                    password_again=form.cleaned_data["password_again"],
                )
            except ValidationError as exc:
                apply_errors(form, exc)
            else:
                login(request, account.user, backend="django.contrib.auth.backends.ModelBackend")
                messages.success(
                    request,
                    f"Willkommen! Ihr Benutzername ist {account.user.username}.",
                )
                return redirect(reverse("ranking:my_area"))
        status = 422
    return render(
        request,
        "ranking/invitation.html",
        {"form": form, "invitation": invitation},
        status=status,
    )
