"""Signed envelopes of venue documents (issue 18): Django signing with the checkout's own key,
salted with the checkout's uuid, compressed. The envelope names the checkout in clear so the
central server finds the key; everything else is inside the signature.

Envelope text: ``venue1:<checkout uuid>:<signed, compressed document>``.
"""

from __future__ import annotations

from uuid import UUID

from django.core import signing

PREFIX = "venue1"


class BadEnvelope(Exception):
    """Not an envelope at all (no checkout named in it): nothing to log it against."""


def _salt(checkout_uuid: UUID | str) -> str:
    return f"tournaments.venue:{checkout_uuid}"


def sign_document(*, checkout_uuid: UUID, key: str, document: dict) -> str:
    """The envelope (text) of ``document`` for the checkout ``checkout_uuid``."""
    signed = signing.dumps(document, key=key, salt=_salt(checkout_uuid), compress=True)
    return f"{PREFIX}:{checkout_uuid}:{signed}"


def envelope_checkout(raw: str) -> UUID:
    """The checkout an envelope names (not yet verified); BadEnvelope if it names none."""
    parts = (raw or "").strip().split(":", 2)
    if len(parts) != 3 or parts[0] != PREFIX:
        raise BadEnvelope("not a venue upload")
    try:
        return UUID(parts[1])
    except ValueError as error:
        raise BadEnvelope("no checkout named") from error


def verify_document(*, raw: str, checkout_uuid: UUID, key: str) -> dict:
    """The document inside the envelope, if it was signed with ``key`` for this checkout and
    not altered; ``signing.BadSignature`` otherwise."""
    named = envelope_checkout(raw)
    if named != UUID(str(checkout_uuid)):
        raise signing.BadSignature("envelope names another checkout")
    signed = raw.strip().split(":", 2)[2]
    document = signing.loads(signed, key=key, salt=_salt(checkout_uuid))
    if not isinstance(document, dict) or document.get("checkout") != str(checkout_uuid):
        raise signing.BadSignature("document of another checkout")
    return document


def sign_message(*, kind: str, checkout_uuid: UUID, key: str, content: dict) -> str:
    """An envelope of another ``kind`` than an upload (the central server's answers, the
    laptop's requests), signed with the checkout's key under a salt of its own: one kind is
    never taken for another (an upload is no answer, an answer no upload)."""
    document = {**content, "checkout": str(checkout_uuid), "kind": kind}
    signed = signing.dumps(document, key=key, salt=f"{_salt(checkout_uuid)}:{kind}", compress=True)
    return f"{PREFIX}:{checkout_uuid}:{signed}"


def verify_message(
    *, kind: str, raw: str, checkout_uuid: UUID, key: str, max_age: float | None = None
) -> dict:
    """The content of a ``kind`` envelope signed with ``key`` for this checkout (at most
    ``max_age`` seconds ago, if given); ``signing.BadSignature`` (``SignatureExpired``)
    otherwise, `BadEnvelope` if it names no checkout."""
    if envelope_checkout(raw) != UUID(str(checkout_uuid)):
        raise signing.BadSignature("envelope names another checkout")
    signed = raw.strip().split(":", 2)[2]
    salt = f"{_salt(checkout_uuid)}:{kind}"
    document = signing.loads(signed, key=key, salt=salt, max_age=max_age)
    if (
        not isinstance(document, dict)
        or document.get("checkout") != str(checkout_uuid)
        or document.get("kind") != kind
    ):
        raise signing.BadSignature("message of another checkout or kind")
    return document
