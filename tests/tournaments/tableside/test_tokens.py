"""Issue #15.1: the QR token and the short code name one table and nothing else."""

import pytest

from tournaments.tableside.tokens import (
    TableKey,
    read_code,
    read_token,
    table_code,
    table_token,
)


def test_a_token_names_its_tournament_round_and_table():
    token = table_token(tournament_id=3, round_id=17, table_id=412)
    assert read_token(token) == TableKey(tournament_id=3, round_id=17, table_id=412)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace("3.17.412", "3.17.413"),  # another table, same signature
        lambda t: t[:-1] + ("A" if t[-1] != "A" else "B"),  # signature altered
        lambda t: t.split(":")[0],  # signature cut off
        lambda t: "",
        lambda t: "x" * 300,
    ],
)
def test_a_token_changed_in_any_way_is_refused(change):
    token = table_token(tournament_id=3, round_id=17, table_id=412)
    assert read_token(change(token)) is None


def test_a_token_is_signed_with_the_secret_key(settings):
    token = table_token(tournament_id=3, round_id=17, table_id=412)
    settings.SECRET_KEY = "ein-anderer-schluessel-" + "x" * 40
    assert read_token(token) is None


def test_a_short_code_reads_back_forgiving_case_spaces_and_typos():
    code = table_code(1234)
    assert read_code(code) == 1234
    typed = " " + code.lower().replace("-", " ").replace("0", "o").replace("1", "l") + " "
    assert read_code(typed) == 1234


def test_a_short_code_is_short_and_grouped():
    code = table_code(1234)
    head, check = code.split("-")
    assert (head, len(check)) == ("16J", 5)  # 1234 = 1·32² + 6·32 + 18 (J: no I in base32)


@pytest.mark.parametrize("code", ["", "AB", "ZZZZZZZZZZZZZZZZZZZZ", "16J-?????", "U6J-ABCDE"])
def test_a_malformed_short_code_is_refused(code):
    assert read_code(code) is None


def test_a_short_code_of_another_table_does_not_fit():
    code = table_code(1234)
    head, check = code.split("-")
    assert read_code(f"{head[:-1]}K-{check}") is None
