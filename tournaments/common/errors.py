"""German error pages (the default ones are English and bare)."""

from django.shortcuts import render


def forbidden(request, exception=None):
    message = str(exception) if exception and str(exception) else "Keine Berechtigung."
    return render(request, "errors/403.html", {"message": message}, status=403)


def not_found(request, exception=None):
    return render(request, "errors/404.html", status=404)


def server_error(request):
    return render(request, "errors/500.html", status=500)
