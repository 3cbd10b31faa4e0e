"""Numbers of the career and club pages (issue 33): figures kept in hundredths."""

from decimal import Decimal

from django import template

register = template.Library()


@register.filter
def hundredths(value) -> Decimal:
    """235 → 2.35, for ``|floatformat:2`` (which writes the page language's separator)."""
    return Decimal(int(value)) / 100
