"""Drawing a Städtekampf (Klub 6.2.1, 7.1; SPEC §1, §2): team-mates apart, the rest shown."""

from __future__ import annotations

import re
from itertools import combinations

from django.urls import reverse

from tests.support.builders import make_city_contest, make_teams, register_players
from tournaments.models import Registration, Seat
from tournaments.rounds import services as round_services


def _team_mates_at_tables(rnd) -> int:
    team = dict(
        Registration.objects.filter(tournament=rnd.tournament).values_list("player_id", "team_id")
    )
    tables: dict[int, list[int]] = {}
    for table, player in Seat.objects.filter(round=rnd).values_list("table__number", "player_id"):
        tables.setdefault(table, []).append(player)
    return sum(
        1 for group in tables.values() for a, b in combinations(group, 2) if team[a] == team[b]
    )


def test_round_one_of_a_city_contest_keeps_team_mates_apart(director, players):
    contest = make_city_contest(director=director)
    register_players(contest, players, count=16)
    make_teams(contest, ["Aachen", "Bonn", "Köln", "Düren"], user=director)

    rnd = round_services.round_pair_next(tournament=contest, user=director, seed=4)

    assert rnd.method == "random-v1+teams-v1"
    assert _team_mates_at_tables(rnd) == 0


def test_round_page_names_unavoidable_team_mates(client, director, players):
    """Two teams of four at two tables of four: two of each team per table, shown by name."""
    contest = make_city_contest(director=director)
    register_players(contest, players, count=8)
    make_teams(contest, ["Bonn", "Köln"], user=director)
    rnd = round_services.round_pair_next(tournament=contest, user=director, seed=4)
    client.force_login(director)

    response = client.get(reverse("director:round_detail", args=[contest.pk, 1]))

    assert _team_mates_at_tables(rnd) == 4
    html = response.content.decode()
    assert "Mannschaftskollegen am selben Tisch:" in html
    texts = response.context["team_clash_texts"]
    assert [text.split(" (")[0] for text in texts] == ["Tisch 1"] * 2 + ["Tisch 2"] * 2
    for text in texts:
        assert re.fullmatch(r"Tisch [12] \((Bonn|Köln): [^,()]+, [^,()]+\)", text), text
    assert "; ".join(texts) in html


def test_round_page_without_teams_shows_no_team_notice(client, director, players):
    contest = make_city_contest(director=director)
    register_players(contest, players, count=8)
    round_services.round_pair_next(tournament=contest, user=director, seed=4)
    client.force_login(director)

    response = client.get(reverse("director:round_detail", args=[contest.pk, 1]))

    assert response.context["team_clash_texts"] == []
    assert "Mannschaftskollegen" not in response.content.decode()
