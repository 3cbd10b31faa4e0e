"""Public JSON API v1: read-only, published data only (issue 5; rankings: issue 7)."""

from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import ValidationError

from ranking.public.api import router as ranking_router
from tournaments.api import router as tournaments_router

api = NinjaAPI(
    title="Deutscher Rummikub Verband – Turnier-API",
    version="1",
    description="Veröffentlichte Turnierdaten und das Deutsche Rummikub Ranking (nur lesend).",
    urls_namespace="api-v1",
    openapi_url="/openapi.json",
    docs_url="/docs/",
)
api.add_router("/tournaments/", tournaments_router)
api.add_router("/rankings/", ranking_router)


@api.exception_handler(Http404)
def not_found(request, exc):
    return api.create_response(request, {"detail": "Nicht gefunden."}, status=404)


@api.exception_handler(ValidationError)
def invalid_parameters(request, exc):
    """Bad ids, numbers or types: a German message plus the details, status 422 (never a 500)."""
    names = sorted({str(e["loc"][-1]) for e in exc.errors if e.get("loc")})
    detail = "Ungültige Anfrage"
    if names:
        detail += ": bitte " + ", ".join(names) + " prüfen"
    return api.create_response(request, {"detail": detail + ".", "errors": exc.errors}, status=422)
