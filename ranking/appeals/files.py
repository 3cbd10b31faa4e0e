"""Checking an appeal's attachment (a photo or scan of the result sheet) before it is stored."""

from __future__ import annotations

from pathlib import PurePath

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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


def validate_attachment_caps(upload, *, count: int, used_bytes: int) -> None:
    """An appeal with its additions carries at most settings.APPEAL_ATTACHMENTS_MAX files of
    settings.APPEAL_ATTACHMENTS_TOTAL_MB together (issue 30.5); `count` and `used_bytes` are
    what it carries already."""
    if upload is None:
        return
    limit = settings.APPEAL_ATTACHMENTS_MAX
    if count + 1 > limit:
        raise ValidationError(
            {
                "attachment": ngettext(
                    "An appeal takes at most %(limit)s attachment, its additions included; "
                    "this one has %(count)s. Please add the text without a file.",
                    "An appeal takes at most %(limit)s attachments, its additions included; "
                    "this one has %(count)s. Please add the text without a file.",
                    limit,
                )
                % {"limit": limit, "count": count}
            }
        )
    total_mb = settings.APPEAL_ATTACHMENTS_TOTAL_MB
    size = getattr(upload, "size", 0) or 0
    if used_bytes + size > total_mb * 1024 * 1024:
        raise ValidationError(
            {
                "attachment": _(
                    "The attachments of an appeal, its additions included, may total at most "
                    "%(limit)s MB: %(used)s MB are used, this file has %(size)s MB."
                )
                % {
                    "limit": total_mb,
                    "used": number_format(round(used_bytes / (1024 * 1024), 1), 1),
                    "size": number_format(round(size / (1024 * 1024), 1), 1),
                }
            }
        )


def caps_text() -> str:
    """The attachment caps as the forms state them, in the user's language."""
    limit = settings.APPEAL_ATTACHMENTS_MAX
    return ngettext(
        "Per appeal, its additions included: at most %(limit)s attachment, %(mb)s MB together.",
        "Per appeal, its additions included: at most %(limit)s attachments, %(mb)s MB together.",
        limit,
    ) % {"limit": limit, "mb": settings.APPEAL_ATTACHMENTS_TOTAL_MB}
