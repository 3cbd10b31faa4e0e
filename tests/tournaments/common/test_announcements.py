"""Every write service that can change what the public sees announces it through `events`
(issue #19.1): a new service that writes and forgets to announce fails here until it announces
or is listed below with the reason its writes are not public.

Calls are followed within the module and into the other services modules (a service calling a
helper or another area's service that announces counts).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3] / "tournaments"
MODULES = sorted(
    p
    for p in [
        *ROOT.glob("*/services.py"),
        *ROOT.glob("*/*/services.py"),
        ROOT / "registration/guests.py",
        ROOT / "referees/calls.py",
    ]
    if p.exists()
)
WRITES = {"save", "create", "update", "delete", "bulk_create", "bulk_update", "get_or_create"}

NOT_PUBLIC = {
    "finals/services.py": {},
    "referees/services.py": {
        "ruling_record": "rulings are staff-only; a result they change is a sheet correction",
        "ruling_decide_finally": "as above",
    },
    "registration/services.py": {
        "registrations_check_in_all": "check-in is shown to staff only",
        "team_create": "an empty team shows nowhere until players are put in it (announced there)",
    },
    "registry/services.py": {},
    "privacy/services.py": {
        "erasure_request_file": "a request is for the federation admin only; its execution is "
        "announced",
    },
    "results/services.py": {
        "scored_lines_store": "called by the sheet services inside the write they announce",
    },
    "rounds/services.py": {
        "round_swap_players": "only a drawn round, not public before its release (announced)",
        "round_move_player": "as above",
        "pin_set": "pins act on the next draw, which is announced at its release",
        "round_redraw": "only a drawn round, not public before its release (announced)",
        "round_take_out": "as above: a red card takes the player out of a drawn round",
    },
    "mail/services.py": {
        "mail_queue": "an e-mail is for its recipient only; its occasion announces itself",
        "mail_send": "as above: marks the mail sent",
        "mail_sweep": "as above: enqueues unsent mails again, deletes old ones",
        "mail_forget": "as above: strikes an erased person's addresses from the outbox",
    },
    "venue/laptop/services.py": {
        "attempt_record": "the laptop's own upload state, shown to the director only",
        "content_refresh": "as above: the sequence number of the next upload",
        "envelope_sign": "as above",
        "publication_noted": "as above: marks that the next upload is due now",
        "local_director_ensure": "a login on the laptop, shown nowhere",
        "package_load": "loads into an empty database (refused otherwise): no page was cached",
        "backup_restore": "as above",
        "line_seen": "what the line probe saw: the status light, shown to the director only",
    },
    "setup/services.py": {
        "tournament_create": "a new tournament is a draft, not public until registration opens",
        "staff_assign": "staff are not shown publicly",
        "staff_unassign": "as above",
    },
}


def _facts(module: Path) -> dict[str, tuple[bool, bool, set[str]]]:
    """Per function: writes itself, announces itself, names of the functions it calls."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    facts = {}
    for fn in (f for f in tree.body if isinstance(f, ast.FunctionDef)):
        writes = announces = False
        calls = set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                announces = announces or name.startswith("events.")
                last = name.rsplit(".", 1)[-1]
                writes = writes or last in WRITES or last == "_add_version"
                calls.add(last)
        facts[fn.name] = (writes, announces, calls)
    return facts


ALL = {str(m.relative_to(ROOT)): _facts(m) for m in MODULES}
ANNOUNCING: set[str] = set()
for _ in range(5):  # announcing spreads along calls, across modules
    for facts in ALL.values():
        ANNOUNCING |= {n for n, (_, a, calls) in facts.items() if a or calls & ANNOUNCING}


def _writes_and_announces(module: Path) -> dict[str, tuple[bool, bool]]:
    facts = ALL[str(module.relative_to(ROOT))]

    def writes(name, seen):
        w, _, calls = facts[name]
        return w or any(writes(c, seen | {c}) for c in calls - seen if c in facts)

    return {n: (writes(n, {n}), n in ANNOUNCING) for n in facts if not n.startswith("_")}


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_public_write_is_announced(module):
    key = str(module.relative_to(ROOT))
    exempt = NOT_PUBLIC.get(key, {})
    silent = sorted(
        name
        for name, (writes, announces) in _writes_and_announces(module).items()
        if writes and not announces and name not in exempt
    )
    assert silent == []


def test_the_exemptions_are_real():
    """Each exemption names a service that exists, writes and does not announce: a stale entry
    would hide the next forgotten announcement."""
    facts = {str(m.relative_to(ROOT)): _writes_and_announces(m) for m in MODULES}
    stale = [
        f"{key}:{name}"
        for key, exempt in NOT_PUBLIC.items()
        for name in exempt
        if facts.get(key, {}).get(name) != (True, False)
    ]
    assert stale == []
