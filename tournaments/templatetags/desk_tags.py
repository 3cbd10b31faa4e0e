"""Helpers for the result-sheet grid, whose form values are keyed g<game>_<letter>."""

from django import template

register = template.Library()


@register.filter
def get(mapping, key):
    """Dict lookup with a variable key; None for a missing mapping (e.g. no preview yet)."""
    return mapping.get(key) if hasattr(mapping, "get") else None


def _key(game, kind, letter=None) -> str:
    return f"g{game}_{kind}" + (f"_{letter}" if letter else "")


@register.simple_tag
def cell(raw, game, letter) -> str:
    return raw.get(f"g{game}_{letter}", "")


@register.simple_tag
def cellvalue(raw, game, kind, letter=None) -> str:
    return raw.get(_key(game, kind, letter), "")


@register.simple_tag
def cellflag(raw, game, kind) -> str:
    return "checked" if raw.get(_key(game, kind)) else ""


@register.simple_tag
def cellselected(raw, game, kind, letter, value=None) -> str:
    if value is None:  # the declared winner's letter
        return "selected" if raw.get(_key(game, kind)) == letter else ""
    return "selected" if raw.get(_key(game, kind, letter)) == value else ""
