"""Scored lines are stored once, in the transaction that makes a sheet version valid (SPEC §4,
§6): confirmed, corrected after publication, interpreted by the director (Klub 10.3)."""

from __future__ import annotations

import pytest

from tests.support.builders import FIXED_SHEET, make_released_round, play_round
from tournaments.models import ScoredLine, Seat
from tournaments.results.selectors import scored_line_mismatches
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db

B_WINS_GAME_1 = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -30}}


@pytest.fixture
def released(director, desk_user, players):
    return make_released_round(
        director=director, players=players, count=8, seed=7, desk=[desk_user]
    )


def lines_of(table):
    """(game, letter) → (player, game points, place, placement points, winner)."""
    return {
        (x.game_number, x.letter): (
            x.player_id, x.game_points, x.place, x.placement_points, x.winner
        )
        for x in ScoredLine.objects.filter(table=table)
    }  # fmt: skip


def test_lines_are_stored_when_the_sheet_is_confirmed_not_when_entered(
    released, director, desk_user
):
    t, rnd = released
    table = rnd.tables.get(number=1)
    sheet = sheet_services.sheet_save(
        table=table, games=FIXED_SHEET, expected_version=0, user=desk_user
    )
    assert not ScoredLine.objects.filter(table=table).exists()

    sheet = sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=director)
    seat = dict(Seat.objects.filter(table=table).values_list("letter", "player_id"))
    lines = lines_of(table)
    assert len(lines) == 16
    assert lines[(1, "A")] == (seat["A"], 60, 1, 4, True)
    assert lines[(1, "D")] == (seat["D"], -30, 4, 0, False)
    assert set(ScoredLine.objects.filter(table=table).values_list("version_id", flat=True)) == {
        sheet.confirmed_id
    }
    assert scored_line_mismatches([t.pk]) == []


def test_a_correction_after_publication_replaces_the_lines(released, director, desk_user):
    t, rnd = released
    play_round(rnd, director=director, desk=desk_user)
    table = rnd.tables.get(number=1)
    sheet = table.sheet
    corrected = sheet_services.sheet_save(
        table=table,
        games=[B_WINS_GAME_1, *FIXED_SHEET[1:]],
        expected_version=sheet.version,
        user=director,
        reason="Übertragungsfehler",
    )
    seat = dict(Seat.objects.filter(table=table).values_list("letter", "player_id"))
    lines = lines_of(table)
    assert len(lines) == 16
    assert lines[(1, "A")] == (seat["A"], -10, 2, 3, False)
    assert lines[(1, "B")] == (seat["B"], 60, 1, 4, True)
    assert set(ScoredLine.objects.filter(table=table).values_list("version_id", flat=True)) == {
        corrected.confirmed_id
    }
    assert scored_line_mismatches([t.pk]) == []


def test_an_interpreted_sheet_stores_its_lines(released, director, desk_user):
    t, rnd = released
    table = rnd.tables.get(number=2)
    sheet = sheet_services.sheet_save(
        table=table, games=FIXED_SHEET, expected_version=0, user=desk_user
    )
    sheet_services.sheet_needs_clarification(
        sheet=sheet, expected_version=1, note="Spiel 1 unleserlich", user=desk_user
    )
    interpreted = sheet_services.sheet_accept_interpreted(
        sheet=sheet,
        games=[B_WINS_GAME_1, *FIXED_SHEET[1:]],
        expected_version=2,
        reason="Spieler nicht erreichbar (Klub 10.3)",
        user=director,
    )
    assert lines_of(table)[(1, "B")][1:] == (60, 1, 4, True)
    assert ScoredLine.objects.filter(table=table, version_id=interpreted.confirmed_id).count() == 16


def test_a_new_entry_before_publication_keeps_the_confirmed_lines(released, director, desk_user):
    """The standings follow the newest confirmed version; an entry waiting for its check does
    not change them (nor their lines) until it is confirmed."""
    t, rnd = released
    table = rnd.tables.get(number=1)
    sheet = sheet_services.sheet_save(
        table=table, games=FIXED_SHEET, expected_version=0, user=desk_user
    )
    sheet = sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=director)
    before = lines_of(table)
    sheet_services.sheet_save(
        table=table,
        games=[B_WINS_GAME_1, *FIXED_SHEET[1:]],
        expected_version=2,
        user=desk_user,
        reason="Tippfehler",
    )
    assert lines_of(table) == before
    assert scored_line_mismatches([t.pk]) == []
