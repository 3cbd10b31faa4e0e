"""The public rating lists (issue 33): per year and all-time, CSV. Not the German ranking."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from ranking.domain import rating as domain_rating
from ranking.models import ALL_TIME
from ranking.rating import listing, selectors
from tournaments.common.csv_export import excel_download
from tournaments.common.http import year_or_404
from tournaments.common.public_cache import public_page


def _page_number(request) -> int:
    value = request.GET.get("seite", "")
    return int(value) if value.isdigit() and len(value) < 6 else 1


def _list_page(request, year: int):
    scope = selectors.rating_scope(year)
    years = selectors.rating_years()
    if year != ALL_TIME and scope is None and year not in years:
        raise Http404
    rows = listing.list_rows(scope) if scope else ()
    query = request.GET.get("q", "").strip()[:100]
    found = listing.search(rows, query)
    everything = request.GET.get("alle") == "1"
    paginator = Paginator(found, max(len(found), 1) if everything else listing.PAGE_SIZE)
    page = paginator.get_page(_page_number(request))
    context = {
        "year": year,
        "all_time": year == ALL_TIME,
        "scope": scope,
        "years": years,
        "total": len(rows),
        "query": query,
        "found": len(found),
        "everything": everything,
        "page": page,
        "prior": domain_rating.START,
        "beta": domain_rating.MODEL.beta,
        "tau": domain_rating.MODEL.tau,
    }
    return render(request, "ranking/rating/list.html", context)


@public_page(version=listing.page_version, uncached_params=("q",))
def rating_all_time(request):
    """The rating over all years."""
    return _list_page(request, ALL_TIME)


@public_page(version=listing.page_version, uncached_params=("q",))
def rating_year(request, year: int):
    """The rating of one year (everyone starts anew on 1 January)."""
    return _list_page(request, year_or_404(year))


def _csv(year: int) -> HttpResponse:
    scope = selectors.rating_scope(year)
    if scope is None or scope.computed_at is None:
        raise Http404
    name = "alle-jahre" if year == ALL_TIME else str(year)
    response, writer = excel_download(f"spielstaerke-{name}.csv")
    writer.writerow(
        [
            _("Place"),
            _("Player"),
            _("Club"),
            _("Rating (mu − 3σ)"),
            _("mu"),
            _("sigma"),
            _("Games"),
            _("Change in the last round"),
            _("Last played"),
        ]
    )
    writer.writerows(
        [
            r.rank,
            r.name,
            r.club,
            listing.decimal(r.display),
            listing.decimal(r.mu, 3),
            listing.decimal(r.sigma, 3),
            r.games,
            listing.decimal(r.change),
            r.last_date.isoformat(),
        ]
        for r in listing.list_rows(scope)
    )
    return response


def rating_csv(request, year: int):
    return _csv(year_or_404(year))


def rating_all_time_csv(request):
    return _csv(ALL_TIME)
