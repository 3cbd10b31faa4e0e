"""Small server-rendered SVG charts (issue 33.1): a line chart over time and a bar chart.

Plain Python, no Django and no JavaScript: the markup is a string the page includes as it is.

* Accessible: the ``<svg>`` is one image (``role="img"``) named by its ``<title>`` and
  described by its ``<desc>`` (``aria-labelledby``); the page shows the same numbers in a table
  beside it, so nothing is only in the picture.
* CSP-clean: no ``style`` attribute, no script; colours are presentation attributes (``stroke``,
  ``fill``), which a class in ``static/css/charts.css`` may override (print: black on white).
* Scales with its box (``viewBox``; the CSS gives it the width): the same markup on a phone, a
  laptop and A4.

A line chart draws one or more series of (date, value) on the same axes: the ranking position
per year (lower is better: ``invert=True`` puts 1 at the top) or a rating over time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from html import escape

WIDTH, HEIGHT = 480, 220
LEFT, RIGHT, TOP, BOTTOM = 46, 14, 14, 30
#: colours of the series in order (the site's brand blue, then a contrasting orange)
COLOURS = ("#0b5cab", "#b45309", "#1e7b34")
GRID, AXIS, TEXT = "#d5dae1", "#5b6470", "#1b1f24"


@dataclass(frozen=True, slots=True)
class Series:
    """One line: its label and its points (day, value), in any order."""

    label: str
    points: Sequence[tuple[date, float]]


def _number(value: float) -> str:
    """A coordinate with at most one decimal (short markup, stable in tests)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _attrs(**values) -> str:
    return "".join(
        f' {name.rstrip("_").replace("_", "-")}="{escape(str(v), quote=True)}"'
        for name, v in values.items()
        if v is not None
    )


def nice_ticks(low: float, high: float, *, most: int = 5, integer: bool = False) -> list[float]:
    """Round tick values covering [low, high]: steps of 1, 2 or 5 times a power of ten, at most
    ``most`` of them (integer steps only with ``integer``)."""
    if high < low:
        low, high = high, low
    span = high - low
    if span == 0:
        return [low]
    raw = span / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    if integer:
        step = max(1, round(step))
    first = math.ceil(low / step - 1e-9) * step
    ticks = []
    value = first
    while value <= high + 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _svg(chart_id: str, title: str, description: str, body: list[str]) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' role="img" aria-labelledby="{chart_id}-title {chart_id}-desc" focusable="false"'
        f' font-family="system-ui, sans-serif" font-size="12">'
        f'<title id="{chart_id}-title">{escape(title)}</title>'
        f'<desc id="{chart_id}-desc">{escape(description)}</desc>'
    )
    return head + "".join(body) + "</svg>"


def _text(x: float, y: float, content: str, *, anchor: str = "middle", css: str = "chart-label"):
    return (
        f"<text{_attrs(class_=css, x=_number(x), y=_number(y), text_anchor=anchor, fill=TEXT)}>"
        f"{escape(content)}</text>"
    )


def _line(x1, y1, x2, y2, *, css: str, stroke: str) -> str:
    return (
        f"<line{_attrs(class_=css, x1=_number(x1), y1=_number(y1), x2=_number(x2), y2=_number(y2))}"
        f"{_attrs(stroke=stroke, stroke_width='1')}/>"
    )


def line_chart(
    *,
    chart_id: str,
    title: str,
    description: str,
    series: Sequence[Series],
    invert: bool = False,
    integer: bool = True,
    low: float | None = None,
) -> str:
    """A line chart with a time axis (a tick per year) and a value axis; ``invert`` puts the
    lowest value at the top (ranking positions: 1 is best). ``low`` fixes the bottom of the value
    axis (1 for positions). "" when no series has a point."""
    drawn = [s for s in series if s.points]
    if not drawn:
        return ""
    days = [d for s in drawn for d, _v in s.points]
    values = [v for s in drawn for _d, v in s.points]
    first_year, last_year = min(days).year, max(days).year
    x_low = date(first_year, 1, 1).toordinal()
    x_high = date(last_year + 1, 1, 1).toordinal()
    v_low = min(values) if low is None else min(low, *values)
    v_high = max(values)
    if v_high == v_low:
        v_high = v_low + 1
    ticks = nice_ticks(v_low, v_high, integer=integer)
    if low is not None and low not in ticks:  # the fixed end is labelled (position 1)
        ticks = sorted([low, *(t for t in ticks if abs(t - low) >= (v_high - v_low) / 10)])
    v_low, v_high = min(v_low, ticks[0]), max(v_high, ticks[-1])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(day: date) -> float:
        return LEFT + (day.toordinal() - x_low) / (x_high - x_low) * plot_w

    def y_of(value: float) -> float:
        share = (value - v_low) / (v_high - v_low)
        return TOP + (share if invert else 1 - share) * plot_h

    body = []
    for tick in ticks:
        y = y_of(tick)
        body.append(_line(LEFT, y, WIDTH - RIGHT, y, css="chart-grid", stroke=GRID))
        label = str(int(tick)) if integer or float(tick).is_integer() else f"{tick:g}"
        body.append(_text(LEFT - 6, y + 4, label, anchor="end"))
    years = list(range(first_year, last_year + 1))
    every = max(1, math.ceil(len(years) / 8))  # at most eight year labels on a phone
    for year in years:
        x = x_of(date(year, 1, 1))
        body.append(_line(x, TOP, x, TOP + plot_h, css="chart-grid", stroke=GRID))
        if (year - first_year) % every == 0:
            middle = (x + x_of(date(year + 1, 1, 1))) / 2
            body.append(_text(middle, HEIGHT - 10, str(year)))
    bottom = TOP + plot_h
    body.append(_line(LEFT, bottom, WIDTH - RIGHT, bottom, css="chart-axis", stroke=AXIS))
    body.append(_line(LEFT, TOP, LEFT, bottom, css="chart-axis", stroke=AXIS))
    for index, s in enumerate(drawn):
        colour = COLOURS[index % len(COLOURS)]
        css = f"chart-series chart-series-{index + 1}"
        points = sorted(s.points)
        coords = " ".join(f"{_number(x_of(d))},{_number(y_of(v))}" for d, v in points)
        if len(points) > 1:
            body.append(
                f"<polyline{_attrs(class_=css, points=coords, fill='none', stroke=colour)}"
                f"{_attrs(stroke_width='2', stroke_linejoin='round')}/>"
            )
        for d, v in points:
            body.append(
                f"<circle{_attrs(class_=css + ' chart-point', cx=_number(x_of(d)))}"
                f"{_attrs(cy=_number(y_of(v)), r='3.5', fill=colour)}/>"
            )
    return _svg(chart_id, title, description, body)


def bar_chart(
    *, chart_id: str, title: str, description: str, bars: Sequence[tuple[str, int]]
) -> str:
    """Vertical bars with their value above and their label below (e.g. how often 1st, 2nd, 3rd
    and 4th). "" without bars."""
    if not bars:
        return ""
    top = max((v for _label, v in bars), default=0) or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM - 14  # room for the values
    slot = plot_w / len(bars)
    bar_w = min(slot * 0.6, 72)
    base = TOP + 14 + plot_h
    body = [_line(LEFT, base, WIDTH - RIGHT, base, css="chart-axis", stroke=AXIS)]
    for index, (label, value) in enumerate(bars):
        height = value / top * plot_h
        x = LEFT + slot * index + (slot - bar_w) / 2
        colour = COLOURS[0]
        body.append(
            f"<rect{_attrs(class_='chart-bar', x=_number(x), y=_number(base - height))}"
            f"{_attrs(width=_number(bar_w), height=_number(height), fill=colour)}/>"
        )
        body.append(_text(x + bar_w / 2, base - height - 4, str(value), css="chart-value"))
        body.append(_text(x + bar_w / 2, HEIGHT - 10, label))
    return _svg(chart_id, title, description, body)
