"""Which tournaments a calendar lists (issue 16.4)."""

from __future__ import annotations

from tournaments.models import Player, Tournament


def public_calendar_tournaments() -> list[Tournament]:
    """Every public tournament (no drafts), juniors' fields inside their main one (Klub 6.3)."""
    return list(
        Tournament.objects.public()
        .main_fields()
        .select_related("junior_field")
        .order_by("start_date", "pk")
    )


def registered_tournaments(player: Player) -> list[Tournament]:
    """The tournaments the player is registered for (not withdrawn), in either field."""
    return list(
        Tournament.objects.public()
        .filter(registrations__player=player, registrations__withdrawn_at__isnull=True)
        .select_related("junior_field")
        .distinct()
        .order_by("start_date", "pk")
    )
