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

import ipaddress

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import Sum

#: the length of axes' text columns for the user name, path and user agent (varchar 255)
COLUMN = 255


def stored_text(value: str | None, length: int = COLUMN) -> str | None:
    """What axes may write of a value the client sent: without NUL characters (PostgreSQL
    refuses them in text) and cut to its column (a longer value is a database error there)."""
    return None if value is None else str(value).replace("\0", "")[:length]


def client_username(request, credentials: dict | None = None) -> str | None:
    """Axes' own choice of the user name (the credentials, else the POSTed form field),
    made storable: a 5,000-character or NUL-carrying name is counted, not a 500."""
    field = settings.AXES_USERNAME_FORM_FIELD
    if credentials:
        return stored_text(credentials.get(field))
    return stored_text(getattr(request, "data", request.POST).get(field))


class AccountThrottleHandler(AxesDatabaseHandler):
    """Axes' database handler with the two limits (below) and the request's details made
    storable before any of them is written: `%00` in a path or header is dropped."""

    @staticmethod
    def _storable(request) -> None:
        if request is None:
            return
        for name in ("axes_path_info", "axes_user_agent"):
            setattr(request, name, stored_text(getattr(request, name, ""), COLUMN) or "")
        request.axes_http_accept = stored_text(getattr(request, "axes_http_accept", ""), 1025)

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        self._storable(request)
        return super().user_login_failed(sender, credentials, request, **kwargs)

    def user_logged_in(self, sender, request, user, **kwargs):
        self._storable(request)
        return super().user_logged_in(sender, request, user, **kwargs)

    def user_logged_out(self, sender, request, user, **kwargs):
        self._storable(request)
        return super().user_logged_out(sender, request, user, **kwargs)

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
    if count and len(forwarded) >= count and _is_address(forwarded[-count]):
        return forwarded[-count]
    return request.META.get("REMOTE_ADDR")


def _is_address(text: str) -> bool:
    """Axes stores the address in an inet column: garbage there is a database error."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
