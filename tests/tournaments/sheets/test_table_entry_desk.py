"""The desk as the second pair of eyes for sheets entered at the table (issue #15.4, Klub 10.2:
the paper handed in is the valid sheet): board states with the table's sign-offs, the table's
entry on the sheet page, confirmation in one click or by blind re-typing of the paper."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tests.support.builders import (
    FIXED_SHEET,
    make_table_entry,
    sign_table_entry,
)
from tournaments.common.sheet_grid import grid_from_games
from tournaments.domain.table_entry import Difference
from tournaments.enums import SheetAction, SheetStatus
from tournaments.models import ResultSheet, SheetVersion
from tournaments.registration import services as registration_services
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def w(desk_round):
    return desk_round


def url(w, name="director:sheet", table=1):
    return reverse(name, args=[w["t"].pk, 1, table])


def board(client, w):
    return client.get(reverse("director:desk_board", args=[w["t"].pk, 1]))


def blind(games, version):
    """The blind form as the desk fills it: every cell re-typed from the paper."""
    return {**grid_from_games(games), "action": "confirm_blind", "version": str(version)}


def test_board_shows_the_tables_signoffs_and_a_dispute(client, w):
    first = make_table_entry(w["tables"][1], FIXED_SHEET, letter="B")
    sign_table_entry(first, {"A": "confirmed"})
    second = make_table_entry(w["tables"][2], FIXED_SHEET, letter="A")
    sign_table_entry(second, {"B": "confirmed", "C": "disputed"}, note="Spiel 2 falsch")
    client.force_login(w["desk"])
    response = board(client, w)
    html = response.content.decode()
    assert [r["label"] for r in response.context["rows"]] == [
        "am Tisch eingetragen, 1/3 bestätigt",
        "Einspruch von C",
    ]
    assert 'data-testid="count-at-table">1<' in html
    assert 'data-testid="count-disputed">1<' in html
    # Both wait for the desk: the next one to confirm is table 1.
    assert response.context["next_unconfirmed"].number == 1


def test_the_english_board_calls_a_dispute_disputed_not_an_appeal(client, w):
    """Issue 28.8: "Appeal" is the word of an appeal to the rules commission."""
    version = make_table_entry(w["tables"][2], FIXED_SHEET, letter="A")
    sign_table_entry(version, {"B": "confirmed", "C": "disputed"}, note="Spiel 2 falsch")
    client.force_login(w["desk"])
    with translation.override("en"):  # the middleware's English ends with the test
        response = client.get(
            reverse("director:desk_board", args=[w["t"].pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
        )
        labels = [r["label"] for r in response.context["rows"]]
    html = response.content.decode()
    assert labels[1] == "Disputed by C"
    assert 'data-testid="count-disputed">1</strong>Disputed</li>' in html
    assert "Appeal" not in html


def test_board_shows_signed_once_every_other_seat_confirmed(client, w):
    version = make_table_entry(w["tables"][1], FIXED_SHEET, letter="B")
    sign_table_entry(version, dict.fromkeys("ACD", "confirmed"))
    client.force_login(w["desk"])
    rows = board(client, w).context["rows"]
    assert (rows[0]["state"], rows[0]["label"]) == ("signed", "am Tisch bestätigt (3/3)")
    assert (rows[1]["state"], rows[1]["label"]) == ("missing", "fehlt")


def test_a_withdrawn_player_need_not_sign(client, w):
    """SPEC §7: a player out of the round has no sign-off to give."""
    table = w["tables"][1]
    away = table.seats.get(letter="D")
    registration_services.registration_update(
        registration=w["t"].registrations.get(player=away.player),
        withdrawn=True,
        from_game=3,
        user=w["director"],
    )
    games = [g if g["number"] < 3 else {**g, "scores": {"A": 30, "B": -10, "C": -20}}
             for g in FIXED_SHEET]  # fmt: skip
    version = make_table_entry(table, games, letter="A")
    sign_table_entry(version, {"B": "confirmed", "C": "confirmed"})
    client.force_login(w["desk"])
    assert board(client, w).context["rows"][0]["label"] == "am Tisch bestätigt (2/2)"


def test_sheet_page_shows_who_entered_from_which_phone_and_the_signoffs(client, w):
    version = make_table_entry(w["tables"][1], FIXED_SHEET, letter="B", device="abc123 · Firefox")
    sign_table_entry(version, {"A": "confirmed", "C": "disputed"}, note="D hatte -20")
    client.force_login(w["desk"])
    response = client.get(url(w))
    html = response.content.decode()
    b_name = w["tables"][1].seats.get(letter="B").player.full_name
    assert f"Eingetragen von B {b_name}" in html
    assert 'data-testid="table-entry-device">abc123 · Firefox<' in html
    signoffs = html.split('data-testid="signoffs"')[1].split("</ul>")[0]
    assert "bestätigt" in signoffs.split('data-testid="signoff-A"')[1].split("</li>")[0]
    assert "„D hatte -20“" in signoffs.split('data-testid="signoff-C"')[1].split("</li>")[0]
    assert "steht aus" in signoffs.split('data-testid="signoff-D"')[1].split("</li>")[0]
    assert 'data-testid="signoff-B"' not in signoffs  # the seat that entered signs nothing
    # A dispute: no one-click confirmation, only blind re-typing.
    assert 'value="confirm"' not in html
    assert 'value="confirm_blind"' in html


def test_one_click_confirm_records_the_papers_facts(client, w):
    version = make_table_entry(w["tables"][1], FIXED_SHEET, letter="B")
    sign_table_entry(version, dict.fromkeys("ACD", "confirmed"))
    client.force_login(w["desk"])
    page = client.get(url(w))
    assert page.context["confirm_paper"] == {"filled_in_by": "B", "signed": "yes"}
    data = {"action": "confirm", "version": "1", "paper": "1", "filled_in_by": "C",
            "signed_by_all": "yes"}  # fmt: skip
    response = client.post(url(w, "director:sheet_action"), data)
    assert response.status_code == 302
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    assert sheet.status == SheetStatus.CONFIRMED
    confirmed = sheet.current
    assert (confirmed.number, confirmed.action, confirmed.created_by) == (2, "confirmed", w["desk"])
    assert (confirmed.filled_in_by, confirmed.signed_by_all) == ("C", True)
    assert confirmed.games == version.games
    # Nothing overwritten: the table's version stays as it was.
    version.refresh_from_db()
    assert (version.action, version.filled_in_by, version.created_by) == (
        SheetAction.TABLE_ENTERED,
        "B",
        None,
    )


def test_blind_retyping_that_matches_confirms_at_once(client, w):
    make_table_entry(w["tables"][1], FIXED_SHEET, letter="A")
    client.force_login(w["desk"])
    data = {**blind(FIXED_SHEET, 1), "paper": "1", "filled_in_by": "A", "signed_by_all": "no"}
    response = client.post(url(w, "director:sheet_action"), data)
    assert response.status_code == 302
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    assert (sheet.status, sheet.version) == (SheetStatus.CONFIRMED, 2)
    assert (sheet.current.filled_in_by, sheet.current.signed_by_all) == ("A", False)


def test_blind_retyping_with_a_typo_shows_the_differences_and_confirms_nothing(client, w):
    make_table_entry(w["tables"][1], FIXED_SHEET, letter="A")
    paper = [dict(g) for g in FIXED_SHEET]
    paper[1] = {"number": 2, "scores": {"A": 45, "B": -5, "C": -25, "D": -15}}
    client.force_login(w["desk"])
    response = client.post(url(w, "director:sheet_action"), blind(paper, 1))
    html = response.content.decode()
    assert response.status_code == 422
    assert response.context["differences"] == [
        Difference(2, "C", "points", -20, -25),
        Difference(2, "D", "points", -20, -15),
    ]
    row = html.split('data-testid="difference-2-C"')[1].split("</tr>")[0]
    assert ">-20<" in row and ">-25<" in row
    assert "weichen an 2 Stelle(n) von der Erfassung ab" in html
    # The correction form below holds the paper's figures, ready to save with a reason.
    assert 'name="g2_C" value="-25"' in html
    assert f'action="{url(w)}"' in html  # saved on the sheet page, not the action URL
    # The round's result below is the paper's: C is 4th in game 2 there (Klub 10.1), not 3rd.
    assert response.context["preview"]["totals"]["C"] == {
        "placement_points": 4,
        "game_points": -57,
    }
    assert SheetVersion.objects.count() == 1
    assert ResultSheet.objects.get(table=w["tables"][1]).status == SheetStatus.ENTERED


def test_correcting_after_a_difference_needs_a_second_person(client, w, director):
    make_table_entry(w["tables"][1], FIXED_SHEET, letter="A")
    paper = [dict(g) for g in FIXED_SHEET]
    paper[1] = {"number": 2, "scores": {"A": 45, "B": -5, "C": -25, "D": -15}}
    client.force_login(w["desk"])
    data = {**grid_from_games(paper), "version": "1", "action": "save", "reason": "Papier"}
    assert client.post(url(w), data).status_code == 302
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    assert (sheet.current.action, sheet.current.created_by) == ("corrected", w["desk"])
    assert board(client, w).context["rows"][0]["state"] == "entered"
    client.post(url(w, "director:sheet_action"), {"action": "confirm", "version": "2"})
    assert ResultSheet.objects.get(pk=sheet.pk).status == SheetStatus.ENTERED  # own correction
    client.force_login(director)
    client.post(url(w, "director:sheet_action"), {"action": "confirm", "version": "2"})
    assert ResultSheet.objects.get(pk=sheet.pk).status == SheetStatus.CONFIRMED


def test_a_disputed_entry_is_confirmed_only_blind(w):
    version = make_table_entry(w["tables"][1], FIXED_SHEET, letter="A")
    sign_table_entry(version, {"B": "disputed"}, note="falsch")
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=w["desk"])
    assert excinfo.value.messages == [
        "Am Tisch wurde Einspruch erhoben: bitte die Zahlen vom Papierbogen blind nachtippen, "
        "korrigieren oder „Klärung nötig“ setzen."
    ]
    confirmed = sheet_services.sheet_confirm(
        sheet=sheet, expected_version=1, user=w["desk"], retyped=FIXED_SHEET
    )
    assert confirmed.status == SheetStatus.CONFIRMED


def test_sheet_confirm_mismatch_carries_the_differences(w):
    make_table_entry(w["tables"][1], FIXED_SHEET, letter="A")
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    paper = [{**g, "scores": {**g["scores"]}} for g in FIXED_SHEET]
    paper[3]["scores"]["B"] = -80
    with pytest.raises(sheet_services.SheetMismatch) as excinfo:
        sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=w["desk"], retyped=paper)
    assert excinfo.value.differences == [Difference(4, "B", "points", -8, -80)]
    assert SheetVersion.objects.count() == 1


def test_confirm_refuses_a_seat_letter_the_table_does_not_have(w):
    make_table_entry(w["tables"][1], FIXED_SHEET, letter="A")
    sheet = ResultSheet.objects.get(table=w["tables"][1])
    with pytest.raises(ValidationError) as excinfo:
        sheet_services.sheet_confirm(
            sheet=sheet, expected_version=1, user=w["desk"], paper=("X", True)
        )
    assert excinfo.value.messages == ["„Ausgefüllt von“: Position X gibt es an diesem Tisch nicht."]


def test_the_boards_queries_do_not_grow_with_the_tables_entries(client, w):
    """One set of queries for the whole round: states and sign-offs are not read per table."""
    client.force_login(w["desk"])
    board(client, w)  # sessions and caches warm
    first = make_table_entry(w["tables"][1], FIXED_SHEET, letter="B")
    sign_table_entry(first, {"A": "confirmed"})
    with CaptureQueriesContext(connection) as one:
        board(client, w)
    second = make_table_entry(w["tables"][2], FIXED_SHEET, letter="A")
    sign_table_entry(second, {"B": "confirmed", "C": "disputed", "D": "confirmed"})
    with CaptureQueriesContext(connection) as two:
        labels = [r["label"] for r in board(client, w).context["rows"]]
    assert labels == ["am Tisch eingetragen, 1/3 bestätigt", "Einspruch von C"]
    assert len(two.captured_queries) == len(one.captured_queries)
