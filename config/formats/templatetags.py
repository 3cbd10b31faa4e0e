"""``{% load site_formats %}``: ``|local_date:"TIME_SECONDS_FORMAT"`` for the site's extra format
names (`tournaments.common.formats`); Django's own names work with ``|date`` and ``|time`` directly.
``|quoted``: a text in the language's quotation marks. ``|machine_time``: the value of a
``<time datetime>`` attribute."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import pgettext

from tournaments.common.formats import local_format

register = template.Library()


@register.filter(expects_localtime=True, is_safe=False)
def local_date(value, name: str):
    if value in (None, ""):
        return ""
    return local_format(value, name)


@register.filter(expects_localtime=True, is_safe=True)
def machine_time(value):
    """ISO 8601 to the second ("2026-06-07T14:30:05+02:00"): HTML allows at most three digits
    of a second's fraction, and Django's ``|date:"c"`` writes six when the value has them."""
    if value in (None, ""):
        return ""
    return value.isoformat(timespec="seconds") if hasattr(value, "hour") else value.isoformat()


@register.filter(is_safe=True)
def quoted(value):
    """A quoted text (a caller's reason, a player's note) in the language's quotation marks:
    „…“ in German, “…” in English."""
    pattern = pgettext("quotation marks around a quoted text", "“%(text)s”")
    return mark_safe(pattern % {"text": conditional_escape(value)})  # noqa: S308 - escaped
