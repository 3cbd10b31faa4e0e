"""A player's public page: tournaments, tables, table-mates and results."""

from django.http import Http404
from django.shortcuts import render

from tournaments import permissions
from tournaments.common import access
from tournaments.common.public_cache import public_page
from tournaments.history.selectors import player_history


@public_page(scope="all")
def player_page(request, pk: int):
    """A player's tournaments: table, seat, table-mates, games and results per round.

    Warnings are staff business (SPEC §7): shown only to staff of that tournament; the public
    sees only an exclusion.
    """
    player = access.player_or_404(pk)
    history = player_history(player, user=request.user)
    if not history and not permissions.is_director(request.user):
        raise Http404
    return render(
        request,
        "tournaments/public/player.html",
        {
            "player": player,
            "history": history,
            "show_full_name": player.publish_name or permissions.is_director(request.user),
        },
    )
