"""Helpers for the big tables built in Python rather than in templates (issue 14).

A template spends most of a 400-row table on per-variable rendering and number localisation;
these rows are plain string formatting: numbers as ``str(int)`` (German grouping is off, so the
output is what `{{ n }}` gave), text escaped once, URLs from one reversed pattern.
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import get_script_prefix, reverse
from django.utils.html import escape

__all__ = ["escape", "url_pattern"]

_SENTINEL = 987654321


def url_pattern(name: str) -> str:
    """A ``str.format`` pattern of a URL with one integer argument, reversed once:
    ``url_pattern("player_page").format(7) == reverse("player_page", args=[7])``."""
    return _pattern(name, get_script_prefix())


@lru_cache(maxsize=64)
def _pattern(name: str, prefix: str) -> str:
    url = reverse(name, args=[_SENTINEL])
    return url.replace("{", "{{").replace("}", "}}").replace(str(_SENTINEL), "{}")
