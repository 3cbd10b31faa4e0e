"""django-axes throttling for the account endpoints that are not a log-in: sign-up, password
reset, and the links they send.

Every request to such an endpoint counts as one attempt of a fixed name per client address,
found or not, so the lockout itself tells nothing about which numbers or addresses exist. Axes
stores the attempts like failed log-ins (same limit and cool-off) and its middleware answers the
request that reaches the limit with the lockout page.
"""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_lockout_response
from django.contrib.auth.signals import user_login_failed

OPEN = "konto:registrieren"
RESET = "konto:passwort-vergessen"
LINK = "konto:link"


def _credentials(name: str) -> dict:
    return {"username": name}


def allowed(request, name: str) -> bool:
    return AxesProxyHandler.is_allowed(request, _credentials(name))


def count(request, name: str) -> None:
    """One attempt at `name` from this client; the limit's request is answered by the lockout."""
    user_login_failed.send(sender=__name__, credentials=_credentials(name), request=request)


def locked(request, name: str):
    """The lockout page (429), as for too many failed log-ins."""
    return get_lockout_response(request, None, _credentials(name))
