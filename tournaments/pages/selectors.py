"""Reads of the public start page."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Subquery

from tournaments.enums import RoundStatus, TournamentStatus
from tournaments.models import Round, Tournament


def tournament_list_public() -> dict[str, list[Tournament]]:
    """Start page groups: running first, then upcoming, then finished (newest first)."""

    visible = Round.objects.filter(tournament=OuterRef("pk")).exclude(status=RoundStatus.DRAWN)
    tournaments = (
        Tournament.objects.public()
        .main_fields()
        .with_player_count()
        .annotate(
            current_round=Subquery(visible.order_by("-number").values("number")[:1]),
            has_published=Exists(visible.filter(status=RoundStatus.PUBLISHED)),
        )
        .order_by("-start_date", "name")
    )
    groups: dict[str, list[Tournament]] = {"running": [], "upcoming": [], "finished": []}
    for t in tournaments:
        if t.status == TournamentStatus.RUNNING:
            groups["running"].append(t)
        elif t.status == TournamentStatus.REGISTRATION:
            groups["upcoming"].append(t)
        else:
            groups["finished"].append(t)
    groups["upcoming"].reverse()  # soonest first
    return groups


def public_tournaments(*, fields: tuple[str, ...]) -> list[Tournament]:
    """Every tournament the public may see, newest first, with only these fields loaded."""
    return list(Tournament.objects.public().only(*fields).order_by("-start_date", "name", "pk"))


def public_tournament(pk: int, *, fields: tuple[str, ...]) -> Tournament | None:
    """The tournament if the public may see it (no drafts), with only these fields loaded."""
    return Tournament.objects.public().only(*fields).filter(pk=pk).first()
