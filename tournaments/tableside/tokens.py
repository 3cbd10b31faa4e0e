"""The table's keys to its entry page (issue #15.1): a signed token for the QR code and a short
code to type in, both bound to one tournament, round and table.

Neither is stored: both are HMACs over the ids (keyed by SECRET_KEY with a salt of their own),
so a code can only have been made by the site and is useless for any other table. Whether a key
still opens the page (round released, not yet published) is the selectors' question, asked of
the database on every request.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from django.conf import settings
from django.core import signing

_SALT = "tournaments.tableside.token"
_CODE_SALT = b"tournaments.tableside.code"
#: Crockford's base32: no I, L, O, U; typed I/L read as 1, O as 0
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_TYPO = str.maketrans({"I": "1", "L": "1", "O": "0"})
_MAC_CHARS = 5  # 32**5 ≈ 33 million codes per table, and wrong guesses are rate-limited


@dataclass(frozen=True)
class TableKey:
    """The ids a token or code names; the selectors check them against the database."""

    tournament_id: int
    round_id: int
    table_id: int


def table_token(*, tournament_id: int, round_id: int, table_id: int) -> str:
    """The token in the QR code's URL: 't.r.table:signature' (URL-safe, no slash)."""
    value = f"{tournament_id}.{round_id}.{table_id}"
    return signing.Signer(salt=_SALT, algorithm="sha256").sign(value)


def read_token(token: str) -> TableKey | None:
    """The ids of a genuine token, else None (forged, cut off, made for something else)."""
    if not token or len(token) > 200:
        return None
    try:
        value = signing.Signer(salt=_SALT, algorithm="sha256").unsign(token)
    except signing.BadSignature:
        return None
    parts = value.split(".")
    if len(parts) != 3 or not all(p.isdecimal() and len(p) < 11 for p in parts):
        return None
    return TableKey(*(int(p) for p in parts))


def _encode(number: int) -> str:
    digits = ""
    while True:
        number, rest = divmod(number, 32)
        digits = _ALPHABET[rest] + digits
        if not number:
            return digits


def _mac(table_id: int) -> str:
    key = hashlib.sha256(_CODE_SALT + settings.SECRET_KEY.encode()).digest()
    digest = hmac.new(key, f"table:{table_id}".encode(), hashlib.sha256).digest()
    value = int.from_bytes(digest[:8], "big")
    return "".join(_ALPHABET[(value >> (5 * i)) & 31] for i in range(_MAC_CHARS))


def table_code(table_id: int) -> str:
    """The short code printed under the QR code, e.g. '3F-K7QXM': the table's id, then a check."""
    return f"{_encode(table_id)}-{_mac(table_id)}"


def _split_code(code: str) -> tuple[int, str] | None:
    cleaned = "".join(ch for ch in (code or "")[:40].upper() if ch.isalnum()).translate(_TYPO)
    if len(cleaned) <= _MAC_CHARS or len(cleaned) > _MAC_CHARS + 8:
        return None
    if any(ch not in _ALPHABET for ch in cleaned):
        return None
    head, mac = cleaned[:-_MAC_CHARS], cleaned[-_MAC_CHARS:]
    table_id = 0
    for ch in head:
        table_id = table_id * 32 + _ALPHABET.index(ch)
    return table_id, mac


def read_code(code: str) -> int | None:
    """The table id of a genuine short code, else None. Case, spaces, dashes and the usual
    typos (O for 0, I or L for 1) do not matter."""
    split = _split_code(code)
    if split is None or not hmac.compare_digest(split[1], _mac(split[0])):
        return None
    return split[0]


def named_table_id(code: str) -> int | None:
    """The table id a well-formed code names in front of its check, genuine or not: a wrong
    guess at a table's check counts against that table's round."""
    split = _split_code(code)
    return None if split is None else split[0]
