"""Newest correction wins: when the commission corrects the same table twice, the ranking (and
the commission's form) use the correction of the newest decision (Klub 3, 4.2.3)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from ranking.appeals import services as appeals_services
from ranking.commission import services as commission_services
from ranking.compute.selectors import corrections_in_force, tournament_inputs
from ranking.domain import ranking as domain_ranking
from ranking.domain.appeals import BERLIN
from ranking.enums import DecisionOutcome
from ranking.models import ResultCorrection
from tests.support.builders import FIXED_SHEET, play_tournament
from tournaments.models import Round, ScoredRound

pytestmark = pytest.mark.django_db

END = date(2026, 6, 7)
B_WINS_GAME_1 = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -30}}
C_WINS_GAME_1 = {"number": 1, "scores": {"A": -10, "B": -20, "C": 60, "D": -30}}


def uphold(tournament, director, commission, player, game_1, *, decided_on: int):
    """File (on the player's behalf) and uphold a correction of round 1, table 1, game 1."""
    appeal = appeals_services.appeal_file(
        user=director,
        tournament=tournament,
        player=player,
        what_is_wrong="Spiel 1 falsch übertragen",
        correction_requested="Gewinner berichtigen",
        round_number=1,
        table_number=1,
        game_number=1,
        now=datetime(2026, 6, 10, 12, tzinfo=BERLIN),
    )
    return commission_services.appeal_decide(
        appeal=appeal,
        user=commission,
        outcome=DecisionOutcome.UPHELD,
        reasoning="Bogen falsch übertragen.",
        round_number=1,
        table_number=1,
        games=[game_1, *FIXED_SHEET[1:]],
        now=datetime(2026, 6, decided_on, 12, tzinfo=BERLIN),
    )


@pytest.fixture
def twice_corrected(director, desk_user, field, commission_member):
    """Table 1 of round 1 corrected twice: B won game 1 (decided 15 June), then C (20 June)."""
    t = play_tournament(director=director, desk=desk_user, players=field, end=END)
    table = Round.objects.get(tournament=t, number=1).tables.get(number=1)
    seat = {s.letter: s.player for s in table.seats.select_related("player")}
    uphold(t, director, commission_member, seat["B"], B_WINS_GAME_1, decided_on=15)
    uphold(t, director, commission_member, seat["C"], C_WINS_GAME_1, decided_on=20)
    return t, seat


def test_newest_decision_comes_first(twice_corrected):
    t, _ = twice_corrected

    games = ResultCorrection.objects.filter(round__tournament=t, table_number=1).newest_first()
    assert [c.games[0]["scores"] for c in games] == [
        C_WINS_GAME_1["scores"],
        B_WINS_GAME_1["scores"],
    ]


def test_the_decided_moment_counts_not_the_order_of_recording(
    director, desk_user, field, commission_member
):
    t = play_tournament(director=director, desk=desk_user, players=field, end=END)
    table = Round.objects.get(tournament=t, number=1).tables.get(number=1)
    seat = {s.letter: s.player for s in table.seats.select_related("player")}
    uphold(t, director, commission_member, seat["C"], C_WINS_GAME_1, decided_on=20)
    uphold(t, director, commission_member, seat["B"], B_WINS_GAME_1, decided_on=15)

    newest = ResultCorrection.objects.filter(round__tournament=t).newest_first().first()
    assert newest.games[0]["scores"] == C_WINS_GAME_1["scores"]


def test_ranking_uses_the_newest_correction(twice_corrected):
    t, seat = twice_corrected

    in_force = corrections_in_force([t.pk])
    assert [ResultCorrection.objects.get(pk=pk).games[0]["scores"] for pk in in_force] == [
        C_WINS_GAME_1["scores"]
    ]
    # The ranking reads the newest correction's lines in place of table 1's published lines:
    # game 1 goes from A +60, B -10, C -20 to A -10, B -20, C +60 (D -30 either way).
    published = ScoredRound.objects.filter(tournament=t).values_list(
        "tournament_id", "player_id", "reserve", "round_number", "placement_points",
        "game_points", "first", "second", "third", "fourth", "minus_points", "games",
    )  # fmt: skip
    before = {c.player_id: c for c in domain_ranking.contributions(published)}
    after = {c.player_id: c for c in domain_ranking.contributions(tournament_inputs([t.pk]).rounds)}
    delta = {
        pid: (after[pid].game_points - c.game_points, after[pid].placings[0] - c.placings[0])
        for pid, c in before.items()
        if after[pid] != c
    }
    assert delta == {seat["A"].pk: (-70, -1), seat["B"].pk: (-10, 0), seat["C"].pk: (80, 1)}
