"""Dates and numbers per language (issue 17): German exactly as the pages always wrote them,
English "3 May 2026" with a 24-hour clock; the site's extra format names in both modules."""

import re
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.template import Context, Template
from django.utils import translation

from config.formats.de import formats as de_formats
from config.formats.en import formats as en_formats
from tournaments.common.formats import EXTRA_FORMATS, format_pattern, local_format

TEMPLATES = Path(settings.BASE_DIR) / "templates"
DAY = date(2026, 5, 3)
# 14:30:05 in Berlin (summer time): what every page shows, whatever the server's clock zone.
MOMENT = datetime(2026, 5, 3, 12, 30, 5, tzinfo=ZoneInfo("UTC"))

EXPECTED = {
    "DATE_FORMAT": ("3. Mai 2026", "3 May 2026"),
    "SHORT_DATE_FORMAT": ("03.05.2026", "3 May 2026"),
    "MONTH_DAY_FORMAT": ("3. Mai", "3 May"),
    "SHORT_DATETIME_FORMAT": ("03.05.2026 14:30", "3 May 2026, 14:30"),
    "TIME_FORMAT": ("14:30", "14:30"),
    "SHORT_DATETIME_SECONDS_FORMAT": ("03.05.2026 14:30:05", "3 May 2026, 14:30:05"),
    "SHORT_DATE_COMMA_TIME_FORMAT": ("03.05.2026, 14:30", "3 May 2026, 14:30"),
    "SHORT_DATE_COMMA_TIME_SECONDS_FORMAT": ("03.05.2026, 14:30:05", "3 May 2026, 14:30:05"),
    "DATE_COMMA_TIME_FORMAT": ("3. Mai 2026, 14:30", "3 May 2026, 14:30"),
    "SHORT_MONTH_DAY_TIME_FORMAT": ("03.05. 14:30", "3 May, 14:30"),
    "TIME_SECONDS_FORMAT": ("14:30:05", "14:30:05"),
    "COMPACT_DATETIME_FORMAT": ("3.5.2026 14:30", "3 May 2026, 14:30"),
}


@pytest.mark.parametrize("name", EXPECTED)
def test_each_format_in_german_and_english(name):
    with translation.override("de"):
        german = local_format(MOMENT, name)
    with translation.override("en"):
        english = local_format(MOMENT, name)

    assert (german, english) == EXPECTED[name]


def test_every_extra_name_is_defined_in_both_languages_and_tested():
    for name in EXTRA_FORMATS:
        assert isinstance(getattr(de_formats, name), str), name
        assert isinstance(getattr(en_formats, name), str), name
    assert set(EXTRA_FORMATS) <= set(EXPECTED)


def test_an_unknown_name_is_an_error_not_a_pattern():
    """A typo must not be printed as a date pattern ("SHORT_DAT_FORMAT" would come out as
    letters of the date)."""
    with pytest.raises(ValueError, match="Unknown format name: SHORT_DAT_FORMAT"):
        format_pattern("SHORT_DAT_FORMAT")


def test_templates_use_the_named_formats_with_the_site_filter():
    page = Template(
        '{% load site_formats %}{{ d|date:"DATE_FORMAT" }} | {{ m|date:"SHORT_DATETIME_FORMAT" }}'
        ' | {{ m|local_date:"TIME_SECONDS_FORMAT" }} | {{ m|time:"TIME_FORMAT" }}'
        ' | {{ x|floatformat:2 }} | {{ none|local_date:"TIME_SECONDS_FORMAT" }}.'
    )
    context = Context({"d": DAY, "m": MOMENT, "x": 1.5, "none": None})

    with translation.override("de"):
        german = page.render(context)
    with translation.override("en"):
        english = page.render(context)

    assert german == "3. Mai 2026 | 03.05.2026 14:30 | 14:30:05 | 14:30 | 1,50 | ."
    assert english == "3 May 2026 | 3 May 2026, 14:30 | 14:30:05 | 14:30 | 1.50 | ."


def test_a_plain_date_has_no_time_zone_to_convert():
    with translation.override("en"):
        assert local_format(DAY, "SHORT_DATE_FORMAT") == "3 May 2026"


def test_templates_name_a_format_instead_of_a_pattern():
    """`|date:"d.m.Y"` would show German digits on an English page: templates name a format
    (Django's or the site's); only machine formats ("c", "U") are fixed."""
    pattern = re.compile(r"""\|(date|time|local_date):(?:"([^"]*)"|'([^']*)')""")
    fixed = []
    for path in sorted(TEMPLATES.rglob("*.*")):
        for _filter, double, single in pattern.findall(path.read_text(encoding="utf-8")):
            name = double or single
            if name in ("c", "U"):
                continue
            try:
                format_pattern(name)
            except ValueError:
                fixed.append(f"{path.relative_to(TEMPLATES)}: {name}")

    assert fixed == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        # a stored moment has microseconds; HTML's <time datetime> allows three digits at most
        (MOMENT.replace(microsecond=123456), "2026-05-03T14:30:05+02:00"),
        (datetime(2026, 1, 9, 23, 0, 0, tzinfo=ZoneInfo("UTC")), "2026-01-10T00:00:00+01:00"),
        (DAY, "2026-05-03"),
        (None, ""),
    ],
)
def test_machine_time_is_a_valid_html_datetime_in_berlin(value, expected):
    template = Template("{% load site_formats %}{{ value|machine_time }}")

    assert template.render(Context({"value": value})) == expected
