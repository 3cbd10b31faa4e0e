"""The ranking's sections of a player's data export (DSGVO Art. 15, 20): the appeals and the
ranking lines. "Meine Daten" lives in players; ranking's AppConfig.ready registers these."""

from __future__ import annotations

from ranking.models import Appeal, AppealAddition, RankingEntry
from tournaments.models import Player


def appeals_section(player: Player) -> list[dict]:
    appeals = Appeal.objects.filter(player=player).order_by("filed_at", "pk")
    return [
        {
            "id": a.pk,
            "tournament_id": a.tournament_id,
            "tournament": a.tournament.name,
            "filed_at": a.filed_at.isoformat(),
            "round": a.round.number if a.round_id else None,
            "table_number": a.table_number,
            "game_number": a.game_number,
            "what_is_wrong": a.what_is_wrong,
            "correction_requested": a.correction_requested,
            "attachment": bool(a.attachment),
            "status": a.status,
            "decision": a.decision.get_outcome_display() if hasattr(a, "decision") else None,
            "decision_reasoning": a.decision.reasoning if hasattr(a, "decision") else None,
        }
        for a in appeals.select_related("tournament", "round", "decision")
    ]


def appeal_additions_section(player: Player) -> list[dict]:
    """The additions to the player's appeals (issue 30.5), in the order they came."""
    additions = AppealAddition.objects.filter(appeal__player=player).order_by(
        "appeal_id", "added_at", "pk"
    )
    return [
        {
            "appeal_id": x.appeal_id,
            "added_at": x.added_at.isoformat(),
            "on_behalf": x.on_behalf,
            "text": x.text,
            "attachment": bool(x.attachment),
        }
        for x in additions
    ]


def ranking_section(player: Player) -> list[dict]:
    return list(
        RankingEntry.objects.filter(player=player)
        .order_by("ranking_year__year")
        .values(
            "ranking_year__year", "rank", "tournaments", "rounds", "games", "placement_points",
            "game_points", "first", "second", "third", "fourth", "minus_points",
        )
    )  # fmt: skip
