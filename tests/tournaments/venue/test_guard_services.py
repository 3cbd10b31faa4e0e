"""Issue 18, acceptance 7: while a tournament is checked out to a venue, every tournament write
service refuses centrally; and once a tournament is finished every one refuses with the frozen
message (issue 27.4: SPEC §6, Klub 4.2.3, 10.4), but for those allow-listed in `AFTER_END`.
The list of services is not kept by hand: every public function of every write module of
`tournaments` is either declared with `guards.tournament_write` (and is called here while
checked out and once finished) or allow-listed below with its reason. A new service that is
neither fails `test_every_public_service_is_guarded_or_allow_listed`."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

import tournaments
from tests.support.builders import make_user
from tournaments.common import guards
from tournaments.enums import GlobalRole, SignupStatus, TournamentStatus
from tournaments.models import (
    PlayerWarning,
    Registration,
    ResultSheet,
    Ruling,
    SheetVersion,
    SignupRequest,
    Tournament,
    TournamentStaff,
)
from tournaments.referees import calls
from tournaments.venue.checkout import venue_checkout_open

READS = "reads or computes only"
REGISTRY = "the player registry stays editable while checked out (issue 18)"
DERIVED = "derived rows rebuilt from sheets (also by applying an upload), not tournament data"

#: Public functions of write modules that are deliberately NOT guarded, with the reason.
ALLOWED = {
    "tournaments.privacy.services.player_publish_name_set": REGISTRY,
    "tournaments.privacy.services.erasure_request_file": REGISTRY,
    "tournaments.privacy.services.erasure_execute": REGISTRY
    + "; refused anyway while the player's tournament is not finished",
    "tournaments.registry.services.decode_csv": READS,
    "tournaments.registry.services.players_csv_preview": READS,
    "tournaments.registry.services.players_csv_import": REGISTRY,
    "tournaments.registry.services.player_save": REGISTRY,
    "tournaments.results.services.scored_lines_store": DERIVED,
    "tournaments.results.services.scored_lines_rebuild": DERIVED,
    "tournaments.standings.snapshots.compute": READS,
    "tournaments.standings.snapshots.standings_snapshot": DERIVED,
    "tournaments.standings.snapshots.standings_places_many": DERIVED,
    "tournaments.standings.snapshots.standings_snapshots_store": DERIVED,
    "tournaments.standings.snapshots.snapshot_mismatches": READS,
    "tournaments.standings.snapshots.snapshots_forget": DERIVED,
    "tournaments.registration.services.registration_deadline": READS,
    "tournaments.registration.services.free_places": READS,
    "tournaments.registration.online.services.signup_closes_at": READS,
    "tournaments.registration.online.services.waiting_position": READS,
    "tournaments.registration.online.services.signup_mail_send": "queues the mail of a decision "
    "already taken (jobs from before the outbox), run by a task",
    "tournaments.setup.services.tournament_format_errors": READS,
    "tournaments.setup.services.tournament_create": "a new tournament: nothing of it is out",
}
#: Guarded services that still write to a finished tournament (the reason is in their
#: ``after_end`` declaration). Every other guarded service refuses it (Klub 4.2.3, 10.4).
AFTER_END = {
    "tournaments.merge.services.player_merge",
    "tournaments.setup.services.tournament_ranking_note_set",
}
#: Whole modules that write but are not tournament write services, with the reason.
ALLOWED_MODULES = {
    "tournaments.venue": "the venue mode itself: checkout, check-in, revoke and applying "
    "uploads work on a checked-out tournament",
    "tournaments.simulation": "demo and benchmark data, played through the guarded services",
    "tournaments.management": "commands call the services",
    "tournaments.migrations": "schema",
    "tournaments.common.guards": "the guards themselves",
    "tournaments.mail": "the outbox: queues and sends e-mails of writes already made (or "
    "refused) by their services; no tournament data",
}


def _write_modules() -> list[str]:
    """`services` modules and every other module that opens a transaction."""
    root = Path(tournaments.__file__).parent
    found = []
    for info in pkgutil.walk_packages([str(root)], prefix="tournaments."):
        if any(info.name.startswith(prefix) for prefix in ALLOWED_MODULES):
            continue
        path = root.joinpath(*info.name.split(".")[1:])
        source = path.with_suffix(".py")
        if info.ispkg or not source.exists():
            continue
        text = source.read_text(encoding="utf-8")
        if info.name.endswith(".services") or "transaction.atomic" in text:
            found.append(info.name)
    return sorted(found)


def _public_functions() -> dict[str, object]:
    functions = {}
    for name in _write_modules():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if attr.startswith("_") or not inspect.isfunction(value):
                continue
            if value.__module__ != name:  # imported from elsewhere
                continue
            functions[f"{name}.{attr}"] = value
    return functions


FUNCTIONS = _public_functions()
GUARDED = sorted(n for n, f in FUNCTIONS.items() if getattr(f, "venue_guarded", None))
FROZEN_GUARDED = sorted(n for n in GUARDED if not FUNCTIONS[n].after_end)


def test_the_scan_finds_the_known_write_modules():
    modules = _write_modules()
    for expected in (
        "tournaments.sheets.services",
        "tournaments.tableside.services",
        "tournaments.referees.calls",
        "tournaments.registration.guests",
        "tournaments.registration.online.services",
        "tournaments.clock.services",
        "tournaments.finals.services",
        "tournaments.merge.services",
    ):
        assert expected in modules
    assert len(GUARDED) == 50  # + round_redraw, round_take_out, require_check_in_place
    assert len(FROZEN_GUARDED) == 48


def test_only_the_listed_services_write_after_the_end():
    after_end = {n: FUNCTIONS[n].after_end for n in GUARDED if FUNCTIONS[n].after_end}
    assert sorted(after_end) == sorted(AFTER_END)
    assert all(isinstance(reason, str) and len(reason) > 20 for reason in after_end.values())


def test_every_public_service_is_guarded_or_allow_listed():
    neither = [n for n, f in FUNCTIONS.items() if not f.__dict__.get("venue_guarded")]
    assert sorted(set(neither) - set(ALLOWED)) == []
    assert sorted(set(ALLOWED) - set(neither)) == []  # no stale or contradicting entry


def _objects(w) -> dict:
    """One object of the world's tournament of every kind a service takes."""
    table = w.rnd.tables.order_by("number").first()
    referee = w.users["referee"]
    objects = {
        "tournament": w.t,
        "locked": w.t,
        "rnd": w.rnd,
        "table": table,
        "sheet": ResultSheet.objects.get_or_create(table=table, defaults={"round": w.rnd})[0],
        "registration": w.t.registrations.first(),
        "warning": w.give(w.seated(1, "A")),
        "ruling": w.record(),
        "call": calls.referee_call_open(table=table, reason="Frage"),
        "assignment": TournamentStaff.objects.get(tournament=w.t, user=referee),
        "request": SignupRequest.objects.create(
            tournament=w.t, player=w.players[20], status=SignupStatus.WAITING
        ),
        "kept": w.seated(1, "A"),
        "removed": w.players[21],
    }
    return objects


@pytest.fixture
def out(w):
    """The world's running tournament, checked out by its director, with its objects."""
    objects = _objects(w)
    venue_checkout_open(tournament=w.t, by=w.users["director"])
    return objects


@pytest.fixture
def ended(w):
    """The world's tournament, finished (as publishing its last round leaves it), with its
    objects."""
    objects = _objects(w)
    Tournament.objects.filter(pk=w.t.pk).update(status=TournamentStatus.FINISHED)
    return objects


def _counts() -> dict[str, int]:
    models = (Registration, SheetVersion, ResultSheet, PlayerWarning, Ruling, SignupRequest)
    return {m.__name__: m.objects.count() for m in models}


@pytest.mark.parametrize("name", GUARDED)
def test_each_guarded_service_refuses_while_checked_out(out, name):
    service = FUNCTIONS[name]
    via = service.venue_guarded
    arguments = {
        p.name: None
        for p in inspect.signature(service).parameters.values()
        if p.default is inspect.Parameter.empty
    }
    if callable(via):  # the merge: both registry entries
        arguments.update(kept=out["kept"], removed=out["removed"])
    else:
        arguments[via] = out[via]
    before = _counts()
    with pytest.raises(ValidationError) as refused:
        service(**arguments)
    assert refused.value.code == "checked_out"
    assert refused.value.messages == [guards.checked_out_message()]
    assert refused.value.messages[0].startswith("Das Turnier ist an den Spielort ausgecheckt")
    assert _counts() == before


@pytest.mark.parametrize("name", FROZEN_GUARDED)
def test_each_guarded_service_refuses_a_finished_tournament(ended, w, name):
    """Issue 27.4, Klub 4.2.3, 10.4 (SPEC §6): after the end only the commission changes
    anything; every write refuses with the sheets' message and changes nothing."""
    service = FUNCTIONS[name]
    arguments = {
        p.name: None
        for p in inspect.signature(service).parameters.values()
        if p.default is inspect.Parameter.empty
    }
    arguments[service.venue_guarded] = ended[service.venue_guarded]
    before = (_counts(), Tournament.objects.values().get(pk=w.t.pk))
    with pytest.raises(ValidationError) as refused:
        service(**arguments)
    assert refused.value.code == "frozen"
    assert refused.value.messages == [guards.FROZEN]
    assert refused.value.messages[0].startswith("Das Turnier ist beendet")
    assert (_counts(), Tournament.objects.values().get(pk=w.t.pk)) == before


def test_the_declaration_needs_a_tournament_argument():
    with pytest.raises(TypeError, match="no tournament argument"):

        @guards.tournament_write
        def player_rename(*, player, name):  # pragma: no cover - never called
            return None


def test_an_admin_checkout_guards_too(w):
    admin = make_user("verband2", role=GlobalRole.FEDERATION_ADMIN)
    venue_checkout_open(tournament=w.t, by=admin)
    with pytest.raises(ValidationError) as refused:
        guards.require_not_checked_out(w.rnd)
    assert refused.value.code == "checked_out"
