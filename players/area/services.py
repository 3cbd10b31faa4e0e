"""The player's own writes in the player area: always for the player of the user's account,
never for anyone else (issue 16)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from players.models import PlayerAccount
from tournaments import permissions
from tournaments.models import Player, Tournament
from tournaments.registration.online import services as signup_services


def player_of(user) -> Player:
    """The player the user's account belongs to; staff without an account are refused."""
    account = (
        PlayerAccount.objects.select_related("player").filter(user=user).first()
        if getattr(user, "is_authenticated", False)
        else None
    )
    permissions.require(account is not None, _("Only with a player account."))
    return account.player


def my_signup_register(*, user, tournament: Tournament):
    return signup_services.signup_register(tournament=tournament, player=player_of(user), user=user)


def my_signup_withdraw(*, user, tournament: Tournament) -> None:
    signup_services.signup_withdraw(tournament=tournament, player=player_of(user), user=user)


def my_check_in(*, user, tournament: Tournament):
    return signup_services.check_in_self(tournament=tournament, player=player_of(user))
