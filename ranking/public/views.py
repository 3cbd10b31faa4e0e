"""The public German ranking: per year, CSV, a player's history."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone

from ranking.compute import selectors as compute_selectors
from ranking.domain import versions as domain_versions
from ranking.public import selectors as public_selectors
from tournaments.common import access
from tournaments.common.csv_export import excel_writer
from tournaments.common.http import int_or_404

MIN_YEAR, MAX_YEAR = 1990, 2200


def _year_or_404(year) -> int:
    number = int_or_404(year)
    if not MIN_YEAR <= number <= MAX_YEAR:
        raise Http404
    return number


def ranking_index(request):
    """The newest year with a ranking (or the current year)."""
    year = public_selectors.newest_computed_year() or timezone.localdate().year
    return redirect("ranking:year", year=year)


def _year_context(year: int) -> dict:
    snapshot = public_selectors.ranking_snapshot(year)
    entries = public_selectors.ranking_entries(snapshot) if snapshot else []
    rules = domain_versions.rules_for_year(year)
    return {
        "year": year,
        "snapshot": snapshot,
        "entries": entries,
        "rules": rules,
        "years": compute_selectors.ranking_years(),
        "states": public_selectors.year_tournament_states(year, now=timezone.now()),
    }


def ranking_year(request, year: int):
    year = _year_or_404(year)
    context = _year_context(year)
    current = timezone.localdate().year
    if context["snapshot"] is None and year not in context["years"] and year != current:
        raise Http404
    template = "ranking/year.html"
    if request.htmx:
        template += "#status"
    return render(request, template, context)


def ranking_csv(request, year: int):
    year = _year_or_404(year)
    snapshot = public_selectors.ranking_snapshot(year)
    if snapshot is None:
        raise Http404
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="ranking-{year}.csv"'
    response.write("\ufeff")  # Excel opens UTF-8 with the BOM
    writer = excel_writer(response)
    writer.writerow(
        [
            "Rang",
            "Spieler",
            "Verein",
            "Turniere",
            "Runden",
            "Spiele",
            "Platzierungspunkte",
            "Platzierungspunkte pro Spiel",
            "Spielpunkte",
            "1. Plätze",
            "2. Plätze",
            "3. Plätze",
            "4. Plätze",
            "Minuspunkte",
        ]
    )
    for e in public_selectors.ranking_entries(snapshot):
        writer.writerow(
            [
                e.rank,
                e.player.public_name,
                e.player.club,
                e.tournaments,
                e.rounds,
                e.games,
                e.placement_points,
                f"{e.placement_points_per_game:.2f}".replace(".", ","),
                e.game_points,
                e.first,
                e.second,
                e.third,
                e.fourth,
                e.minus_points,
            ]
        )
    return response


def player_history(request, player_id: int):
    player = access.player_or_404(int_or_404(player_id))
    history = public_selectors.player_history(player)
    if not history:
        raise Http404
    return render(request, "ranking/player.html", {"player": player, "history": history})
