"""Reads about tournaments as a whole: who directs or staffs which, their rule set."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, QuerySet

from tournaments import permissions
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import StaffChange, StaffChangeKind, Tournament
from tournaments.referees import selectors as referees_selectors


def tournaments_for_director(user) -> QuerySet[Tournament]:
    qs = Tournament.objects.with_player_count()
    if not permissions.is_federation_admin(user):
        qs = qs.filter(
            Q(staff__user=user, staff__role=StaffRole.DIRECTOR)
            | Q(juniors_of__staff__user=user, juniors_of__staff__role=StaffRole.DIRECTOR)
        )
    return qs.order_by("-start_date", "name").distinct()


def tournaments_for_staff_role(user, roles: tuple[str, ...]) -> QuerySet[Tournament]:
    return (
        Tournament.objects.filter(
            Q(staff__user=user, staff__role__in=roles)
            | Q(juniors_of__staff__user=user, juniors_of__staff__role__in=roles)
        )
        .distinct()
        .order_by("-start_date")
    )


def tournament_overview(tournament: Tournament) -> dict:
    """The director's overview: rounds with their table counts, the field, the referee figures
    (exclusions: winnings forfeited, Klub 4.5.2) and the staff count."""
    return {
        "rounds": list(tournament.rounds.annotate(table_count=Count("tables")).order_by("number")),
        "counts": tournament.registrations.active().aggregate(
            active=Count("id", filter=Q(reserve=False)),
            reserves=Count("id", filter=Q(reserve=True)),
            checked_in=Count("id", filter=Q(checked_in_at__isnull=False)),
        ),
        "warning_counts": referees_selectors.warning_counts(tournament),
        "exclusions": referees_selectors.exclusions(tournament),
        "open_calls": referees_selectors.open_calls_count(tournament),
        "staff_count": tournament.staff.count(),
        "other_field": other_field(tournament),
    }


def referee_candidates(*, limit: int = 200) -> list:
    """Active users with a referee role, offered when the director assigns tournament staff."""
    referee_groups = [GlobalRole.REFEREE.value, GlobalRole.HEAD_REFEREE.value]
    return list(
        get_user_model()
        .objects.filter(is_active=True, groups__name__in=referee_groups)
        .distinct()
        .order_by("username")[:limit]
    )


def staff_roles(user, roles: tuple[str, ...]) -> list[tuple[int, str]]:
    """(tournament id, role) of each of the user's assignments with one of these roles."""
    return list(user.tournament_roles.filter(role__in=roles).values_list("tournament_id", "role"))


def desk_tournaments(user) -> list[Tournament]:
    """The tournaments the user works the desk of (or directs), with their rounds."""
    return list(
        tournaments_for_staff_role(user, (StaffRole.DESK, StaffRole.DIRECTOR)).prefetch_related(
            "rounds"
        )
    )


def other_field(tournament: Tournament) -> Tournament | None:
    """The juniors' field of a main tournament, or the main tournament of a juniors' field."""
    if tournament.is_junior_field:
        return Tournament.objects.filter(pk=tournament.juniors_of_id).first()
    return Tournament.objects.filter(juniors_of=tournament).first()


def staff_history(tournament: Tournament) -> list[dict]:
    """Who served when (issue #17.7): one period per assignment, from its `StaffChange` rows,
    oldest first; an open period has no ``until``."""
    periods: list[dict] = []
    open_periods: dict[tuple, dict] = {}
    changes = StaffChange.objects.filter(tournament_id=tournament.main_tournament_id)
    for change in changes.select_related("by").order_by("at", "pk"):
        key = (change.person_id, change.person_name, change.role)
        if change.kind == StaffChangeKind.ASSIGNED:
            period = {"change": change, "since": change.at, "until": None, "ended": None}
            open_periods[key] = period
            periods.append(period)
        elif (period := open_periods.pop(key, None)) is not None:
            period.update(until=change.at, ended=change)
    return periods
