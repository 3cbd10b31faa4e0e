"""The SVG charts (issue 33.1): accessible, CSP-clean, values where they belong."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date

from ranking.charts.svg import HEIGHT, TOP, Series, bar_chart, line_chart, nice_ticks

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def test_line_chart_is_an_accessible_image_without_style_attributes():
    markup = line_chart(
        chart_id="c",
        title="Platz <pro> Jahr",
        description="2024: 3 von 40",
        series=[Series("Platz", [(date(2024, 7, 1), 3), (date(2025, 7, 1), 1)])],
        invert=True,
        low=1,
    )
    root = parse(markup)
    assert root.get("role") == "img" and root.get("aria-labelledby") == "c-title c-desc"
    assert root.find("svg:title", NS).text == "Platz <pro> Jahr"  # escaped in the markup
    assert root.find("svg:desc", NS).get("id") == "c-desc"
    assert "style=" not in markup and "<script" not in markup and "&lt;pro&gt;" in markup
    points = root.findall(".//svg:circle", NS)
    assert len(points) == 2 and len(root.findall(".//svg:polyline", NS)) == 1
    labels = [t.text for t in root.findall(".//svg:text", NS)]
    assert "2024" in labels and "2025" in labels and "1" in labels


def test_line_chart_inverted_puts_position_one_at_the_top():
    series = [Series("Platz", [(date(2024, 7, 1), 1), (date(2025, 7, 1), 10)])]
    top, bottom = (
        float(c.get("cy"))
        for c in parse(line_chart(chart_id="c", title="t", description="d", series=series,
                                  invert=True, low=1)).findall(".//svg:circle", NS)
    )  # fmt: skip
    assert top == TOP and bottom > top
    up, down = (
        float(c.get("cy"))
        for c in parse(line_chart(chart_id="c", title="t", description="d",
                                  series=series)).findall(".//svg:circle", NS)
    )  # fmt: skip
    assert up > down  # not inverted: the higher value is higher up


def test_second_series_on_the_same_axes():
    markup = line_chart(
        chart_id="r",
        title="t",
        description="d",
        series=[
            Series("A", [(date(2024, 1, 5), 20.5), (date(2024, 6, 1), 22.0)]),
            Series("B", [(date(2025, 3, 1), 18.0)]),
        ],
        integer=False,
    )
    assert markup.count('class="chart-series chart-series-1 chart-point"') == 2
    assert markup.count('class="chart-series chart-series-2 chart-point"') == 1


def test_no_points_no_chart():
    assert line_chart(chart_id="c", title="t", description="d", series=[Series("A", [])]) == ""
    assert bar_chart(chart_id="b", title="t", description="d", bars=[]) == ""


def test_bar_chart_heights_follow_the_values():
    markup = bar_chart(
        chart_id="b", title="t", description="d", bars=[("1.", 10), ("2.", 5), ("3.", 0)]
    )
    heights = [float(r.get("height")) for r in parse(markup).findall(".//svg:rect", NS)]
    assert heights[0] == 2 * heights[1] and heights[2] == 0
    values = [t.text for t in parse(markup).findall(".//svg:text", NS)]
    assert values == ["10", "1.", "5", "2.", "0", "3."]
    assert all(0 <= float(y) <= HEIGHT for y in re.findall(r' y="([-\d.]+)"', markup))


def test_nice_ticks():
    assert nice_ticks(0, 100) == [0, 50, 100]
    assert nice_ticks(1, 12, integer=True) == [5, 10]
    assert nice_ticks(-3.2, 40.1) == [0, 20, 40]
    assert nice_ticks(4, 4) == [4]
