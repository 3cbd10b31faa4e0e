"""Object lookups of the round pages by ids from the URL, with the viewer's rights checked on
the server (404, never a 500)."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments import permissions
from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Round


def visible_round(request, pk: int, number: int) -> Round:
    """A round for printed lists and results: hidden until released, except for its director."""
    rnd = get_object_or_404(
        # tournament__pk, not tournament_id: only the former turns an out-of-range id into a 404
        Round.objects.select_related("tournament"),
        tournament__pk=pk,
        number=number,
    )
    hidden = rnd.status == RoundStatus.DRAWN or rnd.tournament.status == TournamentStatus.DRAFT
    if hidden and not permissions.can_direct(request.user, rnd.tournament):
        raise Http404
    return rnd
