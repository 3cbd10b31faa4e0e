"""German error pages (the default ones are English and bare)."""

from django.http import HttpResponseServerError
from django.shortcuts import render
from django.template import loader


def forbidden(request, exception=None):
    message = str(exception) if exception and str(exception) else "Keine Berechtigung."
    return render(request, "errors/403.html", {"message": message}, status=403)


def not_found(request, exception=None):
    return render(request, "errors/404.html", status=404)


def server_error(request):
    """Rendered without the request: no context processor, no session, no database. The error
    may be a cut database connection, and this page must not fail on it too."""
    return HttpResponseServerError(loader.render_to_string("errors/500.html"))
