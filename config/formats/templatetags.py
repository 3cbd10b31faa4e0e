"""``{% load site_formats %}``: ``|local_date:"TIME_SECONDS_FORMAT"`` for the site's extra format
names (`config.formats`); Django's own names work with ``|date`` and ``|time`` directly."""

from django import template

from config.formats import local_format

register = template.Library()


@register.filter(expects_localtime=True, is_safe=False)
def local_date(value, name: str):
    if value in (None, ""):
        return ""
    return local_format(value, name)
