"""Object lookups of the set-up pages by an id from the URL, always within the tournament
(404, never a 500)."""

from django.shortcuts import get_object_or_404

from tournaments.models import Tournament, TournamentStaff


def staff_assignment_or_404(tournament: Tournament, pk: int) -> TournamentStaff:
    return get_object_or_404(
        TournamentStaff.objects.select_related("user"), pk=pk, tournament=tournament
    )
