"""Everything the site holds about one player, for the player's own download (DSGVO Art. 15,
20): the tournament side's sections, the account, and the sections other apps registered (the
ranking's appeals and ranking lines, players/privacy/export_sections.py)."""

from __future__ import annotations

import io
import json

from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder

from players.models import PlayerAccount
from players.privacy import export_sections
from players.push import selectors as push_selectors
from tournaments.common.csv_export import excel_writer
from tournaments.models import Player
from tournaments.privacy import selectors as privacy_selectors

User = get_user_model()
CSV_HEADER = ("Bereich", "Nr.", "Feld", "Wert")


def player_data(player: Player) -> dict:
    """The export's sections in a fixed order; every section but the profile is a list."""
    data = privacy_selectors.player_tournament_data(player)
    account = (
        PlayerAccount.objects.filter(player=player)
        .values("user__username", "user__email", "user__date_joined", "user__last_login")
        .first()
    )
    data["account"] = [
        {
            "username": account["user__username"],
            "email": account["user__email"],
            "date_joined": account["user__date_joined"].isoformat(),
            "last_login": account["user__last_login"] and account["user__last_login"].isoformat(),
        }
    ] if account else []  # fmt: skip
    user = User.objects.filter(player_account__player=player).first()
    data["push_devices"] = push_selectors.device_export(user) if user else []
    for name, reader in export_sections.registered():
        data[name] = reader(player)
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
