"""Entry pages of the staff areas; each checks its role on the server."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from .. import permissions, selectors
from ..enums import StaffRole


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
    permissions.require(permissions.is_referee(request.user))
    tournaments = selectors.tournaments_for_staff_role(
        request.user, (StaffRole.REFEREE, StaffRole.HEAD_REFEREE)
    )
    return render(request, "tournaments/referee/home.html", {"tournaments": tournaments})


@login_required
def commission_home(request):
    permissions.require(permissions.is_commission(request.user))
    return render(request, "tournaments/commission/home.html", {})


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
