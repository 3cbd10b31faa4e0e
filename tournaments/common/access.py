"""Object lookups that several areas share, with the viewer's rights checked on the server
(404/403, never a 500).

A lookup of a tournament object by an id from the URL or a form lives in its area's
`access.py` (`registration.access`, `referees.access`, `sheets.access` …); only those used by
several areas live here: this package sits beneath all areas, so each can use them without
import cycles (the set-up area imports rounds, registration and referees, rounds imports
sheets), and the ranking and the players' area can too.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments import permissions
from tournaments.common.prepared import PreparedGet
from tournaments.models import Player, Round, Tournament

_TOURNAMENT = PreparedGet(Tournament)  # read by nearly every page: compiled once


def tournament_or_404(pk: int) -> Tournament:
    tournament = _TOURNAMENT.get(pk)
    if tournament is None:
        raise Http404("No Tournament matches the given query.")
    return tournament


def round_or_404(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )


def player_or_404(pk) -> Player:
    return get_object_or_404(Player, pk=pk)


def directed_tournament(request, pk: int) -> Tournament:
    """The tournament, if the user directs it (or is a federation admin)."""
    tournament = tournament_or_404(pk)
    permissions.require_director(request.user, tournament)
    return tournament


def directed_round(request, pk: int, number: int) -> Round:
    """A round of a tournament the user directs, whatever its status."""
    return round_or_404(directed_tournament(request, pk), number)
