"""Result sheet services: versions, four-eyes check, conflicts, corrections, publication."""

import io

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command

from tests.support.builders import make_tournament, make_user, register_players, make_released_round
from tournaments.enums import RoundStatus, SheetStatus, StaffRole
from tournaments.models import ResultSheet, SheetVersion, Tournament, TournamentStaff
from tournaments.registration import services as registration_services
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services
from tournaments.sheets import selectors as sheets_selectors
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
def running(director, players):
    desk = make_user("orga")
    tournament, rnd = make_released_round(director=director, players=players, count=8, seed=11, desk=[desk])
    return tournament, rnd, desk


def enter_and_confirm(rnd, desk, director):
    for table in rnd.tables.order_by("number"):
        sheet = sheet_services.sheet_save(table=table, games=GOOD, expected_version=0, user=desk)
        sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=director)


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


def test_round_publish_needs_every_table_confirmed(running, director):
    _, rnd, desk = running
    sheet_services.sheet_save(
        table=rnd.tables.get(number=1), games=GOOD, expected_version=0, user=desk
    )
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.round_publish(rnd=rnd, user=director)
    assert excinfo.value.messages == ["Noch nicht bestätigt: Tisch 1, 2."]


def test_correction_after_publication_needs_director_and_reason(running, director):
    tournament, rnd, desk = running
    enter_and_confirm(rnd, desk, director)
    sheet_services.round_publish(rnd=rnd, user=director)
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
        for line in sheets_selectors.game_lines(tournament)
        if line.round_number == 1 and line.game_number == 1 and line.game_points == 70
    ]
    assert len(lines) == 1  # the standings follow the newest confirmed version


def test_round_two_is_paired_from_published_results_without_repeats(director, players):
    tournament = make_tournament(director=director)
    registration_services.tournament_open_registration(tournament=tournament)
    register_players(tournament, players, count=16, user=director)
    desk = make_user("orga")
    TournamentStaff.objects.create(tournament=tournament, user=desk, role=StaffRole.DESK)
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=5)
    round_services.round_release(rnd=rnd, user=director)
    enter_and_confirm(rnd, desk, director)
    sheet_services.round_publish(rnd=rnd, user=director)
    second = round_services.round_pair_next(tournament=tournament, user=director, seed=6)
    tables = rounds_selectors.round_tables(tournament)
    met = {frozenset((a, b)) for table in tables[0] for a in table for b in table if a != b}
    again = {frozenset((a, b)) for table in tables[1] for a in table for b in table if a != b}
    assert met & again == set()
    report, ranked = rounds_selectors.round_report(second, rounds_selectors.round_seating(second))
    assert report.repeated_pairs == 0
    assert ranked is True
    assert second.notice == ""


def test_simulate_tournament_plays_every_round_through_the_services(db):
    out = io.StringIO()
    call_command("simulate_tournament", players=21, category="city", seed=9, year=2025, stdout=out)
    tournament_id = int(out.getvalue().strip().splitlines()[-1].split()[1])
    tournament = Tournament.objects.get(pk=tournament_id)
    assert tournament.status == "finished"
    assert list(tournament.rounds.values_list("status", flat=True)) == [RoundStatus.PUBLISHED] * 3
    assert tournament.registrations.filter(reserve=True).count() == 3
    assert (
        ResultSheet.objects.filter(round__tournament=tournament)
        .exclude(status=SheetStatus.CONFIRMED)
        .count()
        == 0
    )
    # Every sheet was entered by one person and confirmed by another.
    for sheet in ResultSheet.objects.filter(round__tournament=tournament):
        entered, confirmed = sheet.versions.order_by("number")
        assert entered.created_by_id != confirmed.created_by_id


@pytest.mark.parametrize(
    ("args", "rounds", "kinds", "rule_set"),
    [
        (
            {"players": 16, "category": "beginners", "final": True, "year": 2025},
            3,
            ["preliminary", "preliminary", "final"],
            "2014",
        ),
        (
            {
                "players": 13,
                "category": "special",
                "rounds": 1,
                "games": 3,
                "final": True,
                "three_player_tables": True,
                "year": 2025,
            },
            2,
            ["preliminary", "final"],
            "2014",
        ),
        ({"players": 12, "category": "city", "year": 2012}, 3, ["preliminary"] * 3, "pre2014"),
    ],
)
def test_simulate_tournament_formats(db, args, rounds, kinds, rule_set):
    out = io.StringIO()
    call_command("simulate_tournament", seed=4, stdout=out, **args)
    tournament = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))
    assert tournament.status == "finished"
    assert tournament.rule_set == rule_set
    assert list(tournament.rounds.values_list("kind", flat=True)) == kinds
    assert tournament.rounds.count() == rounds
    final = tournament.rounds.filter(kind="final").first()
    if final is not None:
        finalists = set(final.seats.values_list("player_id", flat=True))
        assert len(finalists) == tournament.finalists_count
        reserves = set(
            tournament.registrations.filter(reserve=True).values_list("player_id", flat=True)
        )
        assert finalists.isdisjoint(reserves)
    if args.get("three_player_tables"):
        sizes = sorted(t.seats.count() for t in tournament.rounds.get(number=1).tables.all())
        assert sizes == [3, 3, 3, 4]
