"""Object lookups with the viewer's rights checked on the server (404/403, never a 500).

Every lookup of a tournament object by an id from the URL or a form lives here, one small
`<model>_or_404` helper per model: this package sits beneath all areas, so every area and the
ranking can use it without import cycles (helpers in the areas' selectors could not: the set-up
area imports rounds, registration and referees, rounds imports sheets).
"""

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common.http import int_or_404
from tournaments.enums import RoundStatus, RulingStatus, TournamentStatus
from tournaments.models import (
    Player,
    PlayerWarning,
    RefereeCall,
    Registration,
    Round,
    Ruling,
    Seat,
    SignupRequest,
    Table,
    Team,
    Tournament,
    TournamentStaff,
)


def tournament_or_404(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def tournament_with_player_count_or_404(pk: int) -> Tournament:
    """The tournament with `player_count` (registrations not withdrawn), for its public page."""
    return get_object_or_404(Tournament.objects.with_player_count(), pk=pk)


def round_or_404(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("tournament"), tournament=tournament, number=number
    )


def table_or_404(rnd: Round, number: int) -> Table:
    """A table of the round with its seated players (the desk's sheet page)."""
    return get_object_or_404(
        Table.objects.prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        ),
        round=rnd,
        number=number,
    )


def player_or_404(pk) -> Player:
    return get_object_or_404(Player, pk=pk)


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


def staff_assignment_or_404(tournament: Tournament, pk: int) -> TournamentStaff:
    return get_object_or_404(
        TournamentStaff.objects.select_related("user"), pk=pk, tournament=tournament
    )


def warning_or_404(tournament: Tournament, pk: int) -> PlayerWarning:
    return get_object_or_404(
        PlayerWarning.objects.select_related("player", "round", "given_by", "withdrawn_by"),
        pk=pk,
        tournament=tournament,
    )


def escalated_ruling_or_404(tournament: Tournament, pk: int) -> Ruling:
    """Only a ruling passed on to the head referee gets a final word (Klub 4.2.2)."""
    return get_object_or_404(
        Ruling.objects.select_related("round", "decided_by"),
        pk=pk,
        tournament=tournament,
        status=RulingStatus.ESCALATED,
    )


def directed_tournament(request, pk: int) -> Tournament:
    """The tournament, if the user directs it (or is a federation admin)."""
    tournament = tournament_or_404(pk)
    permissions.require_director(request.user, tournament)
    return tournament


def directed_round(request, pk: int, number: int) -> Round:
    """A round of a tournament the user directs, whatever its status."""
    return round_or_404(directed_tournament(request, pk), number)


def desk_round(request, pk: int, number: int) -> Round:
    """A round of a tournament the user works the desk of (or directs)."""
    tournament = tournament_or_404(int_or_404(pk))
    permissions.require(
        permissions.can_work_desk(request.user, tournament),
        _("Only the desk and the director of this tournament."),
    )
    return round_or_404(tournament, number)


def visible_round(request, pk: int, number: int) -> Round:
    """A round for printed lists and results: hidden until released, except for its director."""
    rnd = get_object_or_404(
        # tournament__pk, not tournament_id: only the former turns an out-of-range id into a 404
        Round.objects.select_related("tournament"),
        tournament__pk=pk,
        number=number,
    )
    hidden = rnd.status == RoundStatus.DRAWN or rnd.tournament.status == TournamentStatus.DRAFT
    if hidden and not permissions.can_direct(request.user, rnd.tournament):
        raise Http404
    return rnd


def referee_call_or_404(tournament: Tournament, pk: int) -> RefereeCall:
    """A table's call (issue #15.6) of the tournament or its juniors' field."""
    return get_object_or_404(
        RefereeCall.objects.select_related("tournament", "round", "table", "taken_by"),
        pk=pk,
        tournament__in=Tournament.objects.same_event(tournament),
    )
