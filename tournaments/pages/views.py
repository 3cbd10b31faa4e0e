"""Start page, a tournament's public page and the staff areas' entry pages."""

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render

from tournaments import permissions
from tournaments.common.public_cache import public_page
from tournaments.enums import RoundStatus, StaffRole
from tournaments.pages import access as pages_access
from tournaments.pages import selectors as pages_selectors
from tournaments.rounds import selectors as rounds_selectors
from tournaments.setup import selectors as setup_selectors


@public_page(scope="all")
def home(request):
    """Public start page: the tournaments, grouped so a player finds today's event at once."""
    return render(
        request, "tournaments/home.html", {"groups": pages_selectors.tournament_list_public()}
    )


@public_page()
def tournament_public(request, pk: int):
    tournament = pages_access.tournament_with_player_count_or_404(pk)
    staff = permissions.can_direct(request.user, tournament)
    if not tournament.is_public and not staff:
        raise Http404
    rounds = rounds_selectors.public_rounds(tournament)
    return render(
        request,
        "tournaments/public/tournament.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "staff": staff,
            "current_round": rounds[-1] if rounds else None,
            "has_published": any(r.status == RoundStatus.PUBLISHED for r in rounds),
            "other_field": setup_selectors.other_field(tournament),
        },
    )


@login_required
def director_home(request):
    permissions.require(permissions.is_director(request.user))
    return render(
        request,
        "tournaments/director/home.html",
        {"tournaments": setup_selectors.tournaments_for_director(request.user)},
    )


@login_required
def referee_home(request):
    """The referee's tournaments (assigned per tournament), each one tap from its tables."""
    roles = (StaffRole.REFEREE, StaffRole.HEAD_REFEREE)
    assignments = setup_selectors.staff_roles(request.user, roles)
    permissions.require(permissions.is_referee(request.user) or bool(assignments))
    tournaments = list(setup_selectors.tournaments_for_staff_role(request.user, roles))
    labels: dict[int, list[str]] = {}
    for tournament_id, role in assignments:
        labels.setdefault(tournament_id, []).append(StaffRole(role).label)
    for t in tournaments:
        t.my_roles = sorted(labels.get(t.pk, []))
    return render(request, "tournaments/referee/home.html", {"tournaments": tournaments})


@login_required
def desk_home(request):
    """Desk staff land here: their tournaments' rounds, each with its desk board."""
    tournaments = setup_selectors.desk_tournaments(request.user)
    permissions.require(bool(tournaments) or permissions.is_federation_admin(request.user))
    return render(request, "tournaments/desk/home.html", {"tournaments": tournaments})
