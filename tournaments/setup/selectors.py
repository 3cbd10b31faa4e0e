"""Reads about tournaments as a whole: who directs or staffs which, their rule set."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments import permissions
from tournaments.enums import StaffRole
from tournaments.models import Tournament


def tournaments_for_director(user) -> QuerySet[Tournament]:
    qs = Tournament.objects.with_player_count()
    if not permissions.is_federation_admin(user):
        qs = qs.filter(staff__user=user, staff__role=StaffRole.DIRECTOR)
    return qs.order_by("-start_date", "name").distinct()


def tournaments_for_staff_role(user, roles: tuple[str, ...]) -> QuerySet[Tournament]:
    return (
        Tournament.objects.filter(staff__user=user, staff__role__in=roles)
        .distinct()
        .order_by("-start_date")
    )
