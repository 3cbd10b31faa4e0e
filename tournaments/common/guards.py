"""Workflow guards shared by every write service (SPEC §6, §7: a finished tournament is frozen)."""

from datetime import date

from django.core.exceptions import ValidationError
from django.utils.timezone import localdate
from django.utils.translation import gettext_lazy as _

from tournaments.enums import TournamentStatus
from tournaments.models import Tournament

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
