"""Dates and numbers per language (issue 17): the site's format modules and their extra names.

``FORMAT_MODULE_PATH = ["config.formats"]`` puts ``config/formats/<lang>/formats.py`` in front of
Django's own locale formats. German keeps the patterns the pages always had ("3. Mai 2026",
"03.05.2026", "03.05.2026 14:30"); English writes day, month name and year in that order
("3 May 2026", short "3 May 2026" too, so no one has to guess whether 03/05 is March or May) and
a 24-hour clock ("14:30"), as the hall's clock and the schedule do.

Django's ``date``/``time`` filters know only its own names (``DATE_FORMAT``, ``SHORT_DATE_FORMAT``,
...). The site's extra names (a time with seconds, a date with a comma before the time) are
defined in the same modules and read by ``local_format`` (templates: ``{% load site_formats %}``
and ``|local_date:"TIME_SECONDS_FORMAT"``). Machine formats (``date:"c"``, ``"U"``, CSV, ICS,
JSON) stay fixed and do not come through here.
"""

from __future__ import annotations

from datetime import date, datetime

from django.utils import dateformat, formats, timezone

#: the site's own format names, defined in every language's module
EXTRA_FORMATS = (
    "SHORT_DATETIME_SECONDS_FORMAT",
    "SHORT_DATE_COMMA_TIME_FORMAT",
    "SHORT_DATE_COMMA_TIME_SECONDS_FORMAT",
    "DATE_COMMA_TIME_FORMAT",
    "SHORT_MONTH_DAY_TIME_FORMAT",
    "TIME_SECONDS_FORMAT",
    "COMPACT_DATETIME_FORMAT",
)


def format_pattern(name: str, lang: str | None = None) -> str:
    """The pattern behind a format name in the active (or the given) language."""
    if name in formats.FORMAT_SETTINGS:
        return formats.get_format(name, lang)
    if name not in EXTRA_FORMATS:
        raise ValueError(f"Unknown format name: {name}")
    for module in formats.get_format_modules(lang):
        pattern = getattr(module, name, None)
        if pattern is not None:
            return pattern
    raise ValueError(f"Format {name} is missing in the format module of {lang}")


def local_format(value: date | datetime, name: str = "SHORT_DATE_FORMAT") -> str:
    """A date or moment as the active language writes it (moments in the site's time zone)."""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return dateformat.format(value, format_pattern(name))
