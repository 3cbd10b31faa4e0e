"""The site's own Prometheus metrics recorded inside the apps (issue 31.2): page cache outcomes,
live polls answered 304 and the time from a publication's commit to its warmed pages.

Only counters and histograms in process memory (prometheus-client): recording one is a few
additions, never a query. The request, database, Celery and breaker metrics and the `/metrics`
answer itself live in `config.metrics`.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

PUBLIC_CACHE = Counter(
    "drv_public_cache_total",
    "Anonymous public page reads by how the page cache answered: hit, miss (rendered here) "
    "or wait (a single-flight wait for another request's render).",
    ["outcome"],
)
LIVE_POLLS = Counter(
    "drv_live_polls_total",
    "GET requests of live views (htmx polls and first loads) by answer: not_modified (304) "
    "or rendered.",
    ["answer"],
)
PUBLICATION_WARMED = Histogram(
    "drv_publication_warmed_seconds",
    "Seconds from a publication's or release's commit to its public pages warmed by a worker.",
    buckets=(0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300),
)


def public_cache_outcome(outcome: str) -> None:
    PUBLIC_CACHE.labels(outcome=outcome).inc()


def live_poll(*, not_modified: bool) -> None:
    LIVE_POLLS.labels(answer="not_modified" if not_modified else "rendered").inc()


def publication_warmed(seconds: float) -> None:
    PUBLICATION_WARMED.observe(max(seconds, 0.0))
