"""Login throttling with two limits (django-axes): per account and address, and per account.

Five wrong passwords for one account from one address lock that pair (a venue's shared Wi-Fi
keeps working for everyone else); `AXES_ACCOUNT_FAILURE_LIMIT` failures for one account from
any addresses lock the account itself, so guessing spread over many addresses stops too.
Axes knows one limit only, hence this handler: it reads the two groups of
`AXES_LOCKOUT_PARAMETERS` (pair first, then the account) and reports the pair's count, or the
pair limit once the account's own limit is reached.

Behind proxies (`AXES_PROXY_COUNT`), the client's address is the one the outermost of our
proxies wrote into X-Forwarded-For; anything further left was sent by the client and can lie.
"""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import Sum


class AccountThrottleHandler(AxesDatabaseHandler):
    def get_failures(self, request, credentials: dict | None = None) -> int:
        per_address, per_account = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        if per_account >= settings.AXES_ACCOUNT_FAILURE_LIMIT:
            return max(per_address, get_failure_limit(request, credentials))
        return per_address


def client_ip(request) -> str | None:
    """REMOTE_ADDR, or with n proxies in front the n-th address from the right of
    X-Forwarded-For (each proxy appends the address it was called from)."""
    count = settings.AXES_IPWARE_PROXY_COUNT
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [address for address in forwarded if address]
    if count and len(forwarded) >= count:
        return forwarded[-count]
    return request.META.get("REMOTE_ADDR")
