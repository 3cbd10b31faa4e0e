"""The ranking CSV writes names and clubs that look like formulas as text (OWASP)."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from ranking.models import RankingEntry
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_ranking_csv_neutralises_formulas(client, ranked):
    entry = RankingEntry.objects.order_by("rank", "player_id").select_related("player").first()
    Player.objects.filter(pk=entry.player_id).update(
        last_name="+cmd|' /C calc'!A0", first_name="Max", club="-Klub", publish_name=True
    )
    response = client.get(reverse("ranking:csv", args=[2026]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[1][:3] == ["1", "'+cmd|' /C calc'!A0, Max", "'-Klub"]
    assert rows[1][6] == str(entry.placement_points)
