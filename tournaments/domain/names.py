"""Names sorted the German way: DIN 5007, variant 1 ("König" before "Krause").

Variant 1 files umlauts under their base letter (ä = a, ö = o, ü = u) and ß as ss, ignores case,
and falls back to the original spelling where the folded names are equal. The same fold runs in
the database (`tournaments.models.collation`), so a list sorted in SQL and one sorted here agree.

Case is folded for A-Z and the umlauts; other letters (é, ł, ...) compare by their code point,
case included, as SQLite's LOWER leaves them alone (one rule for both databases).
"""

from __future__ import annotations

import string

FOLDED_LETTERS: dict[str, str] = {
    **dict.fromkeys("äÄ", "a"),
    **dict.fromkeys("öÖ", "o"),
    **dict.fromkeys("üÜ", "u"),
}
"""Letter → base letter (one character each, so SQL's TRANSLATE can do the same)."""

EXPANDED_LETTERS: dict[str, str] = {"ß": "ss", "ẞ": "ss"}
"""Letters that fold to two (DIN 5007: ß = ss)."""

_FOLD = str.maketrans(
    FOLDED_LETTERS
    | EXPANDED_LETTERS
    | dict(zip(string.ascii_uppercase, string.ascii_lowercase, strict=True))
)


def din5007_fold(text: str) -> str:
    """The comparison form: "König" → "konig", "Straßer" → "strasser"."""
    return text.translate(_FOLD)


def din5007_key(text: str) -> tuple[str, str]:
    """Sort key of one name: folded, then the original spelling as tie breaker."""
    return (din5007_fold(text), text)


def din5007_name_key(last_name: str, first_name: str) -> tuple[str, str, str, str]:
    """Sort key of a person: last name, first name (folded), then both as spelled."""
    return (din5007_fold(last_name), din5007_fold(first_name), last_name, first_name)
