"""The public German ranking: per year, CSV (a player's career: `ranking.careers`)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from ranking.compute import selectors as compute_selectors
from ranking.domain import versions as domain_versions
from ranking.public import listing
from ranking.public import selectors as public_selectors
from tournaments.common.csv_export import excel_download
from tournaments.common.http import year_or_404
from tournaments.common.public_cache import public_page


def ranking_index(request):
    """The newest year with a ranking (or the current year)."""
    year = public_selectors.newest_computed_year() or timezone.localdate().year
    return redirect("ranking:year", year=year)


def _year_context(year: int) -> dict:
    """What every variant of the year page shows around the list: status, years, tournaments."""
    return {
        "year": year,
        "snapshot": public_selectors.ranking_snapshot(year),
        "rules": domain_versions.rules_for_year(year),
        "years": compute_selectors.ranking_years(),
    }


def _page_number(request) -> int:
    value = request.GET.get("seite", "")
    return int(value) if value.isdigit() and len(value) < 6 else 1


def _list_context(request, snapshot) -> dict:
    """The slice of the cached list this request shows: `?q=` searches name, club or rank,
    `?seite=` pages through, `?alle=1` shows every line (print)."""
    rows = listing.year_rows(snapshot) if snapshot else ()
    query = request.GET.get("q", "").strip()[:100]
    found = listing.search(rows, query)
    everything = request.GET.get("alle") == "1"
    paginator = Paginator(found, max(len(found), 1) if everything else listing.PAGE_SIZE)
    page = paginator.get_page(_page_number(request))
    return {
        "total": len(rows),
        "query": query,
        "found": len(found),
        "everything": everything,
        "page": page,
        "body": listing.rows_html(page.object_list),
    }


@public_page(version=listing.year_page_version, uncached_params=("q",))
def ranking_year(request, year: int):
    """The ranking of a year: its first screen is one page of the list (search and pages work
    without JavaScript; htmx swaps only the list), the whole list is one link away."""
    year = year_or_404(year)
    context = _year_context(year)
    current = timezone.localdate().year
    if context["snapshot"] is None and year not in context["years"] and year != current:
        raise Http404
    template = "ranking/public/year.html"
    if request.htmx and request.htmx.target != "ranking-table":
        return render(request, template + "#status", context)  # the pending poll
    context.update(_list_context(request, context["snapshot"]))
    if request.htmx:
        return render(request, template + "#table", context)
    context["states"] = public_selectors.year_tournament_states(year, now=timezone.now())
    context["states_body"] = listing.states_html(context["states"])
    return render(request, template, context)


def ranking_csv(request, year: int):
    year = year_or_404(year)
    snapshot = public_selectors.ranking_snapshot(year)
    if snapshot is None:
        raise Http404
    response, writer = excel_download(f"ranking-{year}.csv")
    writer.writerow(
        [
            _("Rank"),
            _("Player"),
            _("Club"),
            _("Tournaments"),
            _("Rounds"),
            _("Games"),
            _("Placement points"),
            _("Placement points per game"),
            _("Game points"),
            _("1st places"),
            _("2nd places"),
            _("3rd places"),
            _("4th places"),
            _("Minus points"),
        ]
    )
    writer.writerows(
        [
            e.rank,
            e.name,
            e.club,
            e.tournaments,
            e.rounds,
            e.games,
            e.placement_points,
            listing.per_game_text(e),
            e.game_points,
            *e.placings,
            e.minus_points,
        ]
        for e in listing.year_rows(snapshot)
    )
    return response
