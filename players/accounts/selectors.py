"""Reads of player accounts."""

from __future__ import annotations

from players.models import PlayerAccount
from tournaments.enums import StaffRole


def account_of(user) -> PlayerAccount | None:
    """The user's player account with its player, if the user is a player."""
    return PlayerAccount.objects.select_related("player").filter(user=user).first()


def has_referee_assignment(user) -> bool:
    """Refereeing in some tournament without the global role (the start page)."""
    return user.tournament_roles.filter(
        role__in=(StaffRole.REFEREE, StaffRole.HEAD_REFEREE)
    ).exists()
