"""A venue day simulated in one process: the central state at checkout is kept, the venue's
work runs through the real services inside a savepoint (in venue mode), its document is
exported, and the savepoint is rolled back, so the central database is as it was checked out.
The upload then brings the venue's work back through `venue_upload_receive`."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from django.db import transaction
from django.test import override_settings

from tests.support.builders import make_user, play_tournament
from tournaments.enums import GlobalRole
from tournaments.models import VenueCheckout
from tournaments.venue.document import players_snapshot, tournament_document
from tournaments.venue.signing import sign_document

MADE_AT = datetime(2026, 6, 7, 12, 0, tzinfo=UTC)


def checkout_make(tournament, *, user=None) -> VenueCheckout:
    """A checkout as the central service makes it: a key of its own, the players' base rows."""
    return VenueCheckout.objects.create(
        tournament=tournament,
        key=secrets.token_urlsafe(40),
        software_version="1.0",
        checked_out_by=user,
        players_base=players_snapshot(tournament=tournament),
    )


def document_of(checkout, sequence: int, *, made_at=MADE_AT) -> dict:
    return tournament_document(
        tournament=checkout.tournament, checkout=checkout, sequence=sequence, made_at=made_at
    )


def envelope(checkout, document: dict, *, key: str | None = None) -> str:
    return sign_document(checkout_uuid=checkout.uuid, key=key or checkout.key, document=document)


def at_venue(checkout, work: Callable[[], object], *, sequence: int) -> dict:
    """Run ``work`` as the venue would, export the document ``sequence``, undo the work here."""
    sid = transaction.savepoint()
    try:
        with override_settings(VENUE_MODE=True):
            work()
        checkout.tournament.refresh_from_db()
        return document_of(checkout, sequence)
    finally:
        transaction.savepoint_rollback(sid)
        checkout.tournament.refresh_from_db()


@pytest.fixture
def staff(db):
    return {
        "director": make_user("leiterin", role=GlobalRole.DIRECTOR),
        "desk": make_user("orga"),
    }


@pytest.fixture
def running(staff, players):
    """A city championship (3 rounds, 8 players) with round 1 played centrally, checked out."""
    t = play_tournament(director=staff["director"], desk=staff["desk"], players=players, rounds=1)
    return checkout_make(t, user=staff["director"])


def row_counts() -> dict[str, int]:
    """Rows of every model of the site: "nothing changed" means these stay."""
    from django.apps import apps

    return {
        m._meta.label: m.objects.count()
        for app in ("tournaments", "ranking")
        for m in apps.get_app_config(app).get_models()
    }


@pytest.fixture
def results_signals():
    """The tournament ids every `results_changed` (the ranking's recompute) was sent with."""
    from tournaments.common import events

    sent: list[int] = []

    def receiver(sender, tournament_id, **kwargs):
        sent.append(tournament_id)

    events.results_changed.connect(receiver, dispatch_uid="venue-test-counter")
    yield sent
    events.results_changed.disconnect(dispatch_uid="venue-test-counter")


def play(t, staff, rounds: int = 1):
    """The venue's work: the next ``rounds`` rounds paired, entered, confirmed, published."""
    from tests.support.builders import play_next_round

    def work():
        for _ in range(rounds):
            play_next_round(t, director=staff["director"], desk=staff["desk"])

    return work
