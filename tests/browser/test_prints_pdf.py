"""The printed pages as printed (issues #25.4, #28.3): Chromium prints each page to an A4 PDF and
pypdf reads it back. Every table's names and every row of its seat plan (Klub 7.2) are on paper,
and no table is split across two pages: the table cards (staff and public), the pairing lists,
the official result sheets (Klub 10.2.1) and the check-in poster.

The field: a special tournament of 30 players at tables of four and three (000 §1A, 4 games), so
the cards come in both shapes and fill several pages. `SAVE_PRINT_DIR=/some/dir` keeps the PDFs
to look at (`pdftoppm -png -r 60`).
"""

import os
import re
import unicodedata
from io import BytesIO
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.browser.conftest import log_in
from tests.support.builders import (
    PASSWORD,
    make_named_players,
    make_released_round,
    make_user,
)
from tournaments.domain.formats import Category
from tournaments.enums import TablePolicy
from tournaments.rounds import selectors as rounds_selectors

pytestmark = [
    pytest.mark.browser,
    pytest.mark.presentation,
    pytest.mark.django_db(transaction=True),
]

FIRST = ["Anna", "Bernd", "Carla", "Dieter", "Hannelore", "Frank", "Gisela", "Maximilian", "Ilse"]
LAST = [
    "Adler", "Brandt", "Christiansen", "Dreher", "Eckert", "Fuchs", "Gärtner", "Hübner",
    "Imhoff", "Jansen", "Kowalski", "Lindemann", "Müller", "Neumann", "Oberländer", "Pietsch",
    "Quast", "Richter", "Schäfer", "Thomsen", "Ulbrich", "Vogel", "Wagner", "Xander", "Yilmaz",
    "Zimmermann", "Albrecht", "Bergmann", "Dittmann", "Friedrichsen",
]  # fmt: skip
HIDDEN = "Quast"  # prints as initials on the public cards

# Klub 7.2 verbatim: who starts and who sits South, West, North, East in games 1 to 4.
PLAN_OF_FOUR = [("A", "ABCD"), ("B", "ADCB"), ("C", "ADBC"), ("D", "ACBD")]
# Our reading for tables of three (SPEC §3): South, West, North.
PLAN_OF_THREE = [("A", "ABC"), ("B", "ACB"), ("C", "ABC"), ("A", "ACB")]


def _field(director, *, desk=()):
    """Round 1 released: 30 players at tables 1-6 of four and 7-8 of three."""
    players = make_named_players(
        [(last, FIRST[i % len(FIRST)]) for i, last in enumerate(LAST)], hidden=[HIDDEN]
    )
    t, rnd = make_released_round(
        director=director,
        players=players,
        count=30,
        seed=4,
        desk=desk,
        category=Category.SPECIAL,
        table_policy=TablePolicy.THREE_PLAYER,
        games_per_round=4,
    )
    tables = {
        table["number"]: {s.letter: s.player for s in table["seats"]}
        for table in rounds_selectors.round_seating(rnd)
    }
    assert [len(seats) for seats in tables.values()] == [4, 4, 4, 4, 4, 4, 3, 3]
    return t, tables


def _print(page, request) -> list[str]:
    """The page printed on A4 (print media) and read back: one normalised text per sheet."""
    pdf = page.pdf(format="A4", print_background=True)
    if os.environ.get("SAVE_PRINT_DIR"):
        Path(os.environ["SAVE_PRINT_DIR"], f"{request.node.name}.pdf").write_bytes(pdf)
    texts = [sheet.extract_text() for sheet in PdfReader(BytesIO(pdf)).pages]
    # NFKC undoes the ligatures ("Imhoﬀ"); a cell's wrapped line is just a space.
    return [" ".join(unicodedata.normalize("NFKC", text).split()) for text in texts]


def _card_blocks(pages: list[str]) -> dict[int, tuple[int, str]]:
    """Table number → (page index, the card's text up to the next card or the page's end)."""
    blocks = {}
    for index, text in enumerate(pages):
        parts = re.split(r"(?=\bTisch \d+ – )", text)
        for part in parts[1:]:
            number = int(re.match(r"Tisch (\d+)", part)[1])
            assert number not in blocks, f"Tisch {number} zweimal gedruckt"
            blocks[number] = (index, part)
    return blocks


def _expected_card(number, seats, *, staff: bool) -> list[str]:
    def full(player):
        return f"{player.last_name}, {player.first_name}"

    def public(player):
        if player.publish_name:
            return full(player)
        return f"{player.first_name[0]}. {player.last_name[0]}."

    short = (lambda p: p.last_name) if staff else public
    plan = PLAN_OF_FOUR if len(seats) == 4 else PLAN_OF_THREE
    players = " ".join(f"{letter} {(full if staff else public)(p)}" for letter, p in seats.items())
    compass = " ".join(["Süd", "West", "Nord", "Ost"][: len(seats)])
    rows = [
        f"{game} {starter} {short(seats[starter])} "
        + " ".join(f"{letter} {short(seats[letter])}" for letter in order)
        for game, (starter, order) in enumerate(plan, start=1)
    ]
    expected = [
        f"Tisch {number} – ",
        f"Pos. Spieler {players} ",
        f"Spiel beginnt {compass} {' '.join(rows)}",
    ]
    if len(seats) == 3:
        expected.append(
            f"{rows[-1]} Dreiertisch: Reihenfolge wechselt (unsere Lesart von Klub 7.2)."
        )
    return expected


@pytest.mark.parametrize(
    "viewer", ["leiterin", "orga-druck", None], ids=["staff", "desk", "public"]
)
def test_table_cards_print_whole_two_to_a_page(page, live_server, director, request, viewer):
    """The director's cards: full names and each table's QR key; the desk's: public names and
    the keys; the public's: public names, no keys."""
    t, tables = _field(director, desk=[make_user("orga-druck")])
    if viewer:
        log_in(page, live_server.url, viewer, PASSWORD)
    staff = viewer == "leiterin"
    page.goto(f"{live_server.url}/turniere/{t.pk}/runden/1/tischkarten/")
    keys = page.locator("[data-testid^=table-key-]")
    assert keys.count() == (8 if viewer else 0)
    codes = {
        int(key.get_attribute("data-testid").removeprefix("table-key-")): key.get_by_test_id(
            "short-code"
        ).inner_text()
        for key in keys.all()
    }

    pages = _print(page, request)
    blocks = _card_blocks(pages)

    assert sorted(blocks) == sorted(tables)
    for number, seats in tables.items():
        text = blocks[number][1]
        expected = _expected_card(number, seats, staff=staff)
        if viewer:  # the key to the table's phone page
            expected.append(f" und den Code eingeben: {codes[number]} ")
        for part in expected:
            assert part in text, f"Tisch {number}: {part!r} fehlt in\n{text}"
    assert {n: index for n, (index, _) in blocks.items()} == {
        1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3,
    }  # fmt: skip
    assert len(pages) == 4


def test_a_card_too_tall_for_half_a_page_prints_whole_on_a_page_of_its_own(
    page, live_server, director, request
):
    """Long names wrap in every cell: the card needs more than half a page and keeps all of it."""
    long_names = [
        (last, first)
        for last in ["Schimmelpfennig", "Wiedemannsberger", "Brockhagenkamp"]
        for first in ["Hannelore Friederike", "Maximilian Theodor", "Annemarie", "Wolfgang"]
    ]
    players = make_named_players(long_names)
    t, rnd = make_released_round(
        director=director,
        players=players,
        count=12,
        seed=4,
        name="Offene Norddeutsche Meisterschaft der Vereine aus Schleswig-Holstein und Hamburg",
    )
    tables = {
        table["number"]: {s.letter: s.player for s in table["seats"]}
        for table in rounds_selectors.round_seating(rnd)
    }
    page.goto(f"{live_server.url}/turniere/{t.pk}/runden/1/tischkarten/")

    pages = _print(page, request)
    blocks = _card_blocks(pages)

    assert sorted(blocks) == sorted(tables)
    for number, seats in tables.items():
        text = blocks[number][1]
        for part in _expected_card(number, seats, staff=False):
            assert part in text, f"Tisch {number}: {part!r} fehlt in\n{text}"
    assert {n: index for n, (index, _) in blocks.items()} == {1: 0, 2: 1, 3: 2}
    assert len(pages) == 3


def test_pairing_list_by_table_keeps_each_tables_seats_on_one_page(
    page, live_server, director, request
):
    t, tables = _field(director)
    log_in(page, live_server.url, "leiterin", PASSWORD)
    page.goto(f"{live_server.url}/turniere/{t.pk}/runden/1/tische/")

    pages = _print(page, request)

    on_page = {}
    for number, seats in tables.items():
        for letter, p in seats.items():
            row = f"{number} {letter} {p.last_name}, {p.first_name} {p.club}"
            hits = [
                i
                for i, text in enumerate(pages)
                if re.search(rf"(?<!\d){re.escape(row)}(?!\d)", text)
            ]
            assert len(hits) == 1, f"{row!r} auf den Seiten {hits}"
            on_page.setdefault(number, set()).add(hits[0])
    assert on_page == {1: {0}, 2: {0}, 3: {0}, 4: {0}, 5: {0}, 6: {0}, 7: {1}, 8: {1}}
    assert [text.count("Tisch Pos. Name Verein") for text in pages] == [1, 1]


def test_pairing_list_by_name_prints_every_player_once(page, live_server, director, request):
    t, tables = _field(director)
    log_in(page, live_server.url, "leiterin", PASSWORD)
    page.goto(f"{live_server.url}/turniere/{t.pk}/runden/1/namen/")

    pages = _print(page, request)

    # Alphabetical as DIN 5007 files the names (ä as a): the list and nothing else on paper.
    lines = sorted(
        (
            f"{p.last_name}, {p.first_name} — Tisch {number} {letter}"
            for number, seats in tables.items()
            for letter, p in seats.items()
        ),
        key=lambda line: unicodedata.normalize("NFD", line).encode("ascii", "ignore").lower(),
    )
    assert pages == [
        f"{t.name} · 12.12.2026 · {t.venue} Runde 1: Paarungen nach Namen " + " ".join(lines)
    ]


def test_result_sheets_print_one_whole_sheet_per_page(page, live_server, director, request):
    desk = make_user("orga-druck")
    t, tables = _field(director, desk=[desk])
    log_in(page, live_server.url, "orga-druck", PASSWORD)
    page.goto(f"{live_server.url}/leitung/turniere/{t.pk}/runden/1/ergebnislisten/")

    pages = _print(page, request)

    assert len(pages) == 8
    for number, seats in tables.items():
        text = pages[number - 1]
        names = " ".join(f"{letter} {p.last_name}, {p.first_name}" for letter, p in seats.items())
        plan = PLAN_OF_FOUR if len(seats) == 4 else PLAN_OF_THREE
        rows = " ".join(f"{game} {starter}" for game, (starter, _) in enumerate(plan, start=1))
        assert text.count("Offizielle Ergebnisliste") == 1
        assert f"Offizielle Ergebnisliste – Tisch {number}, Runde 1 " in text
        assert f"Spiel beginnt {names} Kontrollsumme {rows} Platzierungspunkte Spielpunkte " in text
        assert f"(Klub 10.4). {names} Gültig erst nach Abgabe am Orgatisch (Klub 10.2)." in text
        assert text.endswith("Abgegeben um ____ Uhr, angenommen von ________")


def test_check_in_poster_prints_on_one_page(page, live_server, director, request):
    t, _ = _field(director)
    log_in(page, live_server.url, "leiterin", PASSWORD)
    page.goto(f"{live_server.url}/leitung/turniere/{t.pk}/anmeldungen/check-in/aushang/")
    assert page.locator("img.poster-qr").evaluate("img => img.complete && img.naturalWidth") > 0

    pages = _print(page, request)

    url = live_server.url + reverse("ranking:check_in", args=[t.pk])
    assert pages == [
        f"{t.name} · {t.venue} Check-in Mit dem Handy einchecken: Code scannen, mit Ihrem "
        f"Spielerkonto anmelden, „Jetzt einchecken“ tippen. {url} Ohne Spielerkonto oder "
        "Handy: bitte am Orgatisch einchecken."
    ]
