"""The player's e-mails and calendar feed: choices in the own area, the secret feed link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.middleware.csrf import CsrfViewMiddleware
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_POST, require_safe

from players.accounts import selectors as accounts_selectors
from players.accounts.language import language_of
from players.notifications import selectors as notification_selectors
from players.notifications import services as notification_services
from players.notifications.forms import PreferencesForm
from tournaments import permissions
from tournaments.calendar import feeds
from tournaments.calendar import selectors as calendar_selectors
from tournaments.common.http import flash_errors


def _own_account(request):
    account = accounts_selectors.account_of(request.user)
    permissions.require(account is not None, _("Only with a player account."))
    return account


@login_required
def notifications(request):
    account = _own_account(request)
    if request.method == "POST":
        form = PreferencesForm(request.POST)
        if form.is_valid():
            notification_services.preferences_update(user=request.user, **form.cleaned_data)
            messages.success(request, _("Your settings have been saved."))
            if not request.htmx:
                return redirect("ranking:notifications")
    preferences = notification_selectors.preferences_of(account)
    form = PreferencesForm(
        initial={
            "table_mail": preferences.table_mail,
            "correction_mail": preferences.correction_mail,
            "language": preferences.language,
        }
    )
    feed_url = ""
    if preferences.calendar_token:
        feed_url = request.build_absolute_uri(
            reverse("ranking:calendar_feed", args=[preferences.calendar_token])
        )
    template = "players/notifications.html"
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


def set_language(request):
    """Django's language switch; a signed-in player's e-mails follow the choice (issue 17).

    The switch is CSRF-exempt for visitors (cached public pages hold no token, and it only sets
    a cookie); a signed-in user's switch may store a choice, so it needs the page's token like
    every other write (base.html names it on signed-in pages)."""
    if request.method != "POST" or not request.user.is_authenticated:
        return i18n.set_language(request)
    refused = CsrfViewMiddleware(i18n.set_language).process_view(request, None, (), {})
    if refused is not None:
        return refused
    response = i18n.set_language(request)
    notification_services.mail_language_remember(
        user=request.user, language=request.POST.get("language", "")
    )
    return response


@login_required
@require_POST
def calendar_link(request):
    """A new feed link (the old one stops working) or none."""
    _own_account(request)
    try:
        if request.POST.get("action") == "delete":
            notification_services.calendar_link_revoke(user=request.user)
            messages.success(request, _("The calendar link has been deleted; it no longer works."))
        else:
            notification_services.calendar_link_renew(user=request.user)
            messages.success(
                request, _("Your new calendar link is ready; an older one no longer works.")
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
    with translation.override(language_of(account)):  # calendar apps send no language
        content = feeds.calendar_ics(
            calendar_selectors.registered_tournaments(account.player),
            name=_("My Rummikub tournaments (%(name)s)") % {"name": account.player.full_name},
            base_url=request.build_absolute_uri("/").rstrip("/"),
        )
    response = feeds.ics_response(content, filename="meine-turniere.ics")
    response["Cache-Control"] = "private, no-store"
    response["X-Robots-Tag"] = "noindex"
    return response
