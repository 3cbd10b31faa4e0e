"""Texts the site stores in a record and shows later in the reader's language (issue 17): a
round's pairing notice is stored as msgid and values, not in the drawing director's language."""

from __future__ import annotations

import json
from datetime import date

from django.utils import translation

from tournaments.apps import _shown_value
from tournaments.domain import text
from tournaments.domain.pairing import PairingReport
from tournaments.domain.text import from_record, render, to_record


def shown(record: str) -> str:
    """What a page shows of the record, in the active language (Round.notice_text)."""
    return render(from_record(record))


REPORT = PairingReport(
    repeated_pairs=4,
    max_meetings=2,
    consecutive_repeats=4,
    excess_rank_spread=0,
    repeated=((1, 2), (3, 4), (5, 6), (7, 8)),
)


def test_a_notice_is_stored_as_msgid_and_values_whatever_the_language():
    with translation.override("de"):
        record = to_record(REPORT.notice())
    assert json.loads(record) == {
        "msgid": (
            "%(n)s pairs of players meet again, %(last)s of them already in the previous round. "
            "With this field it could not be avoided."
        ),
        "values": {"last": 4, "n": 4},
    }
    assert to_record(None) == ""


def test_a_stored_notice_is_shown_in_the_readers_language():
    record = to_record(REPORT.notice())
    with translation.override("de"):
        german = shown(record)
    with translation.override("en"):
        english = shown(record)
    assert german == (
        "4 Spielerpaare treffen erneut aufeinander, davon 4 schon in der vorigen Runde. "
        "Bei diesem Teilnehmerfeld ließ sich das nicht vermeiden."
    )
    assert english == (
        "4 pairs of players meet again, 4 of them already in the previous round. "
        "With this field it could not be avoided."
    )


def test_a_notice_stored_as_text_before_is_shown_as_it_is():
    old = "2 Spielerpaare treffen erneut aufeinander."
    with translation.override("en"):
        assert shown(old) == old
        assert shown("") == ""
        assert shown("[1, 2]") == "[1, 2]"


def test_the_core_alone_writes_dates_as_iso():
    """Without the site's format (a script) a message's date is ISO 8601."""
    note = text.message("Earliest start: %(date)s.", date=date(2026, 12, 7))
    text.use_value_format(None)
    try:
        assert note.render(str) == "Earliest start: 2026-12-07."
    finally:
        text.use_value_format(_shown_value)
    with translation.override("de"):
        assert note.render(str) == "Earliest start: 07.12.2026."
