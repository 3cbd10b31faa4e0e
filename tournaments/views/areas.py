"""Entry pages of the staff areas; each checks its role on the server."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournaments import permissions, selectors
from tournaments.enums import StaffRole


@login_required
def director_home(request):
    permissions.require(permissions.is_director(request.user))
    return render(
        request,
        "tournaments/director/home.html",
        {"tournaments": selectors.tournaments_for_director(request.user)},
    )


@login_required
def referee_home(request):
    """The referee's tournaments (assigned per tournament), each one tap from its tables."""
    roles = (StaffRole.REFEREE, StaffRole.HEAD_REFEREE)
    assignments = list(
        request.user.tournament_roles.filter(role__in=roles).values_list("tournament_id", "role")
    )
    permissions.require(permissions.is_referee(request.user) or bool(assignments))
    tournaments = list(selectors.tournaments_for_staff_role(request.user, roles))
    labels: dict[int, list[str]] = {}
    for tournament_id, role in assignments:
        labels.setdefault(tournament_id, []).append(StaffRole(role).label)
    for t in tournaments:
        t.my_roles = sorted(labels.get(t.pk, []))
    return render(request, "tournaments/referee/home.html", {"tournaments": tournaments})


@login_required
def commission_home(request):
    """The commission's area is its appeals inbox (ranking app, issue 7)."""
    from ranking.views import commission_inbox

    permissions.require(permissions.is_commission(request.user))
    return commission_inbox(request)


@login_required
def desk_home(request):
    """Desk staff land here: their tournaments' rounds, each with its desk board."""
    tournaments = list(
        selectors.tournaments_for_staff_role(
            request.user, (StaffRole.DESK, StaffRole.DIRECTOR)
        ).prefetch_related("rounds")
    )
    permissions.require(bool(tournaments) or permissions.is_federation_admin(request.user))
    return render(request, "tournaments/desk/home.html", {"tournaments": tournaments})
