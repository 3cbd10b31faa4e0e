"""Reads of a tournament's registrations: the director's list, search candidates."""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from tournaments.enums import WarningKind
from tournaments.models import Player, PlayerWarning, Registration, Tournament
from tournaments.registry.selectors import search_players


def registration_rows(tournament: Tournament) -> list[Registration]:
    """Every registration with its player and `excluded` (an active red card), active ones first,
    then by name: one query, so the registration page's query budget stays."""
    red_card = PlayerWarning.objects.filter(
        tournament=OuterRef("tournament"),
        player=OuterRef("player"),
        kind=WarningKind.RED,
        withdrawn_at__isnull=True,
    )
    return list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .annotate(excluded=Exists(red_card))
        .order_by("withdrawn_at", "player__last_name", "player__first_name")
    )


def registration_candidates(tournament: Tournament, query: str, *, limit: int = 15) -> list[Player]:
    """Players matching the search and not registered here (withdrawn ones may come back)."""
    registered = tournament.registrations.filter(withdrawn_at__isnull=True).values("player_id")
    return list(search_players(query).exclude(pk__in=registered)[:limit])


def active_players(tournament: Tournament) -> list[Player]:
    """The players registered and not withdrawn, by name."""
    return [
        r.player
        for r in Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .select_related("player")
        .order_by("player__last_name", "player__first_name")
    ]
