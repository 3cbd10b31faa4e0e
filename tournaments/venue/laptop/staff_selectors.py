"""Reads of the people at the venue, on the laptop (issue 29): who may get a log-in for the
day, with their roles in the tournament and whether they can log in now."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.http import Http404

from tournaments.enums import GlobalRole
from tournaments.models import Tournament, TournamentStaff, VenueCheckout, VenuePerson
from tournaments.venue.laptop.selectors import state_for
from tournaments.venue.persons import REFEREE_GROUPS, VENUE_ROLES


def checkout_here(tournament: Tournament) -> VenueCheckout | None:
    """The checkout of this tournament loaded on this laptop, if it is the one."""
    state = state_for(tournament)
    return state.checkout if state is not None else None


def login_candidates(tournament: Tournament) -> QuerySet:
    """The accounts the director may give a log-in for the day: the tournament's desk and
    referees, the federation's referee list (both from the package) and the venue's helpers.
    Never anyone else (a trail's account, another director)."""
    checkout = checkout_here(tournament)
    helpers = VenuePerson.objects.filter(checkout=checkout).values("user_id")
    return (
        get_user_model()
        .objects.filter(
            Q(
                tournament_roles__tournament_id=tournament.main_tournament_id,
                tournament_roles__role__in=VENUE_ROLES,
            )
            | Q(groups__name__in=REFEREE_GROUPS)
            | Q(pk__in=helpers)
        )
        .exclude(is_superuser=True)
        .exclude(groups__name=GlobalRole.FEDERATION_ADMIN.value)
        .distinct()
    )


@dataclass(frozen=True)
class Person:
    user: object
    name: str
    roles: list[str]
    listed_referee: bool
    helper: VenuePerson | None
    can_log_in: bool


def venue_people(tournament: Tournament) -> list[Person]:
    """Everyone who may get a log-in, by name: their roles here, whether they are on the
    federation's referee list, whether the venue added them, whether they can log in now."""
    users = list(login_candidates(tournament).prefetch_related("groups"))
    roles: dict[int, list[str]] = {}
    staff = TournamentStaff.objects.filter(
        tournament_id=tournament.main_tournament_id, user__in=users
    ).order_by("role")
    for row in staff:
        roles.setdefault(row.user_id, []).append(row.get_role_display())
    helpers = {p.user_id: p for p in VenuePerson.objects.filter(checkout=checkout_here(tournament))}
    people = [
        Person(
            user=u,
            name=u.get_full_name().strip() or u.get_username(),
            roles=roles.get(u.pk, []),
            listed_referee=u.pk not in helpers
            and any(g.name in REFEREE_GROUPS for g in u.groups.all()),
            helper=helpers.get(u.pk),
            can_log_in=u.is_active and u.has_usable_password(),
        )
        for u in users
    ]
    return sorted(people, key=lambda p: (p.name.lower(), p.user.get_username()))


def candidate_or_404(tournament: Tournament, user_pk: int):
    """A listed person of this tournament (else 404: no other account is reachable here)."""
    found = login_candidates(tournament).filter(pk=user_pk).first()
    if found is None:
        raise Http404
    return found
