"""Two desk users save the same sheet at the same moment: one wins, the other gets a conflict.

Runs on PostgreSQL only (CI run 2): real concurrent transactions in two threads, each with its
own connection, meeting at a barrier just before the locked read.
"""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections, transaction

from tests.support.builders import make_released_round, make_user
from tournaments.models import Player, SheetVersion
from tournaments.rounds import services as round_services
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


def test_publication_waits_for_a_sheet_action_on_its_round():
    """Issue #19.2: marking a confirmed sheet "needs clarification" while the director publishes
    must not end in a published round with an unconfirmed sheet. The desk's transaction holds
    its locks until we let it commit; publication must wait for it, then refuse."""
    director = make_user("leiterin")
    desk = make_user("orga1")
    players = Player.objects.bulk_create([Player(**r) for r in demo_player_rows(4)])
    _, rnd = make_released_round(director=director, players=players, count=4, seed=2, desk=[desk])
    table = rnd.tables.get(number=1)
    sheet = sheet_services.sheet_save(table=table, games=games(60), expected_version=0, user=desk)
    sheet = sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=director)

    clarifying, release = threading.Event(), threading.Event()
    outcomes: dict[str, str] = {}

    def clarify():
        try:
            with transaction.atomic():
                sheet_services.sheet_needs_clarification(
                    sheet=sheet, expected_version=2, note="Spiel 3 unleserlich", user=desk
                )
                clarifying.set()
                release.wait(timeout=10)  # still inside the transaction: locks held
            outcomes["desk"] = "clarified"
        finally:
            connections.close_all()

    def publish():
        try:
            clarifying.wait(timeout=10)
            round_services.round_publish(rnd=rnd, user=director)
            outcomes["director"] = "published"
        except ValidationError as exc:
            outcomes["director"] = exc.messages[0]
        finally:
            connections.close_all()

    desk_thread, director_thread = (
        threading.Thread(target=clarify),
        threading.Thread(target=publish),
    )
    desk_thread.start()
    director_thread.start()
    director_thread.join(timeout=1)  # publication is blocked by the desk's round lock …
    blocked = director_thread.is_alive()
    release.set()  # … until the desk commits
    desk_thread.join(timeout=30)
    director_thread.join(timeout=30)

    rnd.refresh_from_db()
    assert blocked
    assert outcomes == {"desk": "clarified", "director": "Noch nicht bestätigt: Tisch 1."}
    assert rnd.status == "released"
