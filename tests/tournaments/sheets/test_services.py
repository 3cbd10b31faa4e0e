"""Result sheet services: versions, four-eyes check, conflicts, corrections."""

from unittest import mock

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.support.builders import make_released_round, play_round
from tournaments.enums import SheetStatus
from tournaments.models import SheetVersion
from tournaments.results import selectors as results_selectors
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db

GOOD = [
    {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},  # Klub 19.1
    {"number": 2, "scores": {"A": -5, "B": 45, "C": -20, "D": -20}},
    {
        "number": 3,
        "scores": {"A": -100, "B": -12, "C": 312, "D": -200},
        "no_meld": {"A": 100, "D": 200},
    },
    {"number": 4, "pool_exhausted": True, "scores": {"A": -7, "B": -12, "C": -30, "D": -9}},
]


@pytest.fixture
def running(director, desk_user, players):
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=11, desk=[desk_user]
    )
    return tournament, rnd, desk_user


def test_sheet_save_creates_first_version(running):
    _, rnd, desk = running
    table = rnd.tables.get(number=1)
    sheet = sheet_services.sheet_save(table=table, games=GOOD, expected_version=0, user=desk)
    assert sheet.version == 1
    assert sheet.status == SheetStatus.ENTERED
    assert sheet.current.action == "entered"
    assert sheet.current.created_by == desk
    assert sheet.confirmed is None


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (
            {"A": 60, "B": -10, "C": -20, "D": -20},
            "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme).",
        ),
        ({"A": None, "B": -10, "C": -20, "D": 30}, "Spiel 1, Spieler A: Feld ist leer."),
    ],
)
def test_sheet_save_refuses_bad_game_and_changes_nothing(running, game, message):
    _, rnd, desk = running
    table = rnd.tables.get(number=1)
    games = [{"number": 1, "scores": game}, *GOOD[1:]]
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.sheet_save(table=table, games=games, expected_version=0, user=desk)
    assert message in excinfo.value.messages
    assert SheetVersion.objects.count() == 0


def test_sheet_save_refuses_two_winners_and_ten_thousand(running):
    _, rnd, desk = running
    games = [
        {"number": 1, "scores": {"A": 30, "B": 30, "C": -20, "D": -40}},
        {"number": 2, "scores": {"A": 10000, "B": -10, "C": -20, "D": -30}},
        *GOOD[2:],
    ]
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.sheet_save(
            table=rnd.tables.get(number=1), games=games, expected_version=0, user=desk
        )
    codes = " ".join(excinfo.value.messages)
    assert "Spiel 1" in codes and "Spiel 2" in codes
    assert len(excinfo.value.messages) == 2
    assert SheetVersion.objects.count() == 0


def test_sheet_second_save_with_old_version_is_a_conflict(running, director):
    _, rnd, desk = running
    table = rnd.tables.get(number=1)
    sheet_services.sheet_save(table=table, games=GOOD, expected_version=0, user=desk)
    other = [dict(GOOD[0], scores={"A": 70, "B": -10, "C": -20, "D": -40}), *GOOD[1:]]
    with pytest.raises(sheet_services.SheetConflict) as excinfo:
        sheet_services.sheet_save(table=table, games=other, expected_version=0, user=director)
    assert "Version 1" in excinfo.value.messages[0]
    assert SheetVersion.objects.count() == 1


def test_sheet_confirm_by_the_same_person_is_refused(running):
    _, rnd, desk = running
    sheet = sheet_services.sheet_save(
        table=rnd.tables.get(number=1), games=GOOD, expected_version=0, user=desk
    )
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=desk)
    assert excinfo.value.messages == [
        "Bestätigen muss eine andere Person als die, die den Bogen erfasst hat."
    ]
    sheet.refresh_from_db()
    assert sheet.status == SheetStatus.ENTERED


def test_sheet_blind_confirm_detects_a_typo(running, director):
    _, rnd, desk = running
    sheet = sheet_services.sheet_save(
        table=rnd.tables.get(number=1), games=GOOD, expected_version=0, user=desk
    )
    retyped = [dict(GOOD[0], scores={"A": 60, "B": -10, "C": -30, "D": -20}), *GOOD[1:]]
    with pytest.raises(ValidationError):
        sheet_services.sheet_confirm(
            sheet=sheet, expected_version=1, user=director, retyped=retyped
        )
    confirmed = sheet_services.sheet_confirm(
        sheet=sheet, expected_version=1, user=director, retyped=GOOD
    )
    assert confirmed.status == SheetStatus.CONFIRMED
    assert confirmed.confirmed.number == 2


def test_correction_after_publication_needs_director_and_reason(running, director):
    tournament, rnd, desk = running
    play_round(rnd, director=director, desk=desk, sheets={1: GOOD, 2: GOOD})
    table = rnd.tables.get(number=1)
    corrected = [dict(GOOD[0], scores={"A": 70, "B": -10, "C": -20, "D": -40}), *GOOD[1:]]
    with pytest.raises(PermissionDenied):
        sheet_services.sheet_save(table=table, games=corrected, expected_version=2, user=desk)
    with pytest.raises(ValidationError):
        sheet_services.sheet_save(table=table, games=corrected, expected_version=2, user=director)
    sheet = sheet_services.sheet_save(
        table=table,
        games=corrected,
        expected_version=2,
        user=director,
        reason="Spieler D hat 40 statt 30 Minuspunkte (Rücksprache am Tisch).",
    )
    assert [v.action for v in sheet.versions.order_by("number")] == [
        "entered",
        "confirmed",
        "corrected",
    ]
    lines = [
        line
        for line in results_selectors.game_lines(tournament)
        if line.round_number == 1 and line.game_number == 1 and line.game_points == 70
    ]
    assert len(lines) == 1  # the standings follow the newest confirmed version


@pytest.mark.parametrize("path", ["correction", "interpretation"])
def test_a_published_result_changed_either_way_is_announced(
    running, director, path, django_capture_on_commit_callbacks
):
    """Issue #19.1: the director's interpretation (Klub 10.3) of a published sheet rewrote it
    without telling the public pages or the ranking. Both paths now tell them, once."""
    from tournaments.common import events

    tournament, rnd, desk = running
    play_round(rnd, director=director, desk=desk, sheets={1: GOOD, 2: GOOD})
    table = rnd.tables.get(number=1)
    corrected = [dict(GOOD[0], scores={"A": 70, "B": -10, "C": -20, "D": -40}), *GOOD[1:]]
    heard, bumped = [], []

    def receiver(sender, tournament_id, **kwargs):
        heard.append(tournament_id)

    events.results_changed.connect(receiver)
    try:
        with (
            mock.patch.object(events, "forget_versions", bumped.append),
            django_capture_on_commit_callbacks(execute=True),
        ):
            if path == "correction":
                sheet_services.sheet_save(
                    table=table, games=corrected, expected_version=2, user=director, reason="x"
                )
            else:
                sheet_services.sheet_accept_interpreted(
                    sheet=table.sheet,
                    games=corrected,
                    expected_version=2,
                    reason="x",
                    user=director,
                )
    finally:
        events.results_changed.disconnect(receiver)
    assert heard == [tournament.pk]  # the ranking
    assert bumped == [tournament.pk]  # the public pages' version, read afresh after commit


def test_interpreting_needs_a_reason_and_the_director(running, director):
    tournament, rnd, desk = running
    play_round(rnd, director=director, desk=desk, sheets={1: GOOD, 2: GOOD})
    table = rnd.tables.get(number=1)
    with pytest.raises(PermissionDenied):
        sheet_services.sheet_accept_interpreted(
            sheet=table.sheet, games=GOOD, expected_version=2, reason="x", user=desk
        )
    with pytest.raises(ValidationError, match="braucht einen Grund"):
        sheet_services.sheet_accept_interpreted(
            sheet=table.sheet, games=GOOD, expected_version=2, reason=" ", user=director
        )
    assert table.sheet.versions.count() == 2
