"""Everything the site holds about one player, for the player's own download (DSGVO Art. 15,
20): the tournament side's sections plus the account, the appeals and the ranking lines."""

from __future__ import annotations

import io
import json

from django.core.serializers.json import DjangoJSONEncoder

from ranking.models import Appeal, PlayerAccount, RankingEntry
from tournaments.common.csv_export import excel_writer
from tournaments.models import Player
from tournaments.privacy import selectors as privacy_selectors

CSV_HEADER = ("Bereich", "Nr.", "Feld", "Wert")


def player_data(player: Player) -> dict:
    """The export's sections in a fixed order; every section but the profile is a list."""
    data = privacy_selectors.player_tournament_data(player)
    account = (
        PlayerAccount.objects.filter(player=player)
        .values("user__username", "user__email", "user__date_joined", "user__last_login")
        .first()
    )
    appeals = Appeal.objects.filter(player=player).order_by("filed_at", "pk")
    data["account"] = [
        {
            "username": account["user__username"],
            "email": account["user__email"],
            "date_joined": account["user__date_joined"].isoformat(),
            "last_login": account["user__last_login"] and account["user__last_login"].isoformat(),
        }
    ] if account else []  # fmt: skip
    data["appeals"] = [
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
    data["ranking"] = list(
        RankingEntry.objects.filter(player=player)
        .order_by("ranking_year__year")
        .values(
            "ranking_year__year", "rank", "tournaments", "rounds", "games", "placement_points",
            "game_points", "first", "second", "third", "fourth", "minus_points",
        )
    )  # fmt: skip
    return data


def player_data_json(player: Player) -> str:
    return json.dumps(player_data(player), cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)


def player_data_csv(player: Player) -> str:
    """One CSV, long format: section, record number, field, value (Excel, formula-safe)."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = excel_writer(out)
    writer.writerow(CSV_HEADER)
    for section, content in player_data(player).items():
        records = [content] if isinstance(content, dict) else content
        for number, record in enumerate(records, start=1):
            for field, value in record.items():
                writer.writerow((section, number, field, "" if value is None else value))
    return out.getvalue()
