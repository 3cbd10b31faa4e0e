"""Object lookups of the referee pages by an id from the URL, always within the tournament
(404, never a 500). Who may see and log what: `referees.views.access`."""

from django.shortcuts import get_object_or_404

from tournaments.enums import RulingStatus
from tournaments.models import PlayerWarning, RefereeCall, Ruling, Tournament


def warning_or_404(tournament: Tournament, pk: int) -> PlayerWarning:
    return get_object_or_404(
        PlayerWarning.objects.select_related("player", "round", "given_by", "withdrawn_by"),
        pk=pk,
        tournament=tournament,
    )


def escalated_ruling_or_404(tournament: Tournament, pk: int) -> Ruling:
    """Only a ruling passed on to the head referee gets a final word (Klub 4.2.2)."""
    return get_object_or_404(
        Ruling.objects.select_related("round", "decided_by"),
        pk=pk,
        tournament=tournament,
        status=RulingStatus.ESCALATED,
    )


def referee_call_or_404(tournament: Tournament, pk: int) -> RefereeCall:
    """A table's call (issue #15.6) of the tournament or its juniors' field."""
    return get_object_or_404(
        RefereeCall.objects.select_related("tournament", "round", "table", "taken_by"),
        pk=pk,
        tournament__in=Tournament.objects.same_event(tournament),
    )
