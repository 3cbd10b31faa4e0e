"""The desk takes over the sheets its tables signed, in one pass (issue 28.4): what is
confirmed, what is left and why, who may, and that a refusal changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.support.builders import (
    FIXED_SHEET,
    make_drawn_round,
    make_table_entry,
    sign_table_entry,
)
from tournaments.common.guards import FROZEN
from tournaments.enums import SheetStatus, TournamentStatus
from tournaments.models import ResultSheet, ScoredLine, SheetSignoff, SheetVersion, Tournament
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.sheets import codec
from tournaments.sheets import services as sheet_services
from tournaments.sheets.signed.services import Left, SignedTakeOver, sheets_confirm_signed

pytestmark = pytest.mark.django_db

CHANGED_GAMES = [FIXED_SHEET[0], {"number": 2, "scores": {"A": 45, "B": -5, "C": -25, "D": -15}},
                 *FIXED_SHEET[2:]]  # fmt: skip
"""The paper says C −25, D −15 in game 2 where the table's phone said −20, −20."""


@pytest.fixture
def w(desk_round):
    return desk_round


def signed(w, number=1):
    """Table `number` entered by B on its phone and confirmed by A, C and D."""
    version = make_table_entry(w["tables"][number], FIXED_SHEET, letter="B")
    sign_table_entry(version, dict.fromkeys("ACD", "confirmed"))
    return version


def disputed(w):
    version = make_table_entry(w["tables"][1], FIXED_SHEET, letter="B")
    sign_table_entry(version, {"A": "confirmed", "C": "disputed", "D": "confirmed"}, note="Spiel 2")


def half_signed(w):
    version = make_table_entry(w["tables"][1], FIXED_SHEET, letter="B")
    sign_table_entry(version, {"A": "confirmed", "C": "confirmed"})


def changed_after_signing(w):
    """Signed at the table, then corrected at the desk from the paper: not what was signed."""
    signed(w)
    sheet_services.sheet_save(
        table=w["tables"][1],
        games=CHANGED_GAMES,
        expected_version=1,
        user=w["director"],
        reason="Papierbogen",
    )


def confirmed_before(w):
    signed(w)
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=w["director"])


def entered_at_desk(w):
    sheet_services.sheet_save(
        table=w["tables"][1], games=FIXED_SHEET, expected_version=0, user=w["director"]
    )


def clarification(w):
    sheet = sheet_services.sheet_save(
        table=w["tables"][1], games=FIXED_SHEET, expected_version=0, user=w["director"]
    )
    sheet_services.sheet_needs_clarification(
        sheet=sheet, expected_version=1, note="Spiel 2 unleserlich", user=w["desk"]
    )


def missing(w):
    pass


def rows():
    """Every sheet, version and sign-off as stored: a refusal leaves all of them alone."""
    return (
        list(ResultSheet.objects.values_list("pk", "version", "status", "current", "confirmed")),
        list(SheetVersion.objects.values_list("pk", "number", "action", "status", "reason")),
        list(SheetSignoff.objects.values_list("pk", "version", "letter", "verdict")),
        ScoredLine.objects.count(),
    )


MISSING_TWO = Left(2, "missing")


@pytest.mark.parametrize(
    ("arrange", "left"),
    [
        (disputed, Left(1, "disputed", "C")),
        (half_signed, Left(1, "unsigned", "2/3")),
        (changed_after_signing, Left(1, "changed")),
        (confirmed_before, Left(1, "confirmed")),
        (entered_at_desk, Left(1, "at_desk")),
        (clarification, Left(1, "clarification")),
        (missing, Left(1, "missing")),
    ],
    ids=lambda value: getattr(value, "__name__", None),
)
def test_a_table_not_signed_by_all_is_left_as_it_is_with_its_reason(w, arrange, left):
    arrange(w)
    before = rows()

    result = sheets_confirm_signed(rnd=w["round"], user=w["desk"])

    assert result == SignedTakeOver(confirmed=(), left=(left, MISSING_TWO))
    assert rows() == before


def test_a_sheet_signed_by_all_is_confirmed_by_the_desk_person(w):
    table_version = signed(w)

    result = sheets_confirm_signed(rnd=w["round"], user=w["desk"])

    assert result == SignedTakeOver(confirmed=(1,), left=(MISSING_TWO,))
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    assert (sheet.status, sheet.version, sheet.confirmed_id) == (
        SheetStatus.CONFIRMED,
        2,
        sheet.current_id,
    )
    version = sheet.current
    assert (version.number, version.action, version.status, version.created_by) == (
        2,
        "confirmed",
        SheetStatus.CONFIRMED,
        w["desk"],
    )
    assert version.reason == (
        "Am Tisch bestätigt von A, C, D; vom Orgatisch in einem Durchgang übernommen."
    )
    assert (version.filled_in_by, version.signed_by_all) == ("B", True)
    assert version.games == table_version.games
    # Scored once, from the confirmed version: four players, four games (SPEC §4).
    assert set(ScoredLine.objects.values_list("version_id", flat=True)) == {version.pk}
    assert ScoredLine.objects.count() == 16
    # The table's own version stays as it was, with its sign-offs.
    table_version.refresh_from_db()
    assert (table_version.action, table_version.created_by, table_version.signoffs.count()) == (
        "table_entered",
        None,
        3,
    )


def test_one_pass_takes_every_signed_table_and_leaves_the_rest(w):
    signed(w, 1)
    version = make_table_entry(w["tables"][2], FIXED_SHEET, letter="A")
    sign_table_entry(version, {"B": "confirmed", "C": "disputed", "D": "disputed"})

    result = sheets_confirm_signed(rnd=w["round"], user=w["director"])

    assert result == SignedTakeOver(confirmed=(1,), left=(Left(2, "disputed", "C, D"),))
    statuses = dict(ResultSheet.objects.values_list("table__number", "status"))
    assert statuses == {1: SheetStatus.CONFIRMED, 2: SheetStatus.ENTERED}
    assert ResultSheet.objects.get(table__number=2, round=w["round"]).version == 1


def test_a_second_pass_changes_nothing(w):
    signed(w)
    sheets_confirm_signed(rnd=w["round"], user=w["desk"])
    before = rows()

    again = sheets_confirm_signed(rnd=w["round"], user=w["desk"])

    assert again == SignedTakeOver(confirmed=(), left=(Left(1, "confirmed"), MISSING_TWO))
    assert rows() == before


def test_a_withdrawal_since_the_signatures_is_refused_by_the_confirmation(w):
    """SPEC §7: the sheet no longer matches the table's absences; `sheet_confirm` refuses it
    (one rule), the pass goes on and names the table with the message."""
    signed(w)
    table = w["tables"][1]
    away = table.seats.get(letter="D")
    registration_services.registration_update(
        registration=w["t"].registrations.get(player=away.player),
        withdrawn=True,
        from_game=3,
        user=w["director"],
    )
    stored = ResultSheet.objects.get(table=table).current.games
    message = codec.absence_mismatch(table, stored)
    before = rows()

    result = sheets_confirm_signed(rnd=w["round"], user=w["desk"])

    assert message.startswith("Tisch 1: Der Bogen passt nicht zu den fehlenden Spielern (D: ")
    assert result == SignedTakeOver(confirmed=(), left=(Left(1, "refused", message), MISSING_TWO))
    assert rows() == before


@pytest.mark.parametrize("who", ["other_director", "referee", "plain_user"])
def test_only_the_desk_and_the_directors_of_the_tournament(w, request, who):
    signed(w)
    before = rows()

    with pytest.raises(PermissionDenied) as refused:
        sheets_confirm_signed(rnd=w["round"], user=request.getfixturevalue(who))

    assert str(refused.value) == "Nur Orgatisch und Turnierleitung."
    assert rows() == before


def test_refused_for_a_finished_tournament(w):
    signed(w)
    Tournament.objects.filter(pk=w["t"].pk).update(status=TournamentStatus.FINISHED)
    before = rows()

    with pytest.raises(ValidationError) as refused:
        sheets_confirm_signed(rnd=w["round"], user=w["desk"])

    assert refused.value.messages == [FROZEN]
    assert rows() == before


def test_refused_for_a_round_not_released(director, players):
    _, rnd = make_drawn_round(director=director, players=players, count=8, seed=5)
    before = rows()

    with pytest.raises(ValidationError) as refused:
        sheets_confirm_signed(rnd=rnd, user=director)

    assert refused.value.messages == ["Die Paarung dieser Runde ist noch nicht freigegeben."]
    assert rows() == before


def test_refused_for_a_published_round(w, director):
    signed(w)
    sheets_confirm_signed(rnd=w["round"], user=w["desk"])
    sheet_services.sheet_save(
        table=w["tables"][2], games=FIXED_SHEET, expected_version=0, user=w["desk"]
    )
    sheet = ResultSheet.objects.get(table=w["tables"][2])
    sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=director)
    round_services.round_publish(rnd=w["round"], user=director)
    before = rows()

    with pytest.raises(ValidationError) as refused:
        sheets_confirm_signed(rnd=w["round"], user=w["desk"])

    assert refused.value.messages == ["Diese Runde ist bereits veröffentlicht."]
    assert rows() == before
