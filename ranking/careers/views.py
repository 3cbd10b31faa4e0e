"""A player's career page (issue 33.1): `/ranking/spieler/<id>/`, public, cached per version.

The tournaments app's player page (`/spieler/<id>/`) stays the record of every table and game;
this page is the aggregate, and each links to the other.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ranking.careers import selectors
from ranking.charts import pictures
from tournaments.common import access
from tournaments.common.html import escape, url_pattern
from tournaments.common.http import int_or_404
from tournaments.common.public_cache import public_page
from tournaments.merge.selectors import kept_player_id


def career_page_version(kwargs: dict) -> str:
    """`public_page`'s version: the tournaments' public data and the ranking (the path holds the
    player)."""
    return f"career.{selectors.public_version()}"


def opponent_rows(opponents) -> SafeString:
    """The head-to-head table's ``<tbody>`` content, built in Python like the ranking list's
    rows: a long career meets hundreds of opponents, and a template tag per cell would cost
    more than the whole career's queries."""
    career_url = url_pattern("ranking:player")
    return mark_safe(
        "".join(
            f'<tr><th scope="row"><a href="{career_url.format(o.player_id)}">{escape(o.name)}</a>'
            f'</th><td class="num">{o.games}</td><td class="num">{o.ahead}</td>'
            f'<td class="num">{o.behind}</td><td class="num">{o.level}</td></tr>'
            for o in opponents
        )
    )


def rating_points(player_id: int) -> list:
    """RATING OVER TIME (issue 33.3): the rating's (day, value) points of the player, oldest
    first. The skill rating is built elsewhere; until it is wired here the page shows no rating
    chart. Wire it as ``return rating_selectors.<its selector>(player_id)`` and add the rating's
    version to `career_page_version`."""
    return []


@public_page(version=career_page_version)
def career_page(request, player_id: int):
    kept = kept_player_id(int_or_404(player_id))
    if kept is not None:  # merged into another entry (issue 16)
        return redirect("ranking:player", kept, permanent=True)
    player = access.player_or_404(int_or_404(player_id))
    career = selectors.career(player)
    if not career.has_games and not career.positions:
        raise Http404
    placings = career.total.placings
    games = career.total.games
    context = {
        "player": player,
        "career": career,
        "placings": [
            (number, count, (200 * 100 * count + games) // (2 * games) if games else 0)
            for number, count in enumerate(placings, start=1)
        ],
        "positions_chart": pictures.positions_chart(
            chart_id="chart-positions",
            title=_("Position in the German ranking per year"),
            positions=[(p.year, p.rank, p.field) for p in career.positions],
        ),
        "opponent_rows": opponent_rows(career.opponents),
        "position_rows": [
            (p.year, p.rank, p.field, reverse("ranking:year", args=[p.year]))
            for p in career.positions
        ],
        "placings_chart": pictures.placings_chart(chart_id="chart-placings", placings=placings),
        # RATING OVER TIME: drawn with the same line chart once `rating_points` returns points.
        "rating_chart": pictures.rating_chart(
            chart_id="chart-rating", points=rating_points(player.pk)
        ),
    }
    return render(request, "ranking/careers/career.html", context)
