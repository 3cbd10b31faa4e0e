"""The change log of a round in the reader's language (issue 27): a pairing change is stored as
msgid and values, so a director reading in English sees English what a German request wrote,
and the other way round; rows written as plain text before are shown as they are."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tests.support.builders import (
    give_warning,
    make_drawn_round,
    make_house_tournament,
    make_user,
    register_players,
)
from tests.support.reading import flashed, player_at
from tournaments.domain.text import message, render_record, to_record
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import PairingChange, Seat
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db

LANGUAGES = pytest.mark.parametrize(("written", "read"), [("de", "en"), ("en", "de")])


@pytest.fixture(autouse=True)
def _german_after():
    """A request in English leaves its language active in this thread: German again after."""
    yield
    translation.deactivate()


def in_language(language: str, change: PairingChange) -> str:
    with translation.override(language):
        return change.description_text


def red_card(t, player, **extra):
    """A red card by the tournament's referee (Klub 4.5.1): a drawn round is drawn again."""
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    return give_warning(t, player, kind=WarningKind.RED, user=referee, **extra)


def swap_texts(a, b) -> dict[str, str]:
    """A swap of the players at 1 A and 2 C."""
    return {
        "de": f"Getauscht: {a.full_name} (jetzt Tisch 2 C) und {b.full_name} (jetzt Tisch 1 A).",
        "en": f"Swapped: {a.full_name} (now table 2 C) and {b.full_name} (now table 1 A).",
    }


@LANGUAGES
def test_a_swap_reads_in_the_readers_language(round_one, director, written, read):
    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "C")

    with translation.override(written):
        change = round_services.round_swap_players(
            rnd=round_one, player_a=a, player_b=b, user=director
        )

    texts = swap_texts(a, b)
    assert in_language(read, change) == texts[read]
    assert in_language(written, change) == texts[written]
    with translation.override(read):
        assert str(change) == texts[read]


@LANGUAGES
def test_a_repeat_meeting_warning_reads_in_the_readers_language(
    round_two, director, repeat_swap, written, read
):
    first, second = round_two
    x, y, z = repeat_swap(first, second)
    px, py = (Seat.objects.get(round=second, player_id=pid).player for pid in (x, y))
    pz = Seat.objects.get(round=second, player_id=z).player
    (x_table, x_letter), (y_table, y_letter) = (
        (s.table.number, s.letter)
        for s in (
            Seat.objects.select_related("table").get(round=second, player=p) for p in (px, py)
        )
    )

    with translation.override(written):
        change = round_services.round_swap_players(
            rnd=second, player_a=px, player_b=py, user=director
        )

    names = json.loads(change.description)["sentences"][1]["values"]["names"]
    assert pz.full_name in names
    texts = {
        "de": f"Getauscht: {px.full_name} (jetzt Tisch {y_table} {y_letter}) und {py.full_name} "
        f"(jetzt Tisch {x_table} {x_letter}). Achtung, erneute Begegnung mit: {names}.",
        "en": f"Swapped: {px.full_name} (now table {y_table} {y_letter}) and {py.full_name} "
        f"(now table {x_table} {x_letter}). Attention, repeat meeting with: {names}.",
    }
    assert (change.created_repeat, in_language(read, change)) == (True, texts[read])
    assert in_language(written, change) == texts[written]


@LANGUAGES
def test_a_move_reads_in_the_readers_language(director, players, written, read):
    t = make_house_tournament(director=director, rounds_planned=2)
    register_players(t, players, count=13)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=8)
    mover = player_at(rnd, 1, "B")

    with translation.override(written):
        change = round_services.round_move_player(
            rnd=rnd, player=mover, table_number=2, letter="D", user=director
        )

    texts = {
        "de": f"Verschoben: {mover.full_name} von Tisch 1 nach Tisch 2 D.",
        "en": f"Moved: {mover.full_name} from table 1 to table 2 D.",
    }
    assert in_language(read, change) == texts[read]
    assert in_language(written, change) == texts[written]


@LANGUAGES
def test_a_redraw_reads_in_the_readers_language(director, players, written, read):
    _t, rnd = make_drawn_round(director=director, players=players, count=8, seed=3)

    with translation.override(written):
        rnd = round_services.round_redraw(rnd=rnd, user=director)

    change = PairingChange.objects.get(round=rnd, action="redraw")
    texts = {
        "de": f"Neu ausgelost (Startwert {rnd.seed}).",
        "en": f"Drawn again (seed {rnd.seed}).",
    }
    assert in_language(read, change) == texts[read]
    assert in_language(written, change) == texts[written]


def taken_out_texts(name: str) -> dict[str, str]:
    """The change log of a red card whose round cannot be drawn again: 8 players at tables of
    four, 7 left, one reserve missing (Klub 6.1)."""
    return {
        "de": f"{name} ist ausgeschlossen (Rote Karte) und wurde aus dieser Auslosung genommen; "
        f"ohne {name} ließ sich die Runde nicht neu auslosen: 1 Spieler ist ausgeschlossen "
        "(Rote Karte) und wird nicht gesetzt. 7 Spieler: es werden genau 1 Ersatzspieler "
        "gebraucht (Klub 6.1), eingecheckt sind 0. Bitte das Feld passend machen (z. B. einen "
        "Ersatzspieler einchecken) und die Runde dann neu auslosen.",
        "en": f"{name} is excluded (red card) and was taken out of this draw; the round could "
        "not be drawn again without them: 1 player is excluded (red card) and is not seated. "
        "7 players: exactly 1 reserves are needed (Klub 6.1), 0 are checked in. Please make "
        "the field fit (e.g. check in a reserve), then draw the round again.",
    }


@LANGUAGES
def test_a_take_out_whose_redraw_fails_reads_with_its_reason_in_the_readers_language(
    director, players, written, read
):
    t, rnd = make_drawn_round(director=director, players=players, count=8, seed=3)
    carded = Seat.objects.filter(round=rnd).first().player

    with translation.override(written):
        warning = red_card(t, carded)

    change = PairingChange.objects.get(round=rnd, action="redraw")
    texts = taken_out_texts(carded.full_name)
    assert rnd.tables.count() == 0
    assert in_language(read, change) == texts[read]
    assert in_language(written, change) == texts[written]
    # The referee who gave the card reads it at once, in the language of that request.
    assert warning.consequences == [texts[written]]


@LANGUAGES
def test_a_take_out_with_a_new_draw_reads_in_the_readers_language(director, players, written, read):
    t = make_house_tournament(director=director)
    register_players(t, players, count=12)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=3)
    carded = Seat.objects.filter(round=rnd).first().player

    with translation.override(written):
        red_card(t, carded)

    rnd.refresh_from_db()
    change = PairingChange.objects.get(round=rnd, action="redraw")
    name = carded.full_name
    texts = {
        "de": f"{name} ist ausgeschlossen (Rote Karte): die Runde wurde ohne {name} neu "
        f"ausgelost (Startwert {rnd.seed}).",
        "en": f"{name} is excluded (red card): the round was drawn again without them "
        f"(seed {rnd.seed}).",
    }
    assert in_language(read, change) == texts[read]
    assert in_language(written, change) == texts[written]


def test_a_change_written_as_plain_text_before_is_shown_as_it_is(round_one, director):
    old = "Getauscht: Anna Adler (jetzt Tisch 2 C) und Bernd Brandt (jetzt Tisch 1 A)."
    change = PairingChange.objects.create(
        round=round_one, user=director, action="swap", description=old
    )

    assert in_language("en", change) == old
    assert in_language("de", change) == old
    with translation.override("en"):
        assert str(change) == old


def test_the_english_round_page_shows_the_new_draw_a_german_request_wrote(
    client, director, players
):
    t = make_house_tournament(director=director)
    register_players(t, players, count=12)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=3)
    carded = Seat.objects.filter(round=rnd).first().player
    with translation.override("de"):
        red_card(t, carded)
    rnd.refresh_from_db()
    client.force_login(director)

    page = client.get(
        reverse("director:round_detail", args=[t.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    english = escape(
        f"{carded.full_name} is excluded (red card): the round was drawn again without them "
        f"(seed {rnd.seed})."
    )
    assert (
        f'<p class="notice notice-warn" role="alert" data-testid="round-redrawn">{english}</p>'
    ) in page
    assert f"schiri: {english}</li>" in page  # the change log
    assert "ist ausgeschlossen" not in page


def test_the_english_round_page_without_tables_gives_the_german_written_reason_in_english(
    client, director, players
):
    t, rnd = make_drawn_round(director=director, players=players, count=8, seed=3)
    carded = Seat.objects.filter(round=rnd).first().player
    with translation.override("de"):
        red_card(t, carded)
    client.force_login(director)

    page = client.get(
        reverse("director:round_detail", args=[t.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()

    english = escape(taken_out_texts(carded.full_name)["en"])
    assert f'<p data-testid="round-redrawn">{english}</p>' in page
    assert f"schiri: {english}</li>" in page
    assert "ausgeschlossen" not in page


@LANGUAGES
def test_the_flash_message_of_a_swap_speaks_the_language_of_its_request(
    client, round_one, director, written, read
):
    """The flash is written for the request that made the change; the log for every reader."""
    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "C")
    client.force_login(director)

    response = client.post(
        reverse("director:round_swap", args=[round_one.tournament_id, 1]),
        {"player_a": a.pk, "player_b": b.pk},
        HTTP_ACCEPT_LANGUAGE=written,
    )

    texts = swap_texts(a, b)
    assert flashed(response) == [texts[written]]
    assert in_language(read, PairingChange.objects.get(round=round_one)) == texts[read]


def test_a_refusal_reason_keeps_messages_and_shows_plain_text_as_written():
    """The redraw's refusals are messages; a plain text (none is known) is kept as it is, in
    the language it was written in, and a refusal by field is read too."""
    tie = message("for the last place in the final")
    mixed = round_services._reason(ValidationError([tie, "Grund: Rollstuhl"]))
    by_field = round_services._reason(ValidationError({"table": ["Tisch 9 fehlt."]}))

    with translation.override("de"):
        assert (render_record(to_record(mixed)), by_field) == (
            "um den letzten Finalplatz Grund: Rollstuhl",
            "Tisch 9 fehlt.",
        )
    with translation.override("en"):
        assert render_record(to_record(mixed)) == "for the last place in the final Grund: Rollstuhl"
