"""Public JSON API v1: read-only, published data only (issue 5; rankings: issue 7)."""

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import NinjaAPI
from ninja.errors import ValidationError

from ranking.careers.api import router as careers_router
from ranking.clubs.api import router as clubs_router
from ranking.public.api import router as ranking_router
from ranking.rating.api import router as rating_router
from tournaments.api import router as tournaments_router

api = NinjaAPI(
    title=gettext_lazy("German Rummikub Federation (Deutscher Rummikub Verband) – tournament API"),
    version="1",
    description=gettext_lazy(
        "Published tournament data, the German Rummikub ranking, players' careers and clubs "
        "(read-only)."
    ),
    urls_namespace="api-v1",
    openapi_url="/openapi.json",
    docs_url="/docs/",
)
api.add_router("/tournaments/", tournaments_router)
api.add_router("/rankings/", ranking_router)
api.add_router("/players/", careers_router)
api.add_router("/clubs/", clubs_router)
api.add_router("/ratings/", rating_router)


@api.exception_handler(Http404)
def not_found(request, exc):
    return api.create_response(request, {"detail": _("Not found.")}, status=404)


@api.exception_handler(ValidationError)
def invalid_parameters(request, exc):
    """Bad ids, numbers or types: a message in the request's language plus the details, status
    422 (never a 500)."""
    names = sorted({str(e["loc"][-1]) for e in exc.errors if e.get("loc")})
    detail = (
        _("Invalid request: please check %(names)s.") % {"names": ", ".join(names)}
        if names
        else _("Invalid request.")
    )
    return api.create_response(request, {"detail": detail, "errors": exc.errors}, status=422)
