"""Object lookups of the registration pages by an id from the URL or a form, always within the
tournament (404, never a 500)."""

from django.shortcuts import get_object_or_404

from tournaments.common.http import int_or_404
from tournaments.models import Registration, SignupRequest, Team, Tournament


def registration_or_404(tournament: Tournament, pk: int) -> Registration:
    return get_object_or_404(Registration, pk=pk, tournament=tournament)


def signup_request_or_404(tournament: Tournament, pk: int) -> SignupRequest:
    return get_object_or_404(
        SignupRequest.objects.select_related("player", "tournament"),
        pk=int_or_404(pk),
        tournament=tournament,
    )


def team_or_404(tournament: Tournament, pk: int) -> Team:
    return get_object_or_404(Team, pk=int_or_404(pk), tournament=tournament)
