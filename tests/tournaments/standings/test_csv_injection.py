"""The standings CSV writes names and clubs that look like formulas as text (OWASP)."""

import csv
import io

import pytest
from django.urls import reverse

from tournaments.models import Player, Registration
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


def test_standings_csv_neutralises_formulas_and_keeps_negative_numbers(client, finished):
    registered = Registration.objects.filter(tournament=finished).values("player")
    player = Player.objects.filter(pk__in=registered).order_by("pk").first()
    Player.objects.filter(pk=player.pk).update(
        last_name='=HYPERLINK("http://böse.example","Klick")',
        first_name="Eva",
        club="@SUMME(A1:A9)",
        publish_name=True,
    )
    response = client.get(reverse("standings_csv", args=[finished.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    row = next(r for r in rows[1:] if "HYPERLINK" in r[1])
    assert row[1] == '\'=HYPERLINK("http://böse.example","Klick"), Eva'
    assert row[2] == "'@SUMME(A1:A9)"

    entries = standings_table(finished).entries
    negative = [(e, r) for e, r in zip(entries, rows[1:], strict=True) if e.game_points < 0]
    assert negative, "the simulated tournament has players with negative game points"
    for entry, cells in negative:
        assert cells[4] == str(entry.game_points)  # a number, no apostrophe
