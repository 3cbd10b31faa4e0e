"""Reads for a player's privacy: everything the tournament side holds about one player (the
export of DSGVO Art. 15/20), the federation admin's list of erasure requests, the guests."""

from __future__ import annotations

from datetime import date, datetime

from django.db.models import QuerySet

from tournaments.enums import ErasureStatus, RoundStatus
from tournaments.models import (
    ErasureRequest,
    Player,
    PlayerMerge,
    PlayerWarning,
    Registration,
    ScoredRound,
    SignupRequest,
)


def _plain(value):
    """JSON- and CSV-friendly: dates as ISO text, everything else as it is."""
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _rows(values) -> list[dict]:
    return [{key: _plain(value) for key, value in row.items()} for row in values]


def player_profile(player: Player) -> dict:
    return {
        "id": player.pk,
        "federation_number": player.federation_number,
        "guest": player.is_guest,
        "last_name": player.last_name,
        "first_name": player.first_name,
        "club": player.club,
        "city": player.city,
        "birth_year": player.birth_year,
        "email": player.email,
        "publish_name": player.publish_name,
        "created_at": _plain(player.created_at),
        "updated_at": _plain(player.updated_at),
    }


def player_tournament_data(player: Player) -> dict[str, list[dict] | dict]:
    """The tournament side's sections of the export, each a list of flat rows."""
    registrations = Registration.objects.filter(player=player).order_by("registered_at", "pk")
    results = ScoredRound.objects.filter(
        player=player, round__status=RoundStatus.PUBLISHED
    ).order_by("tournament__start_date", "tournament_id", "round_number")
    warnings = PlayerWarning.objects.filter(player=player).order_by("given_at", "pk")
    return {
        "profile": player_profile(player),
        "registrations": _rows(
            registrations.values(
                "tournament_id",
                "tournament__name",
                "tournament__start_date",
                "reserve",
                "source",
                "registered_at",
                "checked_in_at",
                "withdrawn_at",
            )
        ),  # fmt: skip
        "signup_requests": _rows(
            SignupRequest.objects.filter(player=player)
            .order_by("created_at", "pk")
            .values("tournament_id", "tournament__name", "status", "created_at", "decided_at")
        ),
        "results": _rows(
            results.values(
                "tournament_id",
                "tournament__name",
                "round_number",
                "table__number",
                "reserve",
                "games",
                "placement_points",
                "game_points",
                "first",
                "second",
                "third",
                "fourth",
                "minus_points",
            )
        ),  # fmt: skip
        "warnings": _rows(
            warnings.values(
                "tournament_id",
                "tournament__name",
                "round__number",
                "table_number",
                "game_number",
                "kind",
                "ground",
                "ground_text",
                "note",
                "given_at",
                "withdrawn_at",
                "withdrawal_reason",
            )
        ),  # fmt: skip
        "erasure_requests": _rows(
            ErasureRequest.objects.filter(player=player).values(
                "id", "status", "reason", "requested_at", "executed_at"
            )
        ),
        "merges": _rows(
            PlayerMerge.objects.filter(kept=player).values(
                "removed_player_id", "kept_name", "removed_name", "reason", "merged_at"
            )
        ),
    }


def open_erasure_request(player: Player) -> ErasureRequest | None:
    return ErasureRequest.objects.filter(player=player, status=ErasureStatus.OPEN).first()


def erasure_requests() -> QuerySet[ErasureRequest]:
    """Open requests first (oldest first), then the log of executed ones (newest first)."""
    return ErasureRequest.objects.select_related("player", "executed_by").order_by(
        "-status", "requested_at", "pk"
    )


def erasure_request_by_pk(pk: int) -> ErasureRequest | None:
    return ErasureRequest.objects.select_related("player").filter(pk=pk).first()
