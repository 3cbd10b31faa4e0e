"""The installable app (issue 34): the service worker at the root, the web app manifest, the
page shown offline for a page the worker did not keep. The same for every visitor."""

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from tournaments.webapp import shell as app


@require_safe
def service_worker(request):
    """The service worker at the root, so its scope covers every page; never cached by the
    browser's HTTP cache (it checks for a new release on every visit)."""
    response = HttpResponse(app.worker_script(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def supported_language(code: str) -> str:
    return code if code in dict(settings.LANGUAGES) else ""


@require_safe
def web_manifest(request):
    """The manifest is fetched without cookies: the page names its language and audience."""
    language = supported_language(request.GET.get("sprache", "")) or get_language()
    with translation.override(language):
        found = app.manifest(request.GET.get("fuer", ""), language)
    response = JsonResponse(found, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_safe
def offline(request):
    """The page the app shows for a page it has not kept, while the device is offline (kept by
    the service worker when it installs)."""
    return render(request, "tournaments/public/offline.html")
