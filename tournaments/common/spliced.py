"""Answers that carry text compressed once (`deflated.Deflated`): rendered around it, not over it.

A view puts a `Deflated` value (e.g. the stored standings' table rows) into its context and
calls `render_spliced` instead of `render`: the template renders with a marker in its place;
a client that accepts gzip gets the rendered text compressed around the stored blocks (the
rows are neither decompressed, nor joined, nor encoded, nor compressed again), any other client
the plain text. The public page cache stores the gzip answer as it is (`public_cache`).
"""

from __future__ import annotations

import re

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe

from tournaments.common.deflated import Deflated, gzip_member, inflate

# NUL never reaches a template from data: form fields refuse it and PostgreSQL cannot store it
_MARKER = "\x00spliced{}\x00"
_SPLIT = re.compile("\x00spliced(\\d+)\x00")


def accepts_gzip(request) -> bool:
    return "gzip" in request.META.get("HTTP_ACCEPT_ENCODING", "").lower()


class SplicedResponse(HttpResponse):
    """``rendered``: the template's own text around the spliced pieces (what the page cache
    searches for a visitor's CSRF token; the stored pieces never hold one)."""

    rendered = ""


def render_spliced(request, template_name: str, context: dict) -> HttpResponse:
    """`django.shortcuts.render` for a context holding `Deflated` values."""
    pieces: list[Deflated] = []
    context = dict(context)  # the caller's stays as it was
    for name, value in list(context.items()):
        if isinstance(value, Deflated):
            context[name] = mark_safe(_MARKER.format(len(pieces)))
            pieces.append(value)
    if not pieces:  # e.g. a search's few rows: an ordinary answer
        return render(request, template_name, context)
    text = render_to_string(template_name, context, request)
    parts: list[str | Deflated] = []
    for i, part in enumerate(_SPLIT.split(text)):
        parts.append(part if i % 2 == 0 else pieces[int(part)])
    if accepts_gzip(request):
        response = SplicedResponse(gzip_member(parts))
        response["Content-Encoding"] = "gzip"
    else:
        response = SplicedResponse("".join(p if isinstance(p, str) else inflate(p) for p in parts))
    response.rendered = "".join(p for p in parts if isinstance(p, str))
    patch_vary_headers(response, ("Accept-Encoding",))
    return response
