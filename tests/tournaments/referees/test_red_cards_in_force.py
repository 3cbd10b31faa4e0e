"""A red card in force (kind red, not withdrawn; Klub 4.5, SPEC §7) is one query, used by every
reader: the referee lists, the next round's field, a player's history and the ranking inputs."""

from __future__ import annotations

from datetime import date

import pytest

from ranking.compute.selectors import tournament_inputs
from tests.support.builders import make_released_round, make_tournament, make_user, register_players
from tournaments.enums import GlobalRole, StaffRole, WarningGround, WarningKind
from tournaments.history.selectors import player_history
from tournaments.models import PlayerWarning
from tournaments.referees import selectors as referees_selectors
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import field as rounds_field


@pytest.fixture
def cards(players, monkeypatch):
    """Round 1 of a running tournament, with every kind of warning, and a red card elsewhere
    (that one on the other tournament's first day, before its draw: Klub 4.5.1)."""
    monkeypatch.setattr("tournaments.common.guards.localdate", lambda: date(2026, 12, 12))
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    t, _ = make_released_round(director=director, players=players, count=8, seed=3)
    other = make_tournament(director=director, name="Anderes Turnier")
    registration_services.tournament_open_registration(tournament=other)
    register_players(other, players[10:], count=4, user=director)
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    head = make_user("hauptschiri", role=GlobalRole.HEAD_REFEREE)
    for tournament in (t, other):
        tournament.staff.create(user=referee, role=StaffRole.REFEREE)
    t.staff.create(user=head, role=StaffRole.HEAD_REFEREE)

    def give(tournament, player, kind):
        return referees_services.warning_give(
            tournament=tournament,
            player=player,
            kind=kind,
            ground=WarningGround.UNSPORTING,
            user=referee,
        )

    give(t, players[0], WarningKind.RED)
    withdrawn = give(t, players[1], WarningKind.RED)
    referees_services.warning_withdraw(warning=withdrawn, reason="Verwechslung", user=head)
    give(t, players[2], WarningKind.YELLOW)
    give(t, players[3], WarningKind.UNOFFICIAL)
    give(other, players[10], WarningKind.RED)
    return t, other, director


def test_red_cards_in_force_are_the_red_ones_not_withdrawn(cards, players):
    t, other, _ = cards

    assert set(
        PlayerWarning.objects.red_cards_in_force().values_list("tournament_id", "player_id")
    ) == {(t.pk, players[0].pk), (other.pk, players[10].pk)}


def test_every_reader_excludes_the_same_players(cards, players):
    t, other, _ = cards

    assert referees_selectors.excluded_player_ids(t) == frozenset({players[0].pk})
    assert [w.player_id for w in referees_selectors.exclusions(t)] == [players[0].pk]
    assert rounds_field.next_round_status(t).excluded == (players[0].pk,)
    assert tournament_inputs([t.pk, other.pk]).excluded == frozenset(
        {(t.pk, players[0].pk), (other.pk, players[10].pk)}
    )
    history = {p: player_history(players[p], user=None)[0].excluded for p in (0, 1, 2, 3)}
    assert history == {0: True, 1: False, 2: False, 3: False}
