"""Texts the site stores in a record and shows later in the reader's language (issue 17): a
round's pairing notice is stored as msgid and values, not in the drawing director's language."""

from __future__ import annotations

import json
from datetime import date

import pytest
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


# --- Records of messages within messages (issue 27: the change log of a round) ---------------

TAKEN_OUT = text.message(
    "%(name)s is excluded (red card) and was taken out of this draw; the round could not be "
    "drawn again without them: %(reason)s Please make the field fit (e.g. check in a "
    "reserve), then draw the round again.",
    name="Anna Alt",
    reason=text.sentences(
        text.plural_message(
            "%(count)s player is excluded (red card) and is not seated.",
            "%(count)s players are excluded (red card) and are not seated.",
            count=1,
        ),
        text.message(
            "%(players)s players: exactly %(needed)s reserves are needed (Klub 6.1), "
            "%(reserves)s are checked in.",
            players=7,
            needed=1,
            reserves=0,
        ),
    ),
)


def test_messages_within_a_message_are_stored_as_records_too():
    record = to_record(TAKEN_OUT)

    assert json.loads(record) == {
        "msgid": TAKEN_OUT.text,
        "values": {
            "name": "Anna Alt",
            "reason": {
                "sentences": [
                    {
                        "msgid": "%(count)s player is excluded (red card) and is not seated.",
                        "plural": "%(count)s players are excluded (red card) and are not seated.",
                        "values": {"count": 1},
                    },
                    {
                        "msgid": "%(players)s players: exactly %(needed)s reserves are needed "
                        "(Klub 6.1), %(reserves)s are checked in.",
                        "values": {"needed": 1, "players": 7, "reserves": 0},
                    },
                ]
            },
        },
    }
    assert from_record(record) == TAKEN_OUT


def test_a_stored_message_within_a_message_is_shown_in_the_readers_language():
    with translation.override("de"):
        record = to_record(TAKEN_OUT)
    with translation.override("de"):
        german = shown(record)
    with translation.override("en"):
        english = shown(record)

    assert german == (
        "Anna Alt ist ausgeschlossen (Rote Karte) und wurde aus dieser Auslosung genommen; ohne "
        "Anna Alt ließ sich die Runde nicht neu auslosen: 1 Spieler ist ausgeschlossen (Rote "
        "Karte) und wird nicht gesetzt. 7 Spieler: es werden genau 1 Ersatzspieler gebraucht "
        "(Klub 6.1), eingecheckt sind 0. Bitte das Feld passend machen (z. B. einen "
        "Ersatzspieler einchecken) und die Runde dann neu auslosen."
    )
    assert english == (
        "Anna Alt is excluded (red card) and was taken out of this draw; the round could not be "
        "drawn again without them: 1 player is excluded (red card) and is not seated. 7 "
        "players: exactly 1 reserves are needed (Klub 6.1), 0 are checked in. Please make the "
        "field fit (e.g. check in a reserve), then draw the round again."
    )


@pytest.mark.parametrize(
    ("count", "german", "english"),
    [
        (
            1,
            "1 Spieler ist ausgeschlossen (Rote Karte) und wird nicht gesetzt.",
            "1 player is excluded (red card) and is not seated.",
        ),
        (
            2,
            "2 Spieler sind ausgeschlossen (Rote Karte) und werden nicht gesetzt.",
            "2 players are excluded (red card) and are not seated.",
        ),
    ],
)
def test_a_plural_message_takes_the_form_its_count_asks_for(count, german, english):
    note = text.plural_message(
        "%(count)s player is excluded (red card) and is not seated.",
        "%(count)s players are excluded (red card) and are not seated.",
        count=count,
    )
    record = to_record(note)
    with translation.override("de"):
        assert (str(note), shown(record)) == (german, german)
    with translation.override("en"):
        assert (str(note), shown(record)) == (english, english)
    assert note.render(str) == english  # another translator: the English form by count


def test_sentences_leave_out_empty_parts_and_keep_plain_text_as_it_is():
    note = text.sentences(text.message("Pairing released."), "", "Grund: Rollstuhl")

    assert note.parts == (text.message("Pairing released."), "Grund: Rollstuhl")
    with translation.override("en"):
        assert shown(to_record(note)) == "Pairing released. Grund: Rollstuhl"
    with translation.override("de"):
        assert shown(to_record(note)) == "Paarung freigegeben. Grund: Rollstuhl"


@pytest.mark.parametrize(
    "stored",
    [
        '{"msgid": 3}',
        '{"msgid": "Pairing released.", "values": [1]}',
        '{"sentences": [1, 2]}',
        '{"sentences": "Pairing released."}',
    ],
)
def test_json_that_holds_no_message_is_plain_text(stored):
    with translation.override("de"):
        assert text.render_record(stored) == stored
