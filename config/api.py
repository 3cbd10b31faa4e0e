"""Public JSON API v1: read-only, published data only (issue 5; rankings: issue 7)."""

from django.http import Http404
from ninja import NinjaAPI

from ranking.api import router as ranking_router
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
