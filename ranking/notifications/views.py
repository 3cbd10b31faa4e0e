"""The player's e-mails and calendar feed: choices in the own area, the secret feed link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from ranking.accounts import selectors as accounts_selectors
from ranking.notifications import selectors as notification_selectors
from ranking.notifications import services as notification_services
from ranking.notifications.forms import PreferencesForm
from tournaments import permissions
from tournaments.calendar import feeds
from tournaments.calendar import selectors as calendar_selectors
from tournaments.common.http import flash_errors


def _own_account(request):
    account = accounts_selectors.account_of(request.user)
    permissions.require(account is not None, "Nur mit einem Spielerkonto.")
    return account


@login_required
def notifications(request):
    account = _own_account(request)
    if request.method == "POST":
        form = PreferencesForm(request.POST)
        if form.is_valid():
            notification_services.preferences_update(user=request.user, **form.cleaned_data)
            messages.success(request, "Ihre Einstellungen sind gespeichert.")
            if not request.htmx:
                return redirect("ranking:notifications")
    preferences = notification_selectors.preferences_of(account)
    form = PreferencesForm(
        initial={
            "table_mail": preferences.table_mail,
            "correction_mail": preferences.correction_mail,
        }
    )
    feed_url = ""
    if preferences.calendar_token:
        feed_url = request.build_absolute_uri(
            reverse("ranking:calendar_feed", args=[preferences.calendar_token])
        )
    template = "ranking/notifications.html"
    return render(
        request,
        template + "#preferences" if request.htmx else template,
        {
            "account": account,
            "form": form,
            "preferences": preferences,
            "feed_url": feed_url,
            "webcal_url": "webcal://" + feed_url.split("://", 1)[-1] if feed_url else "",
            "federation_url": request.build_absolute_uri(reverse("federation_calendar")),
        },
    )


@login_required
@require_POST
def calendar_link(request):
    """A new feed link (the old one stops working) or none."""
    _own_account(request)
    try:
        if request.POST.get("action") == "delete":
            notification_services.calendar_link_revoke(user=request.user)
            messages.success(request, "Der Kalender-Link ist gelöscht; er funktioniert nicht mehr.")
        else:
            notification_services.calendar_link_renew(user=request.user)
            messages.success(
                request, "Ihr neuer Kalender-Link ist bereit; ein älterer funktioniert nicht mehr."
            )
    except ValidationError as exc:
        flash_errors(request, exc)
    return redirect("ranking:notifications")


@require_safe
def calendar_feed(request, token: str):
    """The secret link is the permission (calendar apps fetch without logging in); an unknown
    or revoked one is 404, like any page that is not there."""
    account = notification_selectors.account_for_calendar_token(token)
    if account is None:
        raise Http404
    content = feeds.calendar_ics(
        calendar_selectors.registered_tournaments(account.player),
        name=f"Meine Rummikub-Turniere ({account.player.full_name})",
        base_url=request.build_absolute_uri("/").rstrip("/"),
    )
    response = feeds.ics_response(content, filename="meine-turniere.ics")
    response["Cache-Control"] = "private, no-store"
    response["X-Robots-Tag"] = "noindex"
    return response
