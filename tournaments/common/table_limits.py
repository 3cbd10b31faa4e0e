"""How many wrong keys the table's entry page (`tournaments.tableside`) takes (issue #30.3).

A genuine key is never refused for the wrong ones typed before it: a venue's phones share one
address, and one bad guesser there must not lock the hall out. Wrong keys are limited twice:

* per address: past `FAILURES` in `FAILURE_WINDOW` a wrong key is answered 429 instead of 404;
* per round, for short codes: a short code is 25 bits, so guessers spread over many addresses
  would in the end open some table. Each wrong code that names a table of the round counts
  against that round; past `settings.TABLE_CODE_ROUND_FAILURES` the round's short codes are
  closed (also genuine ones): the tables scan the QR code (a signed key nobody can guess) or
  ask at the desk, and the desk board warns. That caps a guesser's chance per round at
  limit / 32**5 per table (200 → 0.0006 %).

The counters live in the shared cache and fall back to a per-process count while it is down
(`tournaments.common.ratelimit`).
"""

from __future__ import annotations

from django.conf import settings

from tournaments.common import events, ratelimit

#: wrong keys per address and window before the page answers 429
FAILURES, FAILURE_WINDOW = 60, 600
#: how long a round's count of wrong short codes is kept (longer than any round lasts)
ROUND_WINDOW = 12 * 60 * 60
_ADDRESS, _ROUND = "tisch-fail", "tisch-round-fail"


def address_blocked(address: str) -> bool:
    """Too many wrong keys from this address: the next wrong one gets a 429."""
    return ratelimit.exceeded(_ADDRESS, address, limit=FAILURES)


def wrong_key(address: str, *, round_id: int | None = None, tournament_id: int | None = None):
    """Count a wrong key from `address`; a wrong short code naming a table of a round counts
    against that round too (the desk board learns when its short codes close)."""
    ratelimit.hit(_ADDRESS, address, window=FAILURE_WINDOW)
    if round_id is None:
        return
    count = ratelimit.hit(_ROUND, str(round_id), window=ROUND_WINDOW)
    if count == settings.TABLE_CODE_ROUND_FAILURES and tournament_id is not None:
        events.desk_data_changed(tournament_id)


def round_wrong_codes(round_id: int) -> int:
    return ratelimit.count(_ROUND, str(round_id))


def short_codes_closed(round_id: int) -> bool:
    """Too many wrong short codes for this round: only its QR codes open its tables now."""
    return round_wrong_codes(round_id) >= settings.TABLE_CODE_ROUND_FAILURES
