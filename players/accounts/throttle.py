"""Throttles of the account endpoints that are not a log-in: sign-up, password reset, and the
links they send (issue #30.2).

Counted per client address and, for sign-up and reset, per member number and per e-mail
address typed, never for everybody at once: a flood of sign-ups from many addresses does not
stop a genuine one. Whether a number or an address exists plays no part, so a refusal tells
nothing about them. Links count only when they are bad (their tokens are single-use, expiring
and unguessable; the count stops one address from sweeping through them).

The counters are the public pages' fixed windows (`tournaments.common.ratelimit`: the shared
cache, or each process's own while it is down). A refusal is the lockout page: 429, Retry-After.
"""

from __future__ import annotations

import hashlib
import math

from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.common import ratelimit

OPEN = "konto-registrieren"
RESET = "konto-passwort"
LINK = "konto-link"

WINDOW = 15 * 60
#: requests per address and window (sign-up, reset; bad links)
PER_ADDRESS = 20
#: requests per member number, per e-mail address and window
PER_DETAIL = 5


def _detail(value: str) -> str:
    """A typed number or address, folded and hashed (no e-mail addresses in cache keys)."""
    folded = "".join(value.split()).casefold()[:320]
    return hashlib.sha256(folded.encode()).hexdigest()[:32]


def _keys(request, name: str, details) -> list[tuple[str, str, int]]:
    keys = [(f"{name}:ip", ratelimit.client_address(request), PER_ADDRESS)]
    keys += [(f"{name}:detail", _detail(d), PER_DETAIL) for d in details if d and d.strip()]
    return keys


def refusal(request, name: str, details=()):
    """The refusal page if this address or one of the typed details is over its limit, else
    None after counting this request (sign-up, reset)."""
    keys = _keys(request, name, details)
    if any(ratelimit.exceeded(scope, ident, limit=limit) for scope, ident, limit in keys):
        return too_many_attempts(request, WINDOW)
    for scope, ident, _limit in keys:
        ratelimit.hit(scope, ident, window=WINDOW)
    return None


def link_refusal(request):
    """The refusal page if this address opened too many bad links."""
    if ratelimit.exceeded(f"{LINK}:ip", ratelimit.client_address(request), limit=PER_ADDRESS):
        return too_many_attempts(
            request,
            WINDOW,
            reason=_("Too many invalid or expired links were opened from this device."),
        )
    return None


def bad_link(request) -> None:
    ratelimit.hit(f"{LINK}:ip", ratelimit.client_address(request), window=WINDOW)


def too_many_attempts(request, wait_seconds: int, *, heading: str = "", reason: str = ""):
    """The page of every refusal for too many attempts (log-in too): 429 with Retry-After."""
    response = render(
        request,
        "players/accounts/locked_out.html",
        {
            "heading": heading or _("Too many attempts"),
            "reason": reason
            or _(
                "Too many requests came from this device or for these details. Nothing was "
                "sent; this protects the accounts."
            ),
            "wait_seconds": wait_seconds,
            "wait_minutes": math.ceil(wait_seconds / 60) if wait_seconds >= 120 else 0,
        },
        status=429,
    )
    response["Retry-After"] = str(wait_seconds)
    return response
