"""Workflow guards shared by every write service (SPEC §6, §7: a finished tournament is frozen)."""

import functools
import inspect
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Q
from django.utils.timezone import localdate
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.enums import TournamentStatus
from tournaments.models import CheckoutState, Tournament, VenueCheckout

FROZEN = _(
    "The tournament is finished: its results are frozen. Changes are only possible through the "
    "rules commission (Regelkommission) and affect only the ranking (Klub 4.2.3, 10.2, 10.4)."
)
NOT_RUNNING = _(
    "Warnings and cards exist only while the tournament is running: from the first tournament "
    "day (check-in) until the last round is published (Klub 4.5.1)."
)


def require_not_finished(tournament: Tournament) -> None:
    """After its last round is published a tournament changes only through the commission."""
    if tournament.status == TournamentStatus.FINISHED:
        raise ValidationError(FROZEN, code="frozen")


def require_none_finished(*objects) -> None:
    """`require_not_finished` for the tournaments these objects belong to (a tournament, its
    round, table, sheet, registration, ... or its id), read from the database."""
    ids = [_tournament_id_of(o) for o in objects if o is not None]
    if ids and Tournament.objects.filter(pk__in=ids, status=TournamentStatus.FINISHED).exists():
        raise ValidationError(FROZEN, code="frozen")


def require_running(tournament: Tournament, *, today: date | None = None) -> None:
    """Cards are given during games or in breaks (Klub 4.5.1). Our reading: the tournament runs
    from its first day (check-in, before the first draw) until its last round is published."""
    require_not_finished(tournament)
    today = today or localdate()
    on_the_day = tournament.status == TournamentStatus.REGISTRATION and (
        tournament.start_date <= today
    )
    if tournament.status != TournamentStatus.RUNNING and not on_the_day:
        raise ValidationError(NOT_RUNNING, code="not_running")


# --- Offline venue mode (issue 18): a checked-out tournament is read-only centrally ------------

VENUE_LOCK_CLASS = 18
"""First key of the PostgreSQL advisory locks between tournament writes (shared) and a
check-out (exclusive): a write in flight finishes before the check-out, a later one sees it."""

_lifted: ContextVar[bool] = ContextVar("venue_guard_lifted", default=False)


def checked_out_message() -> str:
    return gettext(
        "The tournament is checked out to the venue: until it is checked in it is edited only "
        "on the venue laptop, and the central copy is read-only."
    )


def _tournament_id_of(obj) -> int:
    """The tournament an object of a tournament belongs to (walking round, table, sheet)."""
    if isinstance(obj, Tournament):
        return obj.pk
    if isinstance(obj, int):
        return obj
    tournament_id = getattr(obj, "tournament_id", None)
    if tournament_id is not None:
        return tournament_id
    for hop in ("round", "table", "sheet", "checkout"):
        if getattr(obj, f"{hop}_id", None) is not None:
            return _tournament_id_of(getattr(obj, hop))
    raise TypeError(f"no tournament for {type(obj).__name__}")


def venue_write_lock(tournament_ids: Iterable[int], *, exclusive: bool = False) -> None:
    """Writes take the shared lock of their tournaments, a check-out the exclusive one; held to
    the end of the transaction (PostgreSQL only: SQLite runs one writer at a time anyway)."""
    if connection.vendor != "postgresql":
        return
    function = "pg_advisory_xact_lock" if exclusive else "pg_advisory_xact_lock_shared"
    with connection.cursor() as cursor:
        for tournament_id in sorted(set(tournament_ids)):
            cursor.execute(f"SELECT {function}(%s, %s)", [VENUE_LOCK_CLASS, tournament_id])


def open_checkout_exists(tournament_ids: Iterable[int]) -> bool:
    """Whether one of these tournaments (or the main tournament of a juniors' field among
    them) is checked out to a venue."""
    ids = list(set(tournament_ids))
    return VenueCheckout.objects.filter(
        Q(tournament_id__in=ids) | Q(tournament__junior_field__in=ids),
        state=CheckoutState.OUT,
    ).exists()


def checked_out_notice(tournament: Tournament) -> str:
    """What `require_not_checked_out` would answer, for a form to say before it is filled in:
    the message while the tournament (or its main tournament) is checked out; "" otherwise
    and on the venue laptop."""
    if settings.VENUE_MODE or not open_checkout_exists([tournament.pk]):
        return ""
    return checked_out_message()


def require_not_checked_out(*tournaments) -> None:
    """Refuse a central write to a tournament checked out to a venue (issue 18). On the venue
    laptop (settings.VENUE_MODE) and inside `checkout_guard_lifted` nothing is refused."""
    if settings.VENUE_MODE or _lifted.get():
        return
    ids = [_tournament_id_of(t) for t in tournaments if t is not None]
    if not ids:
        return
    venue_write_lock(ids)
    if open_checkout_exists(ids):
        raise ValidationError(checked_out_message(), code="checked_out")


@contextmanager
def checkout_guard_lifted():
    """For the one central writer of a checked-out tournament: applying the venue's upload."""
    token = _lifted.set(True)
    try:
        yield
    finally:
        _lifted.reset(token)


def tournament_write(func=None, *, via: str | Callable | None = None, after_end: str | None = None):
    """Declares a tournament write service: before its body runs, `require_not_checked_out`
    and `require_none_finished` (a finished tournament is frozen: SPEC §6, Klub 4.2.3, 10.4)
    for the tournament its arguments belong to. Put it under ``@transaction.atomic``.

    ``after_end`` (the reason) lets the few writes that belong after the end through the
    frozen check: the rules commission's note, the player registry's merge.

    ``via`` names the keyword argument holding the tournament (or its round, table, sheet,
    registration, warning, ...); by default the first of the service's parameters named in
    `TOURNAMENT_ARGUMENTS`. A callable ``via`` gets the bound arguments and returns the
    tournaments (or their ids). tests/tournaments/venue/test_guard_services.py checks that every
    public function of a services module is declared so or allow-listed with its reason.
    """

    def decorate(service):
        signature = inspect.signature(service)
        resolve, source = _resolver(service, via)

        def check(arguments) -> None:
            objects = resolve(arguments)
            require_not_checked_out(*objects)
            if after_end is None:
                require_none_finished(*objects)

        @functools.wraps(service)
        def guarded(*args, **kwargs):
            arguments = signature.bind(*args, **kwargs).arguments
            if transaction.get_connection().in_atomic_block:
                check(arguments)
            else:  # used without @transaction.atomic: the lock needs a transaction
                with transaction.atomic():
                    check(arguments)
                    return service(*args, **kwargs)
            return service(*args, **kwargs)

        guarded.venue_guarded = source  # the argument (or function) naming the tournament
        guarded.after_end = after_end  # why it may write to a finished tournament, if it may
        return guarded

    return decorate(func) if func is not None else decorate


TOURNAMENT_ARGUMENTS = (
    "tournament",
    "locked",
    "rnd",
    "table",
    "sheet",
    "registration",
    "warning",
    "ruling",
    "call",
    "assignment",
    "request",
)


def _resolver(service, via) -> tuple[Callable[[dict], list], str | Callable]:
    if callable(via):
        return (lambda arguments: list(via(arguments))), via
    names = list(inspect.signature(service).parameters)
    name = via or next((n for n in names if n in TOURNAMENT_ARGUMENTS), None)
    if name is None or name not in names:  # at import: a declaration that cannot work
        raise TypeError(f"{service.__qualname__}: no tournament argument for the venue guard")
    return (lambda arguments: [arguments.get(name)]), name
