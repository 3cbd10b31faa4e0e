"""What other parts of the site must hear about: published data changed.

Services call these inside their transaction. Receivers of `results_changed` run synchronously,
in that transaction (so they can mark work as pending in the database); anything that talks to
Redis or Celery must defer itself with `transaction.on_commit` and must not fail the write.
"""

import logging
import threading
import time
from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.dispatch import Signal
from django.utils import timezone

from tournaments.common import breaker
from tournaments.common.prepared import PK_RANGE

log = logging.getLogger(__name__)

#: sent with ``tournament_id`` when published results of a tournament change (a round published,
#: a published sheet corrected), and ``round_number`` when they changed from that round on only
#: (None: maybe from the first). The ranking (SPEC §9) listens.
results_changed = Signal()

#: sent with ``tournament_id`` and ``round_id`` when a round's pairing is released; the players'
#: "your table" e-mails listen (issue 16.4). Receivers run inside the release transaction.
round_released = Signal()

#: sent with ``tournament_id`` and ``round_id`` when a round's results are published: the
#: players' push messages ("round published, your place now", issue 34) listen.
round_published = Signal()

#: sent with ``tournament_id`` and ``request_id`` (a `SignupRequest`) when a player moves up
#: from the waiting list into the field (issue 34: the player's push message).
waitlist_moved_up = Signal()

#: sent with ``tournament_id`` (the event's main tournament) and ``opens_at`` when the director
#: opens the players' own check-in (issue 34: the registered players' push message).
check_in_opened = Signal()

#: sent with ``tournament_id`` and ``call_id`` when a table calls a referee (a new call, not
#: a second press): the referees' push messages (issue 34) listen.
referee_called = Signal()

#: sent with ``tournament_id`` and ``signoff_id`` when a table-mate objects to the figures
#: entered at the table (Klub 10.4): the head referees' push messages (issue 34) listen.
sheet_disputed = Signal()

#: sent with ``tournament_id`` and ``round_id`` when a table of a round gets its first sheet
#: version (entered at the desk or at the table): the desk's "all tables entered" (issue 34).
sheet_entered = Signal()

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


#: how long a process keeps a version it read from the database (monotonic seconds): a burst of
#: requests costs one indexed query (0.1 ms) per process and tenth of a second; another process
#: sees a change after at most this long, the process that wrote it at once
#: (`public_data_changed`). With the screens' 1.5 s poll and the warm-up's hold it bounds the
#: director's click → last screen (< 2 s, 32.4); a quarter second left that bound at 2.0 s.
VERSION_MEMO_SECONDS = 0.1
#: how long at most a held change (a publication, a release: `public_data_changed(hold=True)`)
#: waits for the warm-up before the live screens see it anyway (a worker down or slow)
LIVE_HOLD_SECONDS = 4.0
_versions: dict[int | None, tuple[float, int, int]] = {}
_refreshing: set[int | None] = set()  # versions a thread of this process is reading now
_versions_lock = threading.Lock()


def _versions_of(tournament_id: int | None) -> tuple[int, int]:
    """(version, live version): the number of `PublicChange` rows (of the tournament; of all
    with None) plus one, which moves on with every committed change (not the newest id: ids
    are taken at insert, so a change that commits after a later one would not move the newest
    id any more); the live version leaves out the changes still held for the warm-up. Both
    only grow: a held row counts from its release or after LIVE_HOLD_SECONDS."""
    now = time.monotonic()
    with _versions_lock:
        found = _versions.get(tournament_id)
        if found is not None and (found[0] > now or tournament_id in _refreshing):
            # fresh, or another thread of this process is reading it just now: the value it
            # replaces is at most that query's time older (one query per process, not one
            # per thread that asks meanwhile)
            return found[1], found[2]
        _refreshing.add(tournament_id)
    try:
        return _read_versions(tournament_id, now)
    finally:
        with _versions_lock:
            _refreshing.discard(tournament_id)


def _read_versions(tournament_id: int | None, now: float) -> tuple[int, int]:
    """One query, written out: every process runs it several times a second while pages are
    asked for (the ORM spent 0.3 ms composing the same aggregate each time)."""
    if tournament_id is None:
        with connection.cursor() as cursor:
            cursor.execute(_sql()[0])
            version = cursor.fetchone()[0] + 1
        live = version
    elif tournament_id not in PK_RANGE:  # an id from a URL no column can hold
        version = live = 1
    else:
        cutoff = timezone.now() - timedelta(seconds=LIVE_HOLD_SECONDS)
        with connection.cursor() as cursor:
            cursor.execute(
                _sql()[1], [connection.ops.adapt_datetimefield_value(cutoff), tournament_id]
            )
            count, held = cursor.fetchone()
        version = count + 1
        live = version - held
    with _versions_lock:
        if len(_versions) > 1000:  # ids of every tournament ever asked for: start again
            _versions.clear()
        _versions[tournament_id] = (now + VERSION_MEMO_SECONDS, version, live)
    return version, live


@lru_cache(maxsize=1)
def _sql() -> tuple[str, str]:
    """(all changes, a tournament's changes and those of them still held)."""
    from tournaments.models import PublicChange

    table = PublicChange._meta.db_table  # the model's table name, values as parameters
    return (
        f"SELECT COUNT(*) FROM {table}",
        f"SELECT COUNT(*), COALESCE(SUM(CASE WHEN held AND recorded_at > %s THEN 1 ELSE 0 END),"
        f" 0) FROM {table} WHERE tournament_id = %s",
    )


def _version(tournament_id: int | None) -> int:
    return _versions_of(tournament_id)[0]


def forget_versions(tournament_id: int | None = None) -> None:
    """Read the versions of this tournament and the global one afresh (after a change this
    process committed; a worker about to render); with None, forget all (tests)."""
    with _versions_lock:
        if tournament_id is None:
            _versions.clear()
        else:
            _versions.pop(tournament_id, None)
            _versions.pop(None, None)


def live_generation(tournament_id: int) -> int:
    """The version the live screens' ETag carries (`common/live.py`): the public version less
    the changes held for the warm-up, so a phone hears of a publication when its pages are
    ready (issue 32.4). Never newer than what a page shows: pages use `public_generation`."""
    return _versions_of(tournament_id)[1]


def live_release(tournament_id: int) -> int:
    """The warm-up stored what the live screens will ask for first: they may hear of the held
    changes now. Returns the rows released."""
    from tournaments.models import PublicChange

    released = PublicChange.objects.filter(tournament_id=tournament_id, held=True).update(
        held=False
    )
    forget_versions(tournament_id)
    return released


def public_generation(tournament_id: int) -> int:
    """Current version of a tournament's public pages; part of every public cache key.

    It comes from the database (issue 30.1), not from the cache: a Redis restarted from an older
    snapshot, or a replica promoted after a failover, brings back old pages only under keys
    that no request asks for any more, so it can only miss, never serve the past."""
    return _version(tournament_id)


def global_generation() -> int:
    """Version of the pages that list all tournaments (the start page, the ranking's names):
    every announced change of any tournament moves it on."""
    return _version(None)


def public_data_changed(tournament_id: int, *, hold: bool = False) -> None:
    """Public pages of this tournament (lists, results, standings) are stale.

    A `PublicChange` row is added in the caller's transaction: from its commit on, the
    tournament's version (`public_generation`) and the global one are new, so every page,
    API answer and stored standings computed before it stop being read (no lock taken, no
    call to Redis: a hanging cache costs the write nothing). This process reads the version
    afresh at once; the others within `VERSION_MEMO_SECONDS`.

    With ``hold`` (a publication, a release: the warm-up follows) the live screens hear of it
    once the warm-up stored the standings (`live_release`), at most LIVE_HOLD_SECONDS later.
    """
    from tournaments.models import PublicChange

    held = hold and settings.PUBLIC_PAGES_WARM
    PublicChange.objects.create(tournament_id=tournament_id, held=held)
    transaction.on_commit(lambda: forget_versions(tournament_id))


def _desk_key(tournament_id: int) -> str:
    return f"public:tournament:{tournament_id}:desk"


def generations(tournament_id: int, *, desk: bool = False) -> tuple[int, ...]:
    """The live generation (from the database, see `live_generation`), and with ``desk``
    the desk generation from the cache (the live screens' revalidation, `common/live.py`).
    The desk generation is 0 while the cache is unavailable."""
    public = live_generation(tournament_id)
    if not desk:
        return (public,)
    try:
        found = breaker.call(cache.get, _desk_key(tournament_id), 1, what="generation")
    except breaker.CacheUnavailable:
        return (public, 0)
    return (public, int(found))


def _desk_stamp(key: str) -> None:
    try:
        breaker.call(cache.set, key, time.time_ns(), timeout=None, what="desk")
    except breaker.CacheUnavailable:
        log.warning("cache unavailable; %s not moved on", key)


def desk_data_changed(tournament_id: int) -> None:
    """The desk's view of a tournament changed (a sheet entered, confirmed, questioned) even
    before anything is public: the desk board's ETag moves. Set after commit to a new stamp
    (nanoseconds of the clock, not a counter: a Redis back from an older snapshot cannot bring
    back a value a screen was shown for other content). A change the cache misses is not
    kept (the next sheet action or publication moves the board again)."""
    transaction.on_commit(lambda: _desk_stamp(_desk_key(tournament_id)))


def event_desk_data_changed(tournament) -> None:
    """As `desk_data_changed`, for the tournament and its event's main tournament: the referee
    pages list the calls and disputes of a juniors' field with the main tournament's
    (`referees.selectors`), so their live list polls the main tournament's generation."""
    for pk in {tournament.pk, tournament.main_tournament_id}:
        desk_data_changed(pk)


def published_results_changed(tournament_id: int, *, round_number: int | None = None) -> None:
    """Published results changed (from round ``round_number`` on, if given): invalidate public
    pages, tell the ranking, warm the pages."""
    public_data_changed(tournament_id, hold=True)
    results_changed.send(sender=None, tournament_id=tournament_id, round_number=round_number)
    transaction.on_commit(lambda: _enqueue_warm(tournament_id))


def pairing_released(tournament_id: int, *, round_id: int | None = None) -> None:
    """A round's pairing became public: invalidate public pages and warm them (the table rush),
    and tell the listeners of the round (players' e-mails)."""
    public_data_changed(tournament_id, hold=True)
    if round_id is not None:
        round_released.send(sender=None, tournament_id=tournament_id, round_id=round_id)
    transaction.on_commit(lambda: _enqueue_warm(tournament_id))


def announce(signal: Signal, **values) -> None:
    """Tell the listeners of one of the signals above (inside the caller's transaction; a
    receiver defers its work to the commit)."""
    signal.send(sender=None, **values)


def sheet_corrected(tournament_id: int, *, version_id: int) -> None:
    """A published table's games changed (announced with `published_results_changed` by the
    caller): tell the listeners (the note to that table's players)."""
    published_sheet_corrected.send(sender=None, tournament_id=tournament_id, version_id=version_id)


def _enqueue_warm(tournament_id: int) -> None:
    """Render the rush's pages in a worker; a broker that is down or a failing render must not
    fail the write (logged). While the breaker says Redis just failed, the warm-up is skipped
    (`breaker.publish`): the pages render on demand."""
    if settings.PUBLIC_PAGES_WARM:
        # by name: tournaments.tasks imports the views' world, this module must not
        # the worker measures commit → warmed pages from this wall-clock time
        queued = breaker.publish(
            "tournaments.warm_public_pages", tournament_id, committed_at=time.time()
        )
        if not queued:  # nothing will warm the pages: the screens need not wait
            live_release(tournament_id)
