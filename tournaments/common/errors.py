"""Error pages in the user's language (Django's default ones are bare)."""

from django.http import HttpResponseServerError
from django.shortcuts import render
from django.template import loader
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import permissions

FORBIDDEN_DEFAULT = gettext_lazy("You do not have permission for this page.")
MESSAGE_MAX = 300
"""Our PermissionDenied messages are short sentences for the user (in their language); anything
else is not shown."""


def forbidden(request, exception=None):
    """Why (the PermissionDenied message: ours are sentences meant for the user) and a
    way back: where the user came from if that is this site, else the start of their area."""
    message = str(exception or "").strip()
    if not message or len(message) > MESSAGE_MAX or "\n" in message:
        message = FORBIDDEN_DEFAULT
    back_url, back_label = _way_back(request)
    context = {"message": message, "back_url": back_url, "back_label": back_label}
    return render(request, "errors/403.html", context, status=403)


def _way_back(request) -> tuple[str, str]:
    referer = request.headers.get("referer", "")
    same_site = url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    if referer and same_site and referer != request.build_absolute_uri():
        return referer, _("Back to the previous page")
    return _area_start(request.user)


def _area_start(user) -> tuple[str, str]:
    """The start page of the user's own area (the navigation's order), else the site's."""
    if permissions.is_director(user):
        return reverse("director:home"), _("To the director's area")
    if permissions.is_desk_staff(user):
        return reverse("desk_home"), _("To the desk")
    if permissions.is_referee(user):
        return reverse("referee_home"), _("To the referees' area")
    if permissions.is_commission(user):
        return reverse("commission_home"), _("To the rules commission")
    return reverse("home"), _("To the start page")


def not_found(request, exception=None):
    return render(request, "errors/404.html", status=404)


def server_error(request):
    """Rendered without the request: no context processor, no session, no database. The error
    may be a cut database connection, and this page must not fail on it too. The request id
    (config.observability) lets the user quote the failure; the logs and the error report
    carry the same id."""
    context = {"request_id": getattr(request, "request_id", "")}
    return HttpResponseServerError(loader.render_to_string("errors/500.html", context))
