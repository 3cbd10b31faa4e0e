"""Error reports to Sentry or a compatible service (issue 31.3): only when `SENTRY_DSN` is set,
never with personal data (no cookies, user names, addresses or request bodies)."""

from __future__ import annotations

import sentry_sdk
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration


def sentry_init(
    dsn: str, *, environment: str, release: str | None, traces_sample_rate: float
) -> None:
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release,
        send_default_pii=False,  # no cookies, user names, addresses, headers with them
        max_request_body_size="never",  # form posts carry names and e-mail addresses
        include_local_variables=False,  # a frame's variables may hold a player's data
        traces_sample_rate=traces_sample_rate,
        integrations=[DjangoIntegration(), CeleryIntegration()],
    )
