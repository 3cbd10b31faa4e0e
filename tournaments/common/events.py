"""What other parts of the site must hear about: published data changed.

Services call these inside their transaction. Receivers of `results_changed` run synchronously,
in that transaction (so they can mark work as pending in the database); anything that talks to
Redis or Celery must defer itself with `transaction.on_commit` and must not fail the write.
"""

import logging
import time

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.dispatch import Signal

from tournaments.common import breaker

log = logging.getLogger(__name__)

#: sent with ``tournament_id`` when published results of a tournament change (a round published,
#: a published sheet corrected). The ranking (SPEC §9) listens.
results_changed = Signal()

#: sent with ``tournament_id`` and ``round_id`` when a round's pairing is released; the players'
#: "your table" e-mails listen (issue 16.4). Receivers run inside the release transaction.
round_released = Signal()

#: sent with ``tournament_id`` and ``version_id`` when a published sheet gets a confirmed version
#: with other games (a correction, an interpretation): the note to that table's players listens.
published_sheet_corrected = Signal()
#: sent inside the merge transaction with ``kept_id``, ``removed_id`` and ``moved`` (a dict to add
#: counts to) when two registry entries become one (issue 16): the ranking moves its rows of the
#: removed player (account, appeals, correction lines) or refuses with a ValidationError.
players_merged = Signal()

#: sent inside the card's transaction with ``tournament``, ``player`` and ``user`` when a
#: red card excludes a player (SPEC §7, Klub 4.5.1): a drawn round that is not released yet is
#: drawn again without him (rounds listen); a receiver returns a text for the referee, or None.
player_excluded = Signal()

#: sent inside the erasure transaction with ``player_id`` (issue 16, DSGVO): the ranking clears
#: the personal data it holds (account, invitations, appeal texts and attachments).
player_erased = Signal()


def _generation_key(tournament_id: int) -> str:
    return f"public:tournament:{tournament_id}:generation"


def public_generation(tournament_id: int) -> int:
    """Current version of a tournament's public pages; part of every public cache key."""
    try:  # read only: a request for an unknown id must not create a key
        return breaker.call(cache.get, _generation_key(tournament_id), 1, what="generation")
    except breaker.CacheUnavailable:  # serve uncached rather than fail
        return 0


GLOBAL_GENERATION_KEY = "public:all:generation"


def global_generation() -> int:
    """Version of the pages that list all tournaments (the start page)."""
    try:
        return breaker.call(cache.get, GLOBAL_GENERATION_KEY, 1, what="generation")
    except breaker.CacheUnavailable:
        return 0


def _bump(tournament_id: int) -> None:
    if _incr(_generation_key(tournament_id)) and _incr(GLOBAL_GENERATION_KEY):
        lost_bumps_reapply()
    else:
        _record_lost(tournament_id)


def _record_lost(tournament_id: int | None) -> None:
    """Keep the bump the cache did not take in the database, to apply when it answers again."""
    from tournaments.models import LostBump

    try:
        LostBump.objects.create(tournament_id=tournament_id)
    except Exception:  # the database is gone too: nothing more we can do here
        log.exception("generation bump of tournament %s lost", tournament_id)


def lost_bumps_reapply() -> int:
    """Apply the bumps the cache missed (after a success, and every minute from beat); rows go
    only once their bumps are in. Returns how many rows were applied."""
    from tournaments.models import LostBump

    if breaker.is_open():
        return 0
    rows = list(LostBump.objects.values_list("pk", "tournament_id")[:500])
    if not rows:
        return 0
    keys = {_generation_key(t) for _, t in rows if t is not None} | {GLOBAL_GENERATION_KEY}
    if not all([_incr(key) for key in sorted(keys)]):
        return 0
    LostBump.objects.filter(pk__in=[pk for pk, _ in rows]).delete()
    return len(rows)


def _incr_or_start(key: str) -> None:
    try:
        cache.incr(key)
    except ValueError:  # not set yet: generation 1 was read, so the next one is 2
        cache.set(key, 2, timeout=None)


def _incr(key: str) -> bool:
    try:
        breaker.call(_incr_or_start, key, what="bump")
    except breaker.CacheUnavailable:
        log.warning("cache unavailable; %s not bumped now, kept to apply later", key)
        return False
    return True


def public_data_changed(tournament_id: int) -> None:
    """Public pages of this tournament (lists, results, standings) are stale.

    Bumped after commit, never inside the transaction: a hanging cache must not hold the
    write's row locks. A page rendered before the bump is kept under the old generation, which
    no request asks for any more.

    A `PublicChange` row is added in the caller's transaction: stored standings computed
    before this commit stop being read the moment it commits (no lock taken).
    """
    from tournaments.models import PublicChange

    PublicChange.objects.create(tournament_id=tournament_id)
    transaction.on_commit(lambda: _bump(tournament_id))


def _desk_key(tournament_id: int) -> str:
    return f"public:tournament:{tournament_id}:desk"


def generations(tournament_id: int, *, desk: bool = False) -> tuple[int, ...]:
    """The public generation, and with ``desk`` the desk generation, in ONE cache read (the
    live screens' revalidation, `common/live.py`). (0, …) while the cache is unavailable."""
    keys = [_generation_key(tournament_id)] + ([_desk_key(tournament_id)] if desk else [])
    try:
        found = breaker.call(cache.get_many, keys, what="generation")
    except breaker.CacheUnavailable:
        return tuple(0 for _ in keys)
    return tuple(int(found.get(key, 1)) for key in keys)


def desk_data_changed(tournament_id: int) -> None:
    """The desk's view of a tournament changed (a sheet entered, confirmed, questioned) even
    before anything is public: the desk board's ETag moves. Bumped after commit; a bump the
    cache misses is not kept (the next sheet action or publication moves the board again)."""
    transaction.on_commit(lambda: _incr(_desk_key(tournament_id)))


def event_desk_data_changed(tournament) -> None:
    """As `desk_data_changed`, for the tournament and its event's main tournament: the referee
    pages list the calls and disputes of a juniors' field with the main tournament's
    (`referees.selectors`), so their live list polls the main tournament's generation."""
    for pk in {tournament.pk, tournament.main_tournament_id}:
        desk_data_changed(pk)


def published_results_changed(tournament_id: int) -> None:
    """Published results changed: invalidate public pages, tell the ranking, warm the pages."""
    public_data_changed(tournament_id)
    results_changed.send(sender=None, tournament_id=tournament_id)
    transaction.on_commit(lambda: _enqueue_warm(tournament_id))


def pairing_released(tournament_id: int, *, round_id: int | None = None) -> None:
    """A round's pairing became public: invalidate public pages and warm them (the table rush),
    and tell the listeners of the round (players' e-mails)."""
    public_data_changed(tournament_id)
    if round_id is not None:
        round_released.send(sender=None, tournament_id=tournament_id, round_id=round_id)
    transaction.on_commit(lambda: _enqueue_warm(tournament_id))


def sheet_corrected(tournament_id: int, *, version_id: int) -> None:
    """A published table's games changed (announced with `published_results_changed` by the
    caller): tell the listeners (the note to that table's players)."""
    published_sheet_corrected.send(sender=None, tournament_id=tournament_id, version_id=version_id)


def _enqueue_warm(tournament_id: int) -> None:
    """Render the rush's pages in a worker, after the generation bump (registered before us);
    a broker that is down or a failing render must not fail the write (logged). While the
    breaker says Redis just failed, the warm-up is skipped: the pages render on demand."""
    if breaker.is_open() or not settings.PUBLIC_PAGES_WARM:
        return
    try:
        # by name: tournaments.tasks imports the views' world, this module must not
        current_app.signature("tournaments.warm_public_pages").apply_async(
            args=(tournament_id,),
            kwargs={"committed_at": time.time()},  # the worker measures commit → warmed
            retry=True,
            retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.2},
        )
    except Exception:
        log.warning(
            "warming the public pages of tournament %s failed", tournament_id, exc_info=True
        )
