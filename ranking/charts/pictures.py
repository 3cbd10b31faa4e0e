"""The charts the career and club pages draw (issue 33), with their texts in the page's
language: the ranking position per year, the placement distribution, a rating over time."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ranking.charts.svg import Series, bar_chart, line_chart


def _middle(year: int) -> date:
    """A year's figure stands in the middle of its year on the time axis."""
    return date(year, 7, 1)


def positions_chart(
    *, chart_id: str, title: str, positions: Sequence[tuple[int, int, int]]
) -> SafeString:
    """Ranking positions per year ((year, position, of how many)) as a line; 1 at the top."""
    if not positions:
        return mark_safe("")
    description = _("Position per year, 1 is best: %(values)s.") % {
        "values": "; ".join(
            _("%(year)s: %(rank)s of %(field)s") % {"year": y, "rank": r, "field": f}
            for y, r, f in positions
        )
    }
    series = Series(title, [(_middle(y), r) for y, r, _f in positions])
    markup = line_chart(
        chart_id=chart_id, title=title, description=description, series=[series],
        invert=True, low=1,
    )  # fmt: skip
    return mark_safe(markup)  # built from escaped text only (ranking.charts.svg)


def placings_chart(*, chart_id: str, placings: Sequence[int]) -> SafeString:
    """How often 1st, 2nd, 3rd and 4th (shared places counted as their sheet numbers them)."""
    labels = (_("1st"), _("2nd"), _("3rd"), _("4th"))
    title = _("Placement distribution")
    description = _("Games per place: %(values)s.") % {
        "values": "; ".join(f"{label} {n}" for label, n in zip(labels, placings, strict=True))
    }
    markup = bar_chart(
        chart_id=chart_id, title=title, description=description,
        bars=list(zip(labels, placings, strict=True)),
    )  # fmt: skip
    return mark_safe(markup)


def rating_chart(*, chart_id: str, points: Sequence[tuple[date, float]]) -> SafeString:
    """A rating over time ((day, value), e.g. the conservative display value after each
    tournament), higher is better; empty without points."""
    if not points:
        return mark_safe("")
    title = _("Rating over time")
    description = _("Rating from %(first)s to %(last)s: %(values)s.") % {
        "first": min(points)[0].isoformat(),
        "last": max(points)[0].isoformat(),
        "values": "; ".join(f"{d.isoformat()}: {v:.1f}" for d, v in sorted(points)),
    }
    markup = line_chart(
        chart_id=chart_id, title=title, description=description,
        series=[Series(title, points)], integer=False,
    )  # fmt: skip
    return mark_safe(markup)
