"""Issue #15.2: a phone sends the same form twice at the same moment (a retry racing the first
send): one version, both answers name it, no IntegrityError.

PostgreSQL only: real concurrent transactions in two threads, each with its own connection,
meeting at a barrier just before the service.
"""

import threading
import uuid

import pytest
from django.db import connection, connections

from tests.support.builders import FIXED_SHEET, make_released_round, make_user
from tournaments.models import Player, SheetVersion
from tournaments.simulation.players import demo_player_rows
from tournaments.tableside import services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="Echte Parallelität nur mit PostgreSQL."
    ),
]


def test_two_sends_of_one_form_at_once_write_one_version():
    director = make_user("leiterin")
    players = Player.objects.bulk_create([Player(**r) for r in demo_player_rows(4)])
    _, rnd = make_released_round(director=director, players=players, count=4, seed=2)
    table = rnd.tables.get(number=1)
    key = uuid.uuid4()
    barrier = threading.Barrier(2)
    results: list[object] = []

    def send():
        try:
            barrier.wait(timeout=10)
            version = services.sheet_enter_at_table(
                table=table,
                games=FIXED_SHEET,
                filled_in_by="A",
                device="abc123def456 · Chrome",
                submission_key=key,
                expected_version=0,
            )
            results.append(version.pk)
        except Exception as exc:  # the test reports whatever went wrong
            results.append(repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    versions = list(SheetVersion.objects.filter(sheet__table=table).values_list("pk", flat=True))
    assert len(versions) == 1
    assert results == [versions[0], versions[0]]
