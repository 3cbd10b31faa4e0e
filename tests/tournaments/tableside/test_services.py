"""Issue #15.2/15.3: the table enters its sheet (the desk's validation), the others sign it."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.support.builders import FIXED_SHEET, play_round
from tournaments.enums import SheetAction, SheetStatus, SignoffVerdict
from tournaments.models import ResultSheet, SheetSignoff, SheetVersion
from tournaments.registration import services as registration_services
from tournaments.sheets import services as sheet_services
from tournaments.tableside import services
from tournaments.tableside.selectors import PUBLISHED

pytestmark = pytest.mark.django_db

DEVICE = "a1b2c3d4e5f6 · Firefox"


def enter(table, *, games=FIXED_SHEET, letter="A", key=None, version=0, reason=""):
    return services.sheet_enter_at_table(
        table=table,
        games=games,
        filled_in_by=letter,
        device=DEVICE,
        submission_key=key or uuid.uuid4(),
        expected_version=version,
        reason=reason,
    )


def sign(table, letter, verdict=SignoffVerdict.CONFIRMED, version=1, note=""):
    return services.sheet_signoff(
        table=table, version_number=version, letter=letter, verdict=verdict, device=DEVICE,
        note=note,
    )  # fmt: skip


@pytest.fixture
def table(table_world):
    return table_world["round"].tables.get(number=1)


def test_an_entry_is_a_table_entered_version_with_device_and_key(table):
    key = uuid.uuid4()
    version = enter(table, key=key, letter="B")
    sheet = ResultSheet.objects.get(table=table)
    assert (sheet.version, sheet.status, sheet.current_id, sheet.confirmed_id) == (
        1,
        SheetStatus.ENTERED,
        version.pk,
        None,
    )
    assert (version.action, version.created_by, version.filled_in_by) == (
        SheetAction.TABLE_ENTERED,
        None,
        "B",
    )
    assert (version.device, version.submission_key) == (DEVICE, key)
    assert version.games[0]["scores"] == {"A": 60, "B": -10, "C": -20, "D": -30}


def test_the_same_form_sent_twice_writes_one_version(table):
    key = uuid.uuid4()
    first = enter(table, key=key)
    again = enter(table, key=key)  # the phone re-sends after a lost answer
    assert again.pk == first.pk
    assert SheetVersion.objects.filter(sheet__table=table).count() == 1


def test_the_desks_validation_refuses_a_bad_sum_and_writes_nothing(table):
    games = [{"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -20}}, *FIXED_SHEET[1:]]
    with pytest.raises(ValidationError) as exc:
        enter(table, games=games)
    assert exc.value.messages == ["Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."]
    assert not SheetVersion.objects.filter(sheet__table=table).exists()


def test_the_entering_seat_must_sit_at_the_table(table):
    with pytest.raises(ValidationError) as exc:
        enter(table, letter="")
    assert exc.value.messages == ["Bitte angeben, wer einträgt (Position am Tisch)."]


def test_entering_anew_needs_a_reason_and_new_figures(table):
    enter(table)
    with pytest.raises(ValidationError) as exc:
        enter(table, version=1)
    assert exc.value.messages == ["Neu eintragen braucht einen Grund (z. B. der Einspruch von C)."]
    with pytest.raises(ValidationError) as exc:
        enter(table, version=1, reason="Einspruch von C")
    assert exc.value.messages == ["Keine Änderung gegenüber der eingetragenen Fassung."]
    games = [{"number": 1, "scores": {"A": 70, "B": -20, "C": -20, "D": -30}}, *FIXED_SHEET[1:]]
    second = enter(table, games=games, version=1, reason="Einspruch von C")
    assert (second.number, second.action, second.reason) == (2, "table_entered", "Einspruch von C")


def test_a_stale_page_gets_a_conflict(table):
    enter(table)
    with pytest.raises(ValidationError) as exc:
        enter(table, version=0, reason="x")
    assert exc.value.code == "conflict"


def test_no_entry_when_the_desk_has_the_paper(table, table_world):
    sheet_services.sheet_save(
        table=table, games=FIXED_SHEET, expected_version=0, user=table_world["desk"]
    )
    with pytest.raises(ValidationError) as exc:
        enter(table, version=1, reason="x")
    assert exc.value.code == "at_desk"


def test_no_entry_once_the_desk_confirmed(table, table_world):
    enter(table)
    sheet = ResultSheet.objects.get(table=table)
    sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=table_world["desk"])
    with pytest.raises(ValidationError) as exc:
        enter(table, version=2, reason="x")
    assert exc.value.code == "confirmed"


def test_no_entry_when_the_director_switched_table_entry_off(table, table_world):
    table_world["t"].table_entry = False
    table_world["t"].save(update_fields=["table_entry"])
    with pytest.raises(ValidationError) as exc:
        enter(table)
    assert exc.value.messages[0].startswith("Die Turnierleitung hat die Eingabe am Tisch")


def test_no_entry_after_publication(table_world):
    rnd = play_round(
        table_world["round"], director=table_world["director"], desk=table_world["desk"]
    )
    with pytest.raises(ValidationError) as exc:
        enter(rnd.tables.get(number=1), version=2, reason="x")
    assert exc.value.messages == [PUBLISHED[1]]


def test_every_other_seat_signs_once(table):
    enter(table, letter="A")
    for letter in "BC":
        sign(table, letter)
    dispute = sign(table, "D", SignoffVerdict.DISPUTED, note="Spiel 2 stimmt nicht")
    assert (dispute.verdict, dispute.note, dispute.device) == (
        "disputed",
        "Spiel 2 stimmt nicht",
        DEVICE,
    )
    assert SheetSignoff.objects.filter(version__sheet__table=table).count() == 3
    assert sign(table, "B").verdict == "confirmed"  # sent again: the same answer
    with pytest.raises(ValidationError) as exc:
        sign(table, "B", SignoffVerdict.DISPUTED)
    assert exc.value.messages == [
        "Position B hat bereits geantwortet (Ich bestätige die Ergebnisse)."
    ]


def test_the_entering_seat_does_not_sign(table):
    enter(table, letter="A")
    with pytest.raises(ValidationError) as exc:
        sign(table, "A")
    assert exc.value.messages == ["Position A muss diese Fassung nicht bestätigen."]


def test_a_withdrawn_player_needs_no_signoff(table, table_world):
    away = table.seats.get(letter="C")
    registration_services.registration_update(
        registration=away.player.registrations.get(tournament=table_world["t"]),
        withdrawn=True,
        from_game=3,
        user=table_world["director"],
    )
    games = [*FIXED_SHEET[:2]] + [
        {"number": n, "scores": {"A": 30, "B": -10, "D": -20}} for n in (3, 4)
    ]
    enter(table, games=games, letter="A")
    with pytest.raises(ValidationError) as exc:
        sign(table, "C")
    assert exc.value.messages == ["Position C muss diese Fassung nicht bestätigen."]


def test_a_new_entry_starts_the_signoffs_anew(table):
    enter(table)
    sign(table, "B")
    games = [{"number": 1, "scores": {"A": 70, "B": -20, "C": -20, "D": -30}}, *FIXED_SHEET[1:]]
    enter(table, games=games, version=1, reason="Einspruch von D")
    with pytest.raises(ValidationError) as exc:
        sign(table, "C", version=1)
    assert exc.value.code == "conflict"
    assert sign(table, "B", version=2).version.number == 2


def test_no_entry_while_the_desk_clarifies(table, table_world):
    enter(table)
    sheet = ResultSheet.objects.get(table=table)
    sheet_services.sheet_needs_clarification(
        sheet=sheet, expected_version=1, note="Spiel 3 unleserlich", user=table_world["desk"]
    )
    with pytest.raises(ValidationError) as exc:
        enter(table, version=2, reason="x")
    assert exc.value.messages == [
        "Der Orgatisch klärt diesen Bogen gerade. Bitte direkt am Orgatisch melden."
    ]
    with pytest.raises(ValidationError):
        sign(table, "B", version=2)
    assert not SheetSignoff.objects.exists()
