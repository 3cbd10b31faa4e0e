"""Reads of the player registry."""

from tournaments.models import Player


def search_players(query: str, *, guests: bool = False):
    """The registry by a search; ``guests``: only walk-in guests (no member number yet), not
    erased entries (they are guests by form only)."""
    qs = Player.objects.all()
    if guests:
        qs = qs.filter(is_guest=True, erased_at__isnull=True)
    return qs.search(query)


def player_by_pk(pk) -> Player | None:
    return Player.objects.filter(pk=pk).first()


def player_by_federation_number(number: str) -> Player | None:
    """The player with this federation number, whatever its letter case."""
    return Player.objects.filter(federation_number__iexact=number).first()
