"""Dates in the language of the page (issue 17): the site's extra format names and `local_format`.

The patterns live in the format modules of the configuration (``config/formats/<lang>/formats.py``,
``FORMAT_MODULE_PATH``); this is the helper the apps call, so no app imports the configuration.
Machine formats (``date:"c"``, ``"U"``, CSV, ICS, JSON) stay fixed and do not come through here.
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
