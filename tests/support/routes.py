"""Every URL pattern of the site as (name, route), as tests/url_map.txt records them."""

from __future__ import annotations

from collections.abc import Iterator

from django.urls import URLPattern, URLResolver, get_resolver


def url_routes(resolver=None, prefix: str = "", namespace: str = "") -> Iterator[tuple[str, str]]:
    """(`namespace:name`, full route) of every pattern; unnamed ones are `namespace:None`."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            ns = namespace + (f"{pattern.namespace}:" if pattern.namespace else "")
            yield from url_routes(pattern, prefix + str(pattern.pattern), ns)
        elif isinstance(pattern, URLPattern):
            yield f"{namespace}{pattern.name}", f"{prefix}{pattern.pattern}"
