"""A player's download of everything the site holds about them (issue 16, item 6; DSGVO
Art. 15 and 20): JSON and one CSV (long format: section, record, field, value)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from players.privacy import selectors as export
from tournaments.models import ScoredRound
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


def test_the_json_export_holds_every_section_of_the_player_only(
    finished, field, player_user, appeal
):
    player = field[0]
    data = json.loads(export.player_data_json(player))
    assert list(data) == [
        "profile", "registrations", "signup_requests", "results", "warnings", "erasure_requests",
        "merges", "account", "push_devices", "appeals", "appeal_additions", "ranking", "rating",
    ]  # fmt: skip
    assert {k: data["profile"][k] for k in ("id", "federation_number", "last_name", "guest")} == {
        "id": player.pk, "federation_number": "DRV-00001", "last_name": player.last_name,
        "guest": False,
    }  # fmt: skip
    assert [(r["tournament_id"], r["reserve"], r["source"]) for r in data["registrations"]] == [
        (finished.pk, False, "staff")
    ]
    assert [r["round_number"] for r in data["results"]] == [1, 2, 3]
    entry = next(e for e in standings_table(finished).entries if e.player.pk == player.pk)
    assert sum(r["placement_points"] for r in data["results"]) == entry.placement_points
    assert sum(r["game_points"] for r in data["results"]) == entry.game_points
    assert data["account"] == [
        {"username": "spieler-konto", "email": "", "last_login": None,
         "date_joined": player_user.date_joined.isoformat()}
    ]  # fmt: skip
    assert [
        (a["id"], a["tournament_id"], a["round"], a["what_is_wrong"], a["decision"])
        for a in data["appeals"]
    ] == [(appeal.pk, finished.pk, 1, "Spiel 1 falsch übertragen", None)]
    assert (data["warnings"], data["signup_requests"], data["merges"], data["ranking"]) == (
        [], [], [], []
    )  # fmt: skip
    assert data["rating"] == []  # not computed here; tests/ranking/rating fills it
    assert (data["appeal_additions"], data["push_devices"]) == ([], [])
    other_rows = ScoredRound.objects.exclude(player=player).count()
    assert other_rows == 21 and len(data["results"]) == 3  # 8 players x 3 rounds, 3 are theirs


def test_the_csv_export_is_one_long_table_and_formula_safe(finished, field):
    player = field[0]
    player.club = '=HYPERLINK("http://x")'
    player.save()
    text = export.player_data_csv(player)
    assert text.startswith("\ufeffBereich;Nr.;Feld;Wert\r\n")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert ["profile", "1", "club", '\'=HYPERLINK("http://x")'] in rows
    assert ["profile", "1", "federation_number", "DRV-00001"] in rows
    assert [r[3] for r in rows if r[0] == "results" and r[2] == "round_number"] == ["1", "2", "3"]
    assert {r[0] for r in rows[1:]} == {"profile", "registrations", "results"}
