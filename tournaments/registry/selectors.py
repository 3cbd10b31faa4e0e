"""Reads of the player registry."""

from django.db.models import Q

from tournaments.models import Player


def search_players(query: str):
    query = (query or "").strip()[:100]
    qs = Player.objects.all()
    for term in query.replace(",", " ").split():
        qs = qs.filter(
            Q(last_name__icontains=term)
            | Q(first_name__icontains=term)
            | Q(federation_number__icontains=term)
            | Q(club__icontains=term)
        )
    return qs


def player_by_pk(pk) -> Player | None:
    return Player.objects.filter(pk=pk).first()


def player_by_federation_number(number: str) -> Player | None:
    """The player with this federation number, whatever its letter case."""
    return Player.objects.filter(federation_number__iexact=number).first()
