"""Reads of player accounts."""

from __future__ import annotations

from ranking.models import PlayerAccount


def account_of(user) -> PlayerAccount | None:
    """The user's player account with its player, if the user is a player."""
    return PlayerAccount.objects.select_related("player").filter(user=user).first()
