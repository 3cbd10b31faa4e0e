"""Two phones call, two referees take the same call at the same moment (issue #15.6): one call,
one taker, the other gets the conflict message.

Runs on PostgreSQL only: real concurrent transactions in two threads, each with its own
connection, meeting at a barrier just before the locked read.
"""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections

from tests.support.builders import make_released_round, make_user
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Player, RefereeCall
from tournaments.referees import calls as referee_calls
from tournaments.simulation.players import demo_player_rows

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="Echte Parallelität nur mit PostgreSQL."
    ),
]


def _world():
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    players = Player.objects.bulk_create([Player(**r) for r in demo_player_rows(8)])
    tournament, rnd = make_released_round(director=director, players=players, count=8, seed=2)
    referees = [make_user(f"schiri{i}", role=GlobalRole.REFEREE) for i in (1, 2)]
    for referee in referees:
        tournament.staff.create(user=referee, role=StaffRole.REFEREE)
    return rnd.tables.get(number=1), referees


def _run_together(*targets) -> None:
    threads = [threading.Thread(target=t) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)


def test_two_phones_calling_at_once_make_one_call():
    table, _referees = _world()
    barrier = threading.Barrier(2)
    ids: list[int] = []

    def call(device):
        try:
            barrier.wait(timeout=10)
            ids.append(referee_calls.referee_call_open(table=table, device=device).pk)
        finally:
            connections.close_all()

    _run_together(lambda: call("a"), lambda: call("b"))
    assert len(ids) == 2 and ids[0] == ids[1]
    assert RefereeCall.objects.count() == 1


def test_two_referees_taking_at_once_one_takes_the_other_is_told():
    table, referees = _world()
    call = referee_calls.referee_call_open(table=table, reason="Frage")
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def take(user):
        try:
            barrier.wait(timeout=10)
            referee_calls.referee_call_take(call=call, user=user)
            outcomes[user.username] = "taken"
        except ValidationError as exc:
            outcomes[user.username] = exc.messages[0]
        finally:
            connections.close_all()

    _run_together(lambda: take(referees[0]), lambda: take(referees[1]))
    winner = next(name for name, result in outcomes.items() if result == "taken")
    loser = next(name for name in outcomes if name != winner)
    assert outcomes[loser].startswith(f"Den Ruf von Tisch 1 hat bereits {winner} um ")
    call.refresh_from_db()
    assert call.taken_by.username == winner
