"""Who may do what. Checked on the server in every view and service, per role and tournament."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from tournaments.enums import GlobalRole, StaffRole

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from tournaments.models import Tournament


def _groups(user) -> frozenset[str]:
    """Group names, cached on the user object for the request."""
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cached = getattr(user, "_drv_groups", None)
    if cached is None:
        cached = frozenset(user.groups.values_list("name", flat=True))
        user._drv_groups = cached
    return cached


def groups_read(user) -> frozenset[str] | None:
    """The user's group names if this request has read them already, else None (no query:
    the request log names the role only from what the request knew)."""
    return getattr(user, "_drv_groups", None)


def role_groups(*roles: GlobalRole) -> list:
    """The auth groups of these roles; created if missing (a flushed test database, a fresh DB)."""

    return [Group.objects.get_or_create(name=role.value)[0] for role in roles]


def has_global_role(user, role: GlobalRole) -> bool:
    return bool(getattr(user, "is_superuser", False)) or role.value in _groups(user)


def is_federation_admin(user) -> bool:
    return has_global_role(user, GlobalRole.FEDERATION_ADMIN)


def is_director(user) -> bool:
    """May open the director area and create tournaments."""
    return is_federation_admin(user) or has_global_role(user, GlobalRole.DIRECTOR)


def is_referee(user) -> bool:
    return has_global_role(user, GlobalRole.REFEREE) or has_global_role(
        user, GlobalRole.HEAD_REFEREE
    )


def is_desk_staff(user) -> bool:
    """Has a desk assignment in any tournament (navigation only; pages check per tournament)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.tournament_roles.filter(role=StaffRole.DESK).exists()


def is_commission(user) -> bool:
    return has_global_role(user, GlobalRole.COMMISSION)


def staff_roles(user, tournament: Tournament) -> frozenset[str]:
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cache = getattr(user, "_drv_staff", None)
    if cache is None:
        cache = {}
        user._drv_staff = cache
    key = tournament.main_tournament_id  # a juniors' field is staffed by its main tournament
    if key not in cache:
        cache[key] = frozenset(
            user.tournament_roles.filter(tournament_id=key).values_list("role", flat=True)
        )
    return cache[key]


def can_direct(user, tournament: Tournament) -> bool:
    """Federation admins direct every tournament; directors only the ones assigned to them."""
    return is_federation_admin(user) or StaffRole.DIRECTOR in staff_roles(user, tournament)


def can_work_desk(user, tournament: Tournament) -> bool:
    return can_direct(user, tournament) or StaffRole.DESK in staff_roles(user, tournament)


def require(condition: bool, message: str = "") -> None:
    if not condition:
        raise PermissionDenied(message or _("No permission."))


def require_director(user: AbstractBaseUser, tournament: Tournament) -> None:
    require(can_direct(user, tournament), _("Only the director of this tournament may do that."))


# --- Referees (issue 6, Klub 4) ---------------------------------------------------------------


def can_referee(user, tournament: Tournament) -> bool:
    """Logs warnings and rulings: only referees assigned to THIS tournament (or its head referee).

    Directors and federation admins deliberately cannot: a card is the referee's decision.
    """
    roles = staff_roles(user, tournament)
    return StaffRole.REFEREE in roles or StaffRole.HEAD_REFEREE in roles


def is_head_referee_of(user, tournament: Tournament) -> bool:
    """Decides finally when more than two players object (Klub 4.2.2)."""
    return StaffRole.HEAD_REFEREE in staff_roles(user, tournament)


def can_head_referee(user, tournament: Tournament) -> bool:
    """Withdraws a warning given by mistake: the head referee or the tournament's director."""
    return is_head_referee_of(user, tournament) or can_direct(user, tournament)


def can_see_referee_log(user, tournament: Tournament) -> bool:
    """Warnings and rulings are staff-only: referees, desk and director of this tournament and
    the federation admin (the public sees only an exclusion)."""
    return can_referee(user, tournament) or can_work_desk(user, tournament)


def can_answer_calls(user, tournament: Tournament) -> bool:
    """Takes and closes the tables' calls (issue #15.6): the tournament's referees, its head
    referee and its director (who may have to step in when no referee is free)."""
    return can_referee(user, tournament) or can_direct(user, tournament)
