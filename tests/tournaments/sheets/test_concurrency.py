"""Two desk users save the same sheet at the same moment: one wins, the other gets a conflict.

Runs on PostgreSQL only (CI run 2): real concurrent transactions in two threads, each with its
own connection, meeting at a barrier just before the locked read.
"""

import threading

import pytest
from django.db import connection, connections

from tests.support.builders import make_released_round, make_user
from tournaments.models import Player, SheetVersion
from tournaments.sheets import services as sheet_services
from tournaments.simulation.players import demo_player_rows

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="Echte Parallelität nur mit PostgreSQL."
    ),
]


def games(a: int) -> list[dict]:
    return [
        {"number": n, "scores": {"A": a, "B": -10, "C": -20, "D": -(a - 30)}} for n in range(1, 5)
    ]


def test_two_concurrent_saves_end_in_one_version_and_one_conflict():
    director = make_user("leiterin")
    first, second = make_user("orga1"), make_user("orga2")
    players = Player.objects.bulk_create([Player(**r) for r in demo_player_rows(8)])
    _, rnd = make_released_round(
        director=director, players=players, count=8, seed=2, desk=[first, second]
    )
    table = rnd.tables.get(number=1)

    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def save(user, points):
        try:
            barrier.wait(timeout=10)
            sheet_services.sheet_save(
                table=table, games=games(points), expected_version=0, user=user
            )
            outcomes[user.username] = "saved"
        except sheet_services.SheetConflict:
            outcomes[user.username] = "conflict"
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=save, args=(first, 60)),
        threading.Thread(target=save, args=(second, 80)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes.values()) == ["conflict", "saved"]
    versions = list(SheetVersion.objects.all())
    assert len(versions) == 1
    winner = next(name for name, result in outcomes.items() if result == "saved")
    assert versions[0].created_by.username == winner
