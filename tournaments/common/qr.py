"""QR codes as SVG images (segno): served from our own URL into an `<img>`, so the
Content-Security-Policy needs no inline style or script for them."""

from __future__ import annotations

import io

import segno


def qr_svg(text: str, *, title: str = "") -> bytes:
    """A scalable black-on-white QR code (error correction M: still reads when a poster is
    creased), without a fixed size: the page's CSS sizes it."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer,
        kind="svg",
        scale=1,
        border=4,
        xmldecl=False,
        omitsize=True,
        title=title or None,
        svgclass=None,
        lineclass=None,
    )
    return buffer.getvalue()
