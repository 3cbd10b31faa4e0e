"""Object lookups of the public tournament page, by an id from the URL (404, never a 500)."""

from django.shortcuts import get_object_or_404

from tournaments.models import Tournament


def tournament_with_player_count_or_404(pk: int) -> Tournament:
    """The tournament with `player_count` (registrations not withdrawn), for its public page."""
    return get_object_or_404(Tournament.objects.with_player_count(), pk=pk)
