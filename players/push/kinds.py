"""The kinds of push message (issue 34): who may choose each, the templates, a sample of each.

A message is templates/push/<kind>.txt: its first line is the title, the rest the body (one
short paragraph: a phone shows two or three lines). It is rendered in the device's language from
the plain values stored with the delivery; `prepare` turns stored ISO dates into the language's
format there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.template import Context
from django.template.loader import get_template
from django.utils import translation

from players.models import PushKind
from tournaments.common.formats import local_format

PLAYER_KINDS = (
    PushKind.TABLE,
    PushKind.PUBLISHED,
    PushKind.CORRECTION,
    PushKind.MOVED_UP,
    PushKind.CHECK_IN,
)
"""Chosen on a player's device (a player account)."""
REFEREE_KINDS = (PushKind.CALL,)
"""Chosen on a referee's device (a referee of some tournament)."""
HEAD_REFEREE_KINDS = (PushKind.DISPUTE,)
"""Chosen on a head referee's device."""
DESK_KINDS = (PushKind.ENTERED,)
"""Chosen on the desk's or a director's device."""

SAMPLES: dict[str, dict[str, Any]] = {
    PushKind.TABLE: {
        "tournament": "Spring Open 2026",
        "round": 2,
        "table": 7,
        "seat": "B",
        "reserve": False,
        "starter": "Lovelace, Ada",
    },
    PushKind.PUBLISHED: {"tournament": "Spring Open 2026", "round": 2, "rank": 5, "ranked": 40},
    PushKind.CORRECTION: {
        "tournament": "Spring Open 2026",
        "round": 2,
        "table": 7,
        "changes": [{"game": 2, "before": "-10", "after": "+45"}],
        "reason": "Game 2 entered the wrong way round",
    },
    PushKind.MOVED_UP: {"tournament": "Spring Open 2026", "date": "2026-05-03"},
    PushKind.CHECK_IN: {"tournament": "Spring Open 2026", "closes": "2026-05-03T09:30:00+02:00"},
    PushKind.CALL: {
        "tournament": "Spring Open 2026",
        "round": 2,
        "table": 6,
        "reason": "Tile dropped",
    },
    PushKind.DISPUTE: {
        "tournament": "Spring Open 2026",
        "round": 2,
        "table": 6,
        "letter": "C",
        "note": "Game 3 was -25, not -52",
    },
    PushKind.ENTERED: {"tournament": "Spring Open 2026", "round": 2, "tables": 10},
}


@dataclass(frozen=True)
class Message:
    title: str
    body: str


def _prepare(kind: str, stored: dict[str, Any]) -> dict[str, Any]:
    values = dict(stored)
    if kind == PushKind.MOVED_UP and values.get("date"):
        values["date"] = local_format(date.fromisoformat(values["date"]), "DATE_FORMAT")
    if kind == PushKind.CHECK_IN and values.get("closes"):
        values["closes"] = local_format(datetime.fromisoformat(values["closes"]), "TIME_FORMAT")
    return values


def message_render(*, kind: str, language: str, context: dict[str, Any]) -> Message:
    """Title and body in `language` (plain text: no HTML escaping; the browser shows text)."""
    with translation.override(language):
        template = get_template(f"push/{kind}.txt").template
        text = template.render(Context(_prepare(kind, context), autoescape=False))
    first, _newline, rest = text.lstrip("\n").partition("\n")
    return Message(title=first.strip(), body=" ".join(rest.split()))
