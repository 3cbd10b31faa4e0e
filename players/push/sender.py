"""The one place that talks to push services (issue 34): the standard (RFC 8030 delivery,
RFC 8291 encryption, RFC 8292 VAPID) through `pywebpush`. The keys come from the environment
(`PUSH_VAPID_PRIVATE_KEY`, `PUSH_VAPID_PUBLIC_KEY`, `PUSH_VAPID_SUBJECT`; docs/operations.md).
"""

from __future__ import annotations

import threading
from urllib.parse import urlsplit

import requests
from django.conf import settings

_local = threading.local()


class PushGone(Exception):
    """The push service says the subscription is gone (404, 410): forget the device."""


class PushFailed(Exception):
    """Not delivered now (refused, unreachable, too slow): try again later."""


def push_configured() -> bool:
    return bool(settings.PUSH_VAPID_PRIVATE_KEY and settings.PUSH_VAPID_PUBLIC_KEY)


def endpoint_allowed(endpoint: str) -> bool:
    """Only the push services named in `PUSH_ENDPOINT_HOSTS` (a host or a parent domain), over
    HTTPS (plain HTTP only for hosts in `PUSH_INSECURE_HOSTS`, the tests' local service): the
    server posts to this address, so a subscription must not aim it anywhere else."""
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
    except ValueError:
        return False
    if not host or len(endpoint) > 1000:
        return False
    if parts.scheme == "http":
        return host in settings.PUSH_INSECURE_HOSTS
    if parts.scheme != "https":
        return False
    return any(host == name or host.endswith("." + name) for name in settings.PUSH_ENDPOINT_HOSTS)


def _session() -> requests.Session:
    """One session per thread: a burst of messages to one push service reuses its connection."""
    session = getattr(_local, "session", None)
    if session is None:
        session = _local.session = requests.Session()
    return session


def push_post(*, endpoint: str, p256dh: str, auth: str, payload: str, ttl: int) -> None:
    """Encrypt `payload` for the device's keys and post it to its push service."""
    if not push_configured():
        raise PushFailed("no VAPID keys configured")
    # imported here: pywebpush brings aiohttp and cryptography (~45 MB, 0.15 s), which only
    # the worker that sends needs, not every web worker (issue 32.7: < 150 MB a worker)
    from pywebpush import WebPushException, webpush

    try:
        webpush(
            {"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}},
            data=payload,
            vapid_private_key=settings.PUSH_VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.PUSH_VAPID_SUBJECT},  # a new dict: webpush adds to it
            ttl=ttl,
            timeout=settings.PUSH_TIMEOUT,
            headers={"Urgency": "high"},
            requests_session=_session(),
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            raise PushGone(f"{status}") from exc
        raise PushFailed(f"{status or ''} {exc}".strip()[:500]) from exc
    except (requests.RequestException, OSError) as exc:
        raise PushFailed(f"{type(exc).__name__}: {exc}"[:500]) from exc
