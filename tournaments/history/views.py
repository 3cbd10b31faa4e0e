"""A player's public page: tournaments, tables, table-mates and results."""

from django.http import Http404
from django.shortcuts import redirect, render

from tournaments import permissions
from tournaments.common import access
from tournaments.common.public_cache import public_page
from tournaments.history.selectors import player_history
from tournaments.merge.selectors import kept_player_id


@public_page(scope="all")
def player_page(request, pk: int):
    """A player's tournaments: table, seat, table-mates, games and results per round.

    Warnings are staff business (SPEC §7): shown only to staff of that tournament; the public
    sees only an exclusion.
    """
    kept = kept_player_id(pk)
    if kept is not None:  # a duplicate merged into another entry: its links go on working
        return redirect("player_page", kept, permanent=True)
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
            # the career page (ranking app) sums published results: linked once there are some
            "has_results": any(line.has_results for line in history),
            "show_full_name": player.publish_name or permissions.is_director(request.user),
        },
    )
