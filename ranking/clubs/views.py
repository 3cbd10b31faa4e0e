"""Club pages (issue 33.2): the club index with the club table of a year, a club's page.
Public, cached per version (`careers.selectors.public_version`)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from ranking.careers.selectors import public_version
from ranking.charts import pictures
from ranking.clubs import selectors
from tournaments.common.http import year_or_404
from tournaments.common.public_cache import public_page


def clubs_version(kwargs: dict) -> str:
    return f"clubs.{public_version()}"


def _index(request, year: int | None):
    years = list(selectors.club_tables())
    if year is None:
        year = years[0] if years else None
    context = {
        "year": year,
        "years": years,
        "table": selectors.year_table(year) if year is not None else [],
        "clubs": list(selectors.directory().values()),
    }
    return render(request, "ranking/clubs/index.html", context)


@public_page(version=clubs_version)
def club_index(request):
    """Every club with a member who played, and the club table of the newest ranking year."""
    return _index(request, None)


@public_page(version=clubs_version)
def club_year(request, year: int):
    return _index(request, year_or_404(year))


@public_page(version=clubs_version)
def club_page(request, slug: str):
    club = selectors.club(slug[:200])
    if club is None:
        raise Http404
    ranked = [y for y in reversed(club.years) if y.line is not None]
    context = {
        "club": club,
        "positions_chart": pictures.positions_chart(
            chart_id="chart-club-positions",
            title=_("Position in the club table per year"),
            positions=[(y.year, y.line.rank, y.clubs) for y in ranked],
        ),
        "ranked_years": ranked,
        "position_rows": [
            (y.year, y.line.rank, y.clubs, reverse("ranking:clubs_year", args=[y.year]))
            for y in ranked
        ],
    }
    return render(request, "ranking/clubs/club.html", context)
