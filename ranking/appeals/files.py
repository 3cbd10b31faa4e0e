"""Checking an appeal's attachment (a photo or scan of the result sheet) before it is stored."""

from __future__ import annotations

from pathlib import PurePath

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
ALLOWED = {
    ".jpg": "jpeg",
    ".jpeg": "jpeg",
    ".png": "png",
    ".pdf": "pdf",
    ".webp": "webp",
    ".heic": "heic",
}

CONTENT_TYPES = {
    "jpeg": "image/jpeg",
    "png": "image/png",
    "webp": "image/webp",
    "heic": "image/heic",
    "pdf": "application/pdf",
}
# Shown in the browser; everything else (PDF can carry scripts, HEIC few browsers show) downloads.
INLINE_KINDS = {"jpeg", "png", "webp"}


def attachment_delivery(name: str) -> tuple[str, bool]:
    """The content type of a stored attachment and whether the browser may show it inline."""
    kind = ALLOWED.get(PurePath(name).suffix.lower())
    if kind is None:
        return "application/octet-stream", False
    return CONTENT_TYPES[kind], kind in INLINE_KINDS


def _kind(head: bytes) -> str | None:
    """The real file type from its first bytes (the name alone can lie)."""
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"%PDF-"):
        return "pdf"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head[4:8] == b"ftyp" and head[8:12] in (b"heic", b"heix", b"mif1", b"msf1"):
        return "heic"
    return None


def validate_attachment(upload) -> None:
    """Photos (JPEG, PNG, WebP, HEIC) or PDF up to 10 MB; messages in the user's language,
    nothing stored."""
    if upload is None:
        return
    size = getattr(upload, "size", 0) or 0
    if size == 0:
        raise ValidationError({"attachment": _("The file is empty.")})
    if size > MAX_ATTACHMENT_BYTES:
        mb = size / (1024 * 1024)
        raise ValidationError(
            {
                "attachment": _("The file is %(size)s MB; at most 10 MB are allowed.")
                % {"size": f"{mb:.1f}"}
            }
        )
    suffix = PurePath(upload.name or "").suffix.lower()
    expected = ALLOWED.get(suffix)
    if expected is None:
        raise ValidationError(
            {
                "attachment": _(
                    "Photos (JPEG, PNG, WebP, HEIC) or PDF are allowed, not “%(suffix)s”."
                )
                % {"suffix": suffix or _("no extension")}
            }
        )
    upload.seek(0)
    head = upload.read(16)
    upload.seek(0)
    if _kind(head) != expected:
        raise ValidationError(
            {
                "attachment": _(
                    "The file's content does not match its extension; please upload a photo or PDF."
                )
            }
        )
