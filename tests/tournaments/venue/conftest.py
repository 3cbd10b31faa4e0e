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
        for app in ("tournaments", "players", "ranking")
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


@pytest.fixture
def crew(staff, running):
    """The referee and the head referee of the checked-out tournament."""
    from tournaments.enums import StaffRole

    t = running.tournament
    crew = {
        "referee": make_user("schiri", role=GlobalRole.REFEREE),
        "head": make_user("hauptschiri", role=GlobalRole.HEAD_REFEREE),
    }
    t.staff.create(user=crew["referee"], role=StaffRole.REFEREE)
    t.staff.create(user=crew["head"], role=StaffRole.HEAD_REFEREE)
    return {**staff, **crew}


SUBMISSION = "6f1c2a1e-0000-4000-8000-000000000001"


def eventful_round(t, crew, *, publish: bool = True):
    """A round with a bit of everything: a pin, a clock, a warning given and withdrawn, a
    ruling handed to the head referee and decided finally, a referee call closed with the
    warning, table 1 entered at the table (sent twice) and signed there, then confirmed at the
    desk like every other table, and published."""
    from tests.support.builders import fixed_games
    from tournaments.clock import services as clock
    from tournaments.enums import WarningGround, WarningKind
    from tournaments.models import Seat
    from tournaments.referees import calls
    from tournaments.referees import services as referees
    from tournaments.rounds import services as rounds
    from tournaments.sheets import services as sheets
    from tournaments.tableside import services as tableside

    director, desk = crew["director"], crew["desk"]

    def work():
        first = t.registrations.order_by("player__last_name").first().player
        rounds.pin_set(
            tournament=t, player=first, table_number=2, reason="Rollstuhl", user=director
        )
        rnd = rounds.round_pair_next(tournament=t, user=director, seed=11)
        rnd = rounds.round_release(rnd=rnd, user=director)
        clock.round_clock_start(rnd=rnd, user=director, minutes=90)
        seat = Seat.objects.filter(round=rnd).order_by("table__number", "letter").first()
        warning = referees.warning_give(
            tournament=t, player=seat.player, kind=WarningKind.YELLOW, user=crew["referee"],
            ground=WarningGround.UNSPORTING, rnd=rnd, game_number=2,
        )  # fmt: skip
        mistake = referees.warning_give(
            tournament=t, player=seat.player, kind=WarningKind.YELLOW, user=crew["referee"],
            ground=WarningGround.DROPPED_TILES,
        )  # fmt: skip
        referees.warning_withdraw(warning=mistake, reason="Verwechselt", user=crew["head"])
        ruling = referees.ruling_record(
            tournament=t, question="Joker?", decision="Nein", user=crew["referee"],
            objections=3, rnd=rnd, table_number=1, game_number=1,
        )  # fmt: skip
        referees.ruling_decide_finally(ruling=ruling, decision="Doch", user=crew["head"])
        call = calls.referee_call_open(table=seat.table, reason="Streit", device="dev-9")
        calls.referee_call_take(call=call, user=crew["referee"])
        calls.referee_call_close(call=call, user=crew["referee"], outcome="Gelb", warning=warning)
        table = seat.table
        letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
        for _ in range(2):  # the phone sends the form twice
            tableside.sheet_enter_at_table(
                table=table, games=fixed_games(letters), filled_in_by="A", device="dev-1",
                submission_key=SUBMISSION, expected_version=0,
            )  # fmt: skip
        for letter in letters[1:]:
            tableside.sheet_signoff(
                table=table, version_number=1, letter=letter, verdict="confirmed",
                device=f"dev-{letter}",
            )  # fmt: skip
        sheet = table.sheet
        sheet.refresh_from_db()
        sheets.sheet_confirm(sheet=sheet, expected_version=1, user=desk)
        rest = {
            x.number: fixed_games(tuple(sorted(x.seats.values_list("letter", flat=True))))
            for x in rnd.tables.exclude(pk=table.pk)
        }
        for x in rnd.tables.exclude(pk=table.pk).order_by("number"):
            s = sheets.sheet_save(table=x, games=rest[x.number], expected_version=0, user=desk)
            sheets.sheet_confirm(sheet=s, expected_version=1, user=director)
        if publish:
            rounds.round_publish(rnd=rnd, user=director)

    return work


def doc_diff(a, b, path: str = "") -> list[str]:
    """Where two documents differ (paths with both values), for readable assertions."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [
            d
            for k in sorted(set(a) | set(b), key=str)
            for d in doc_diff(a.get(k, "<missing>"), b.get(k, "<missing>"), f"{path}.{k}")
        ]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        pairs = enumerate(zip(a, b, strict=True))
        return [d for i, (x, y) in pairs for d in doc_diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]
