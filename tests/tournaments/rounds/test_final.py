"""The final round (SPEC §1): who is drawn into it."""

from __future__ import annotations

import random

from tests.support.builders import (
    make_tournament,
    make_user,
    play_round,
    register_players,
)
from tournaments.enums import (
    GlobalRole,
    RoundStatus,
    StaffRole,
    TournamentStatus,
    WarningGround,
    WarningKind,
)
from tournaments.models import Registration, Round, Tournament
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services


def test_finalists_skip_a_red_carded_leader(db, director, players):
    """Default final (SPEC §1): the top four of the preliminaries, never an excluded player."""
    t = make_tournament(
        director=director,
        name="Einsteiger",
        category="beginners",
        rounds_planned=2,
        has_final=True,
    )
    registration_services.tournament_open_registration(tournament=t)
    register_players(t, players, count=8)
    desk = make_user("orga")
    t.staff.create(user=desk, role=StaffRole.DESK)
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    for seed in (1, 2):
        rnd = round_services.round_pair_next(tournament=t, user=director, seed=seed)
        round_services.round_release(rnd=rnd, user=director)
        play_round(rnd, director=director, desk=desk, rng=random.Random(seed))
    top = rounds_selectors.finalists(t)
    referees_services.warning_give(
        tournament=t,
        player=Registration.objects.get(tournament=t, player_id=top[0]).player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
    )

    final = round_services.round_pair_next(tournament=t, user=director, seed=3)

    seated = set(final.seats.values_list("player_id", flat=True))
    assert top[0] not in seated
    assert len(seated) == 4 and set(top[1:4]) <= seated
    assert Tournament.objects.get(pk=t.pk).status == TournamentStatus.RUNNING
    assert Round.objects.get(pk=final.pk).status == RoundStatus.DRAWN
