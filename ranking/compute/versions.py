"""The version of a ranking year's public page beyond the tournaments' public data (issue 32).

`year_version` is part of the cached year page's key, read on every anonymous request of it:
the ranking of the year (a recompute, the marks, pending), which years there are, and the
appeals against the year's tournaments (filed; decided). One query, written out (the ORM
would spend a millisecond composing it), kept in this process for
`events.VERSION_MEMO_SECONDS` as the tournaments' versions are: another process sees a change
within a tenth of a second, the process that commits it at once (`forget_year_versions`, called
after commit by the writes that change it: `ranking.receivers`, `compute.services`).
"""

from __future__ import annotations

import threading
import time

from django.db import connection

from ranking.enums import AppealStatus
from ranking.models import Appeal, RankingYear
from tournaments.common import events
from tournaments.models import Tournament

_Y, _T, _A = RankingYear._meta.db_table, Tournament._meta.db_table, Appeal._meta.db_table
DECIDED = AppealStatus.DECIDED.value
_YEAR_VERSION = f"""
    SELECT
      (SELECT COUNT(*) FROM {_Y}), (SELECT MAX(id) FROM {_Y}),
      (SELECT COUNT(*) FROM {_T} WHERE counts_for_ranking = %s),
      (SELECT MAX(id) FROM {_T} WHERE counts_for_ranking = %s),
      (SELECT COUNT(*) FROM {_A} a JOIN {_T} t ON t.id = a.tournament_id
        WHERE t.counts_for_ranking = %s AND t.ranking_year = %s),
      (SELECT COUNT(*) FROM {_A} a JOIN {_T} t ON t.id = a.tournament_id
        WHERE t.counts_for_ranking = %s AND t.ranking_year = %s AND a.status <> %s),
      y.generation, y.computed_at, y.pending
    FROM (SELECT 1 AS one) o LEFT JOIN {_Y} y ON y.year = %s
"""  # table names from the models, values as parameters

_kept: dict[int, tuple[float, tuple]] = {}
_lock = threading.Lock()


def year_version(year: int) -> tuple:
    """Equal tuples, equal year pages (with equal public data of the tournaments)."""
    now = time.monotonic()
    found = _kept.get(year)
    if found is not None and found[0] > now:
        return found[1]
    with connection.cursor() as cursor:
        cursor.execute(_YEAR_VERSION, [True, True, True, year, True, year, DECIDED, year])
        version = cursor.fetchone()
    with _lock:
        if len(_kept) > 200:  # years asked for by URL: start again
            _kept.clear()
        _kept[year] = (now + events.VERSION_MEMO_SECONDS, version)
    return version


def forget_year_versions() -> None:
    """Read every year's version afresh (this process committed a change the pages show)."""
    with _lock:
        _kept.clear()
