"""Team standings of a Städtekampf on the standings page and in the CSV (SPEC §1, Klub 6.2.1;
our reading: members' placement points, then game points)."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest
from django.urls import reverse

from tests.support.builders import make_city_contest, make_teams, play_next_round, register_players
from tournaments.models import Registration
from tournaments.standings.selectors import standings_table

NAMES = ["Aachen", "Bonn", "Düren", "Köln"]


@pytest.fixture
def contest(director, desk_user, players):
    """8 players in 4 teams of two, one round played with the fixed sheet (A wins every game:
    16, 9, 5, 3 placement points per table)."""
    tournament = make_city_contest(director=director)
    register_players(tournament, players, count=8)
    make_teams(tournament, NAMES, user=director)
    play_next_round(tournament, director=director, desk=desk_user)
    return tournament


def _sums_by_team(tournament) -> dict[str, tuple[int, int]]:
    """Team sums taken from the individual standings rows (the players' totals)."""
    team = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "team__name")
    )
    sums: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for entry in standings_table(tournament).entries:
        sums[team[entry.player.pk]][0] += entry.placement_points
        sums[team[entry.player.pk]][1] += entry.game_points
    return {name: (pp, gp) for name, (pp, gp) in sums.items()}


def test_team_standings_sum_the_members(contest):
    teams = standings_table(contest).teams
    expected = _sums_by_team(contest)

    assert sorted(t.name for t in teams) == NAMES
    assert {t.name: (t.placement_points, t.game_points) for t in teams} == expected
    assert sum(t.placement_points for t in teams) == 2 * (16 + 9 + 5 + 3)
    assert [t.players for t in teams] == [2, 2, 2, 2]
    figures = [(t.placement_points, t.game_points) for t in teams]
    assert figures == sorted(figures, reverse=True)
    assert teams[0].rank == 1


def test_standings_page_and_csv_show_the_team_standings(client, contest):
    teams = standings_table(contest).teams

    html = client.get(reverse("standings", args=[contest.pk])).content.decode()
    body = client.get(reverse("standings_csv", args=[contest.pk])).content.decode("utf-8")

    assert "Mannschaftswertung" in html
    assert "Summe der Platzierungspunkte ihrer Spieler" in html
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff")), delimiter=";"))
    start = rows.index(["Rang", "Mannschaft", "Platzierungspunkte", "Spielpunkte", "Spieler"])
    assert rows[start - 1] == []
    assert rows[start + 1 :] == [
        [str(t.rank), t.name, str(t.placement_points), str(t.game_points), "2"] for t in teams
    ]


def test_standings_without_teams_have_no_team_section(client, finished):
    html = client.get(reverse("standings", args=[finished.pk])).content.decode()

    assert standings_table(finished).teams == ()
    assert "Mannschaftswertung" not in html
