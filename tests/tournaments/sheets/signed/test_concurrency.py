"""Two desk people press "Alle am Tisch bestätigten Blätter übernehmen" at the same moment:
every signed sheet is confirmed once; the second pass finds it confirmed (issue 28.4).

Runs on PostgreSQL only (CI run 2): real concurrent transactions in two threads, each with its
own connection, meeting at a barrier just before the round's lock.
"""

import threading

import pytest
from django.db import connection, connections

from tests.support.builders import (
    FIXED_SHEET,
    make_released_round,
    make_table_entry,
    make_user,
    sign_table_entry,
)
from tournaments.models import Player, SheetVersion
from tournaments.sheets.signed.services import Left, SignedTakeOver, sheets_confirm_signed
from tournaments.simulation.players import demo_player_rows

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="Echte Parallelität nur mit PostgreSQL."
    ),
]


def test_two_passes_at_once_confirm_each_signed_sheet_once():
    director = make_user("leiterin")
    first, second = make_user("orga1"), make_user("orga2")
    players = Player.objects.bulk_create([Player(**r) for r in demo_player_rows(8)])
    _, rnd = make_released_round(
        director=director, players=players, count=8, seed=2, desk=[first, second]
    )
    for table in rnd.tables.all():
        version = make_table_entry(table, FIXED_SHEET, letter="A")
        sign_table_entry(version, dict.fromkeys("BCD", "confirmed"))

    barrier = threading.Barrier(2)
    results: dict[str, SignedTakeOver] = {}

    def take_over(user):
        try:
            barrier.wait(timeout=10)
            results[user.username] = sheets_confirm_signed(rnd=rnd, user=user)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=take_over, args=(user,)) for user in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(results.values(), key=lambda r: len(r.confirmed)) == [
        SignedTakeOver(confirmed=(), left=(Left(1, "confirmed"), Left(2, "confirmed"))),
        SignedTakeOver(confirmed=(1, 2), left=()),
    ]
    confirmations = SheetVersion.objects.filter(action="confirmed")
    assert confirmations.count() == 2
    winner = next(name for name, r in results.items() if r.confirmed)
    assert set(confirmations.values_list("created_by__username", flat=True)) == {winner}
