"""Login throttling (django-axes) that stops guessers, not the people they guess at (issue #30.2).

Three counts of failed log-ins within `AXES_COOLOFF_TIME` (15 min), read in the order of
`AXES_LOCKOUT_PARAMETERS`:

* per account and address: `AXES_FAILURE_LIMIT` (5) lock that pair;
* per address, for any accounts: `AXES_ADDRESS_FAILURE_LIMIT` (50) lock that address, so one
  machine cannot try a password on every account;
* per account, from all addresses: from `AXES_ACCOUNT_FAILURE_LIMIT` (20) on the account is
  not locked but slowed down. An address that has failed for it waits before its next try,
  1 s at the 20th failure and twice as long with each further one (at most the cool-off). An
  address that has not failed for it is never refused: the director's right password from a
  fresh address works even while somebody guesses at her account from elsewhere.

Axes knows one limit only, hence this handler: it reports the pair limit as reached while any
of the three says wait, and the lockout page (`lockout_response`) says how long, with
Retry-After. A successful log-in clears its own pair's failures only, so a guesser cannot wipe
the address's or the account's count by logging in to an account of their own.

Behind proxies (`AXES_PROXY_COUNT`), the client's address is the one the outermost of our
proxies wrote into X-Forwarded-For; anything further left was sent by the client and can lie.
"""

from __future__ import annotations

import ipaddress
import math
from datetime import timedelta

from axes.handlers.database import AxesDatabaseHandler
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import Max, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from config import metrics
from players.accounts.throttle import too_many_attempts

#: the first wait at the account's limit; it doubles with each further failure
FIRST_DELAY = timedelta(seconds=1)


def _now():
    """The clock the waits are measured by (tests set it instead of sleeping)."""
    return timezone.now()


def account_delay(failures: int) -> timedelta:
    """How long an address that failed for an account waits, the account having `failures`."""
    over = failures - settings.AXES_ACCOUNT_FAILURE_LIMIT
    if over < 0:
        return timedelta(0)
    return min(settings.AXES_COOLOFF_TIME, FIRST_DELAY * 2 ** min(over, 30))


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
    """Axes' database handler with the limits (retry_after) and the request's details made
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

    def retry_after(self, request, credentials: dict | None = None) -> int:
        """Seconds this request waits before a log-in is tried (0: try now)."""
        pair, address, account = (
            attempts.aggregate(total=Sum("failures_since_start"), last=Max("attempt_time"))
            for attempts in self.get_user_attempts(request, credentials)
        )
        cool_off = settings.AXES_COOLOFF_TIME
        until = None
        if (pair["total"] or 0) >= settings.AXES_FAILURE_LIMIT:
            until = pair["last"] + cool_off
        elif (address["total"] or 0) >= settings.AXES_ADDRESS_FAILURE_LIMIT:
            until = address["last"] + cool_off
        elif pair["total"]:
            until = pair["last"] + account_delay(account["total"] or 0)
        if until is None:
            return 0
        return max(0, math.ceil((until - _now()).total_seconds()))

    def get_failures(self, request, credentials: dict | None = None) -> int:
        """The pair's failures, or the limit while this request has to wait."""
        if self.retry_after(request, credentials):
            return get_failure_limit(request, credentials)
        pair = self.get_user_attempts(request, credentials)[0]
        return pair.aggregate(total=Sum("failures_since_start"))["total"] or 0

    def reset_user_attempts(self, request, credentials: dict | None = None) -> int:
        """After a successful log-in: this pair's failures only."""
        count, _deleted = self.filter_user_attempts(request, credentials)[0].delete()
        return count


def lockout_response(request, original_response=None, credentials: dict | None = None):
    """The lockout page: 429, how long to wait, Retry-After."""
    handler = AxesProxyHandler.get_implementation()
    wait = handler.retry_after(request, credentials) if hasattr(handler, "retry_after") else 0
    wait = wait or int(settings.AXES_COOLOFF_TIME.total_seconds())
    metrics.LOGIN_REFUSED.inc()
    return too_many_attempts(
        request,
        wait,
        heading=_("Too many login attempts"),
        reason=_(
            "After too many wrong passwords, this device has to wait before it may try this "
            "account again. Logging in from other devices is not affected."
        ),
    )


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
