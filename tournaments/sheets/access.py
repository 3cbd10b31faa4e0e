"""Object lookups of the desk by ids from the URL, with the viewer's rights checked on the
server (404/403, never a 500)."""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common.access import round_or_404, tournament_or_404
from tournaments.common.http import int_or_404
from tournaments.models import Round, Seat, Table


def desk_round(request, pk: int, number: int) -> Round:
    """A round of a tournament the user works the desk of (or directs)."""
    tournament = tournament_or_404(int_or_404(pk))
    permissions.require(
        permissions.can_work_desk(request.user, tournament),
        _("Only the desk and the director of this tournament."),
    )
    return round_or_404(tournament, number)


def table_or_404(rnd: Round, number: int) -> Table:
    """A table of the round with its seated players (the desk's sheet page)."""
    return get_object_or_404(
        Table.objects.prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        ),
        round=rnd,
        number=number,
    )
