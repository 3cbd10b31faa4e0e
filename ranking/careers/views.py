"""A player's career page (issue 33.1): `/ranking/spieler/<id>/`, public, cached per version.

The tournaments app's player page (`/spieler/<id>/`) stays the record of every table and game;
this page is the aggregate, and each links to the other.
"""

from __future__ import annotations

import hashlib

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ranking.careers import selectors
from ranking.charts import pictures
from ranking.rating import selectors as rating_selectors
from tournaments.common import access
from tournaments.common.html import escape, url_pattern
from tournaments.common.http import int_or_404
from tournaments.common.public_cache import public_page
from tournaments.merge.selectors import kept_player_id


def career_page_version(kwargs: dict) -> str:
    """`public_page`'s version: the tournaments' public data, the ranking and the skill rating
    (the path holds the player)."""
    rating = hashlib.sha256(repr(rating_selectors.rating_page_version(0)).encode()).hexdigest()
    return f"career.{selectors.public_version()}.{rating[:12]}"


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


def rating_points(player_id: int) -> list[tuple]:
    """RATING OVER TIME (issue 33.3): the skill rating's conservative display value after the
    player's last rated round of each tournament, oldest first: one point per tournament keeps
    a ten-year curve readable (the rating's own pages show every round)."""
    last: dict[int, tuple] = {}
    for point in rating_selectors.player_rating_history(player_id=player_id):
        last[point.tournament_id] = (point.date, round(point.display, 1))
    return sorted(last.values())


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
    points = rating_points(player.pk)
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
        # RATING OVER TIME: the skill rating's curve, drawn with the same line chart
        "rating_points": points,
        "rating_chart": pictures.rating_chart(chart_id="chart-rating", points=points),
    }
    return render(request, "ranking/careers/career.html", context)
