"""Issue #15.1-15.3: the table's phone pages – keys, entry without an account, sign-offs."""

import re
import uuid
from unittest import mock

import pytest
from django.urls import reverse

from tests.support.builders import FIXED_SHEET, make_drawn_round, play_round
from tournaments.common import breaker, table_limits
from tournaments.common.table_limits import FAILURES
from tournaments.enums import SheetAction
from tournaments.models import RefereeCall, SheetSignoff, SheetVersion
from tournaments.sheets import services as sheet_services
from tournaments.tableside import selectors, views
from tournaments.tableside.tokens import table_code
from tournaments.tableside.views import token_for

pytestmark = pytest.mark.django_db


def grid(games=FIXED_SHEET) -> dict:
    return {
        f"g{game['number']}_{letter}": f"{points:+d}".replace("-", "−")  # as phones type it
        for game in games
        for letter, points in game["scores"].items()
    }


def form(**extra) -> dict:
    return {
        **grid(),
        "filled_in_by": "A",
        "version": "0",
        "submission_key": str(uuid.uuid4()),
        "device_id": "abc123def456",
        "action": "save",
        **extra,
    }


@pytest.fixture
def table(table_world):
    return table_world["round"].tables.get(number=1)


@pytest.fixture
def url(table):
    return reverse("table:entry", args=[token_for(table)])


def test_the_page_shows_the_four_seats_and_a_row_per_game(client, table, url):
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200
    for seat in table.seats.select_related("player"):
        assert seat.player.full_name in html
    assert [n for n in range(1, 6) if f'name="g{n}_A"' in html] == [1, 2, 3, 4]
    assert 'name="submission_key"' in html
    assert "no-store" in response["Cache-Control"]  # the key is in the URL: never kept


def test_saving_writes_a_table_entered_version_and_sends_the_phone_round(client, table, url):
    data = form()
    response = client.post(url, data, HTTP_USER_AGENT="Mozilla/5.0 (Android) Firefox/130.0")
    assert response.status_code == 302
    assert response["Location"] == url
    version = SheetVersion.objects.get(sheet__table=table)
    assert (version.action, version.filled_in_by, version.device) == (
        SheetAction.TABLE_ENTERED,
        "A",
        "abc123def456 · Firefox",
    )
    assert version.games[1]["scores"] == {"A": 45, "B": -5, "C": -20, "D": -20}
    page = client.get(url).content.decode()
    assert "Telefon weitergeben" in page
    again = client.post(url, data)  # re-sent after a lost connection
    assert (again.status_code, SheetVersion.objects.filter(sheet__table=table).count()) == (302, 1)


def test_a_save_by_the_phones_script_is_answered_without_a_redirect(client, table, url):
    """The script loads the page itself after a 204: the message waits for that page."""
    response = client.post(url, form(), HTTP_X_TABLE_SCRIPT="1")
    assert (response.status_code, response.content) == (204, b"")
    assert SheetVersion.objects.filter(sheet__table=table).count() == 1
    page = client.get(url).content.decode()
    assert "Gespeichert (Version 1)" in page


def test_a_wrong_sum_is_refused_with_the_desks_message(client, table, url):
    games = [{"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -20}}, *FIXED_SHEET[1:]]
    response = client.post(url, form(**grid(games)))
    assert response.status_code == 422
    assert "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)." in response.content.decode()
    assert not SheetVersion.objects.filter(sheet__table=table).exists()


def test_the_live_check_answers_with_the_preview_only(client, url):
    games = [{"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -20}}]
    response = client.post(url, grid(games), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="preview"')
    assert "Die Summe ist +10 statt 0" in html
    assert 'id="g2-feedback"' in html  # a game not started yet stays quiet
    assert "Spiel 2" not in html


def test_signoffs_go_round_the_table(client, table, url):
    client.post(url, form())
    signoff = reverse("table:signoff", args=[token_for(table)])
    picker = client.get(signoff).content.decode()
    assert [x for x in "ABCD" if f'data-testid="pick-{x}"' in picker] == ["B", "C", "D"]
    assert "Ich bestätige die Ergebnisse" in client.get(signoff + "?platz=B").content.decode()
    for letter in "BC":
        response = client.post(signoff, {"letter": letter, "version": 1, "verdict": "confirmed"})
        assert response.status_code == 302
    client.post(signoff, {"letter": "D", "version": 1, "verdict": "confirmed"})
    assert 'data-testid="all-signed"' in client.get(signoff).content.decode()
    assert list(SheetSignoff.objects.values_list("letter", "verdict")) == [
        ("B", "confirmed"),
        ("C", "confirmed"),
        ("D", "confirmed"),
    ]


def test_a_dispute_is_recorded_with_its_note(client, table, url):
    client.post(url, form())
    signoff = reverse("table:signoff", args=[token_for(table)])
    client.post(
        signoff, {"letter": "C", "version": 1, "verdict": "disputed", "note": "Spiel 3: −12"}
    )
    answer = SheetSignoff.objects.get()
    assert (answer.letter, answer.verdict, answer.note) == ("C", "disputed", "Spiel 3: −12")
    assert 'data-testid="disputed"' not in client.get(signoff).content.decode()  # B, D wait
    page = client.get(url).content.decode()
    assert "Einspruch" in page


def test_the_short_code_opens_the_tables_page(client, table, url):
    typed = table_code(table.pk).lower().replace("-", " ")
    response = client.post(reverse("table:code"), {"code": typed})
    assert (response.status_code, response["Location"]) == (302, url)


def test_a_wrong_code_gets_a_german_404_and_too_many_a_429(client):
    code_url = reverse("table:code")
    response = client.post(code_url, {"code": "16J-ABCDE"})
    assert response.status_code == 404
    assert str(selectors.UNKNOWN[1]) in response.content.decode()
    for _ in range(FAILURES - 1):
        client.post(code_url, {"code": "16J-ABCDE"})
    response = client.post(code_url, {"code": "16J-ABCDE"})
    assert response.status_code == 429
    assert response["Retry-After"] == str(table_limits.FAILURE_WINDOW)
    assert "Zu viele Versuche" in response.content.decode()
    forged = client.get(reverse("table:entry", args=["1.2.3:falsch"]))
    assert forged.status_code == 429


def _wrong(code: str) -> str:
    """The same table's id with another check: a guess at that table."""
    head, check = code.split("-")
    return f"{head}-{'0000A' if check != '0000A' else '0000B'}"


def test_many_wrong_codes_from_one_address_do_not_refuse_the_valid_code_or_qr(client, table, url):
    """Issue #30.3: a venue's phones behind one address keep their table entry."""
    code_url = reverse("table:code")
    for _ in range(FAILURES):
        client.post(code_url, {"code": "16J-ABCDE"})
    assert client.post(code_url, {"code": "16J-ABCDE"}).status_code == 429
    valid = client.post(code_url, {"code": table_code(table.pk)})
    assert (valid.status_code, valid["Location"]) == (302, url)
    assert client.get(url).status_code == 200


def test_wrong_codes_for_a_round_close_its_short_codes_but_not_its_qr_codes(
    client, table_world, table, url, settings
):
    settings.TABLE_CODE_ROUND_FAILURES = 5
    code_url = reverse("table:code")
    other = table_world["round"].tables.get(number=2)
    statuses = [  # from five addresses, below any address's limit
        client.post(
            code_url, {"code": _wrong(table_code(other.pk))}, REMOTE_ADDR=f"10.0.0.{n}"
        ).status_code
        for n in range(5)
    ]
    assert statuses == [404, 404, 404, 404, 403]  # the fifth closes them and says so
    closed = client.post(code_url, {"code": table_code(table.pk)}, REMOTE_ADDR="10.0.1.1")
    assert closed.status_code == 403
    assert str(views.CODES_CLOSED[1]) in closed.content.decode()
    assert "QR-Code auf der Tischkarte" in closed.content.decode()
    assert client.get(url, REMOTE_ADDR="10.0.1.1").status_code == 200  # the QR code still opens
    board = reverse("director:desk_board", args=[table_world["t"].pk, 1])
    client.force_login(table_world["desk"])
    page = client.get(board).content.decode()
    assert 'data-testid="desk-short-codes-closed"' in page
    assert "Kurzcodes für diese Runde gesperrt" in page


def test_wrong_codes_naming_no_table_do_not_count_against_a_round(client, table, settings):
    settings.TABLE_CODE_ROUND_FAILURES = 2
    for n in range(3):
        client.post(reverse("table:code"), {"code": "ZZZZZZ-ABCDE"}, REMOTE_ADDR=f"10.0.0.{n}")
    assert table_limits.round_wrong_codes(table.round_id) == 0
    valid = client.post(reverse("table:code"), {"code": table_code(table.pk)})
    assert valid.status_code == 302


def test_the_desk_board_has_no_warning_below_the_limit(client, table_world, table):
    client.post(reverse("table:code"), {"code": _wrong(table_code(table.pk))})
    assert table_limits.round_wrong_codes(table.round_id) == 1
    client.force_login(table_world["desk"])
    board = reverse("director:desk_board", args=[table_world["t"].pk, 1])
    assert 'data-testid="desk-short-codes-closed"' not in client.get(board).content.decode()


def test_the_limits_hold_while_the_cache_is_down(client, table, url):
    """Issue #30.3: with Redis down each process counts for itself, never unlimited."""
    with mock.patch.object(breaker, "is_open", return_value=True):
        for _ in range(FAILURES):
            client.post(reverse("table:code"), {"code": "16J-ABCDE"})
        assert client.post(reverse("table:code"), {"code": "16J-ABCDE"}).status_code == 429
        assert client.get(url).status_code == 200


def test_a_forged_token_gets_a_german_404(client):
    response = client.get(reverse("table:entry", args=["1.2.3:falsch"]))
    assert response.status_code == 404
    assert str(selectors.UNKNOWN[1]) in response.content.decode()


def test_a_key_is_spent_once_the_round_is_published(client, table_world, table, url):
    play_round(table_world["round"], director=table_world["director"], desk=table_world["desk"])
    response = client.get(url)
    assert response.status_code == 410
    assert str(selectors.PUBLISHED[1]) in response.content.decode()


def test_the_directors_switch_closes_the_page(client, table_world, url):
    table_world["t"].table_entry = False
    table_world["t"].save(update_fields=["table_entry"])
    response = client.get(url)
    assert response.status_code == 403
    assert str(selectors.SWITCHED_OFF[1]) in response.content.decode()


def test_a_sheet_at_the_desk_is_shown_not_entered(client, table_world, table, url):
    sheet_services.sheet_save(
        table=table, games=FIXED_SHEET, expected_version=0, user=table_world["desk"]
    )
    page = client.get(url).content.decode()
    assert 'data-testid="table-state"' in page
    assert 'id="table-entry"' not in page


def test_staff_prints_carry_the_key_the_public_cards_do_not(client, table_world, table):
    t, rnd = table_world["t"], table_world["round"]
    cards = reverse("table_cards", args=[t.pk, rnd.number])
    assert 'data-testid="short-code"' not in client.get(cards).content.decode()
    client.force_login(table_world["desk"])
    html = client.get(reverse("director:result_sheets", args=[t.pk, rnd.number])).content.decode()
    assert table_code(table.pk) in html
    assert html.count('src="data:image/svg+xml') == 2  # one QR code per table
    assert table_code(table.pk) in client.get(cards).content.decode()


def test_no_key_is_printed_when_table_entry_is_off(client, table_world, table):
    t, rnd = table_world["t"], table_world["round"]
    t.table_entry = False
    t.save(update_fields=["table_entry"])
    client.force_login(table_world["desk"])
    html = client.get(reverse("director:result_sheets", args=[t.pk, rnd.number])).content.decode()
    assert table_code(table.pk) not in html


def test_a_referee_call_reaches_the_service(client, table, url):
    response = client.post(
        reverse("table:referee_call", args=[token_for(table)]), {"reason": "Joker-Streit"}
    )
    assert (response.status_code, response["Location"]) == (302, url + "#schiedsrichter")
    call = RefereeCall.objects.get()
    assert (call.table_id, call.reason) == (table.pk, "Joker-Streit")


def test_after_a_dispute_the_table_enters_anew_with_a_reason(client, table, url):
    client.post(url, form())
    signoff = reverse("table:signoff", args=[token_for(table)])
    client.post(signoff, {"letter": "C", "version": 1, "verdict": "disputed"})
    page = client.get(url + "?neu=1").content.decode()
    assert 'id="table-entry"' in page and 'name="reason"' in page
    games = [{"number": 1, "scores": {"A": 70, "B": -20, "C": -20, "D": -30}}, *FIXED_SHEET[1:]]
    refused = client.post(url, form(**grid(games), version="1"))
    assert refused.status_code == 422
    assert "Neu eintragen braucht einen Grund" in refused.content.decode()
    response = client.post(url, form(**grid(games), version="1", reason="Einspruch von C"))
    assert response.status_code == 302
    versions = SheetVersion.objects.filter(sheet__table=table).order_by("number")
    assert [(v.number, v.action, v.reason) for v in versions] == [
        (1, "table_entered", ""),
        (2, "table_entered", "Einspruch von C"),
    ]
    picker = client.get(signoff).content.decode()  # the sign-offs start anew
    assert [x for x in "ABCD" if f'data-testid="pick-{x}"' in picker] == ["B", "C", "D"]


def test_a_drawn_round_has_no_open_table(client, director, players):
    _, rnd = make_drawn_round(director=director, players=players, count=4, seed=1)
    response = client.get(reverse("table:entry", args=[token_for(rnd.tables.get())]))
    assert response.status_code == 404
    assert str(selectors.NOT_RELEASED[1]) in response.content.decode()


@pytest.mark.parametrize("token", ["ä" * 10, "x" * 500, "1.2.3", "..", "1:2:3:4"])
def test_garbage_tokens_get_the_german_404(client, token):
    response = client.get(reverse("table:entry", args=[token]))
    assert response.status_code == 404
    assert str(selectors.UNKNOWN[1]) in response.content.decode()


def test_an_empty_post_gets_the_german_form_again(client):
    """No field at all (issue 30.4): the form is bound all the same, no 500."""
    response = client.post(reverse("table:code"))
    assert response.status_code == 404
    page = response.content.decode()
    assert "Tisch-Code" in page
    assert str(selectors.UNKNOWN[1]) in page


@pytest.mark.parametrize("code", ["ä" * 10, "x" * 500, "", "--", "1-0000O"])
def test_garbage_codes_get_the_german_form_again(client, code):
    response = client.post(reverse("table:code"), {"code": code})
    assert response.status_code == 404
    assert "Tisch-Code" in response.content.decode()


def test_garbage_posts_change_nothing(client, table, url):
    response = client.post(url, form(g1_A="abc", submission_key="kaputt"))
    assert response.status_code == 422
    html = response.content.decode()
    assert "Spiel 1, Spieler A: „abc“ ist keine Zahl." in html
    signoff = reverse("table:signoff", args=[token_for(table)])
    client.post(url, form())
    for data in (
        {"letter": "Z", "version": "1", "verdict": "confirmed"},
        {"letter": "B", "version": "abc", "verdict": "confirmed"},
        {"letter": "B", "version": "1", "verdict": "vielleicht"},
        {"letter": "A", "version": "1", "verdict": "confirmed"},  # the entering seat
    ):
        assert client.post(signoff, data).status_code == 302
    assert SheetSignoff.objects.count() == 0
    assert SheetVersion.objects.filter(sheet__table=table).count() == 1


def test_the_checking_player_sees_each_seats_figures_in_a_row_and_their_own_marked(
    client, table, url
):
    """Issue 28.2: one row per player (on a phone the name above its figures), the games, then
    placement and game points; the row of the player who checks is marked."""
    client.post(url, form())
    signoff = reverse("table:signoff", args=[token_for(table)])
    html = client.get(signoff + "?platz=C").content.decode()
    rows = re.findall(
        r'<tr data-testid="figures-([A-D])"( class="highlight" aria-current="true")?>'
        r'\s*<th scope="row">(.*?)</th>(.*?)</tr>',
        html,
        re.S,
    )
    cells = {
        letter: re.findall(r'<td class="num[^"]*"[^>]*>([^<]*)</td>', figures)
        for letter, _mark, _name, figures in rows
    }
    assert cells == {
        "A": ["+60", "+45", "+40", "+25", "16", "170"],
        "B": ["-10", "-5", "-14", "-8", "9", "-37"],
        "C": ["-20", "-20", "-3", "-9", "5", "-52"],
        "D": ["-30", "-20", "-23", "-8", "3", "-81"],
    }
    assert [letter for letter, mark, _name, _figures in rows if mark] == ["C"]
    assert [name.endswith('<strong class="badge">Sie</strong>') for *_x, name, _f in rows] == [
        False,
        False,
        True,
        False,
    ]
