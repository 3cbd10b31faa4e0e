"""Clubs as the registry names them (issue 33.2): `Player.club` is free text, so one club is
every spelling that normalises to the same key.

*Our reading* (the rules know no clubs): a club is the normalised text of the registry's club
field and of a tournament's organising club. Normalising: Unicode NFKC, spaces collapsed,
letter case ignored, a trailing legal form "e.V." / "e. V." dropped, German umlauts and ß
written out (ä → ae, ß → ss) and every other accent removed; what is left of letters and digits,
joined by single hyphens, is the club's slug in its URL. So "RC Köln e.V." and "rc  koeln" are
one club, "RC Köln 2" is another. The registry holds each player's club now, not its history:
a player who changed club counts for the new one, all years long.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

_LEGAL_FORM = re.compile(r"[\s,]*\be\.?\s*v\.?\s*$", re.IGNORECASE)
_SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_NOT_WORD = re.compile(r"[^a-z0-9]+")


def club_display(name: str) -> str:
    """The club's text as written, with spaces collapsed (empty: no club)."""
    return " ".join(unicodedata.normalize("NFKC", name or "").split())


def club_slug(name: str) -> str:
    """The club's key and URL slug ("" for no club): see the module docstring."""
    text = _LEGAL_FORM.sub("", club_display(name)).casefold().translate(_SPELLED_OUT)
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return _NOT_WORD.sub("-", ascii_text).strip("-")


def club_name(spellings: Iterable[str]) -> str:
    """The name a club is shown by: its most frequent spelling, ties to the alphabetically
    first (so the page does not change with the order rows come in)."""
    counts = Counter(club_display(s) for s in spellings if club_display(s))
    if not counts:
        return ""
    return min(counts, key=lambda s: (-counts[s], s))
