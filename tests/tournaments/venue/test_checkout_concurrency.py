"""A check-out while a write of the tournament is in flight (issue 18): the write finishes
first and is in the central copy the venue gets; a write after the check-out is refused.
No deadlock although the write locks the tournament row the check-out locks too. Runs on
PostgreSQL only (real concurrent transactions, one connection per thread)."""

import threading
import time

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections, transaction

from tests.support.builders import make_tournament, make_user
from tournaments.common import guards
from tournaments.enums import GlobalRole
from tournaments.models import Tournament, VenueCheckout
from tournaments.setup import services as setup_services
from tournaments.venue import checkout as venue

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="real concurrency: PostgreSQL"),
]


def test_a_write_in_flight_finishes_before_the_checkout():
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    t = make_tournament(director=director, open=True)
    writing, checking_out = threading.Event(), threading.Event()
    done: dict[str, object] = {}

    def write():
        try:
            with transaction.atomic():
                guards.require_not_checked_out(t)  # the guard passed: its shared lock is held
                writing.set()
                checking_out.wait(timeout=10)
                time.sleep(0.5)  # the check-out is waiting now
                setup_services.tournament_update(tournament=t, name="Neuer Name")
                done["write_committed_at"] = time.monotonic()
            done["write"] = "ok"
        except Exception as error:  # noqa: BLE001 - reported below
            done["write"] = repr(error)
        finally:
            connections.close_all()

    def check_out():
        try:
            writing.wait(timeout=10)
            checking_out.set()
            venue.venue_checkout_open(tournament=t, by=director)
            done["checkout_at"] = time.monotonic()
            done["checkout"] = "ok"
        except Exception as error:  # noqa: BLE001 - reported below
            done["checkout"] = repr(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write), threading.Thread(target=check_out)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert (done["write"], done["checkout"]) == ("ok", "ok")
    assert done["checkout_at"] > done["write_committed_at"]
    assert Tournament.objects.get(pk=t.pk).name == "Neuer Name"
    assert VenueCheckout.objects.filter(tournament=t).count() == 1
    with pytest.raises(ValidationError):
        setup_services.tournament_update(tournament=t, name="Zu spät")
