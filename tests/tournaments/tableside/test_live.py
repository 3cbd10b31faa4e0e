"""Issue #15.5 with #15.2/15.3/15.6: every write from a table's phone and every step of a
referee call moves the desk generation, so the desk board's next poll gets 200, not 304."""

import uuid

import pytest
from django.urls import reverse

from tests.support.builders import FIXED_SHEET
from tournaments.enums import SignoffVerdict
from tournaments.referees import calls
from tournaments.tableside import services

pytestmark = pytest.mark.django_db


def poll(client, url, tag=None):
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "desk-board"}
    if tag:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return client.get(url, **headers)


@pytest.fixture
def board(client, table_world):
    """The desk's signed-in client and its board's URL; the first poll's tag answers 304."""
    client.force_login(table_world["desk"])
    url = reverse("director:desk_board", args=[table_world["t"].pk, table_world["round"].number])
    tag = poll(client, url)["ETag"]
    assert poll(client, url, tag).status_code == 304
    return client, url


def moved(board, tag: str) -> str:
    """The board's new tag after a write: the old one gets the page (200), the new one 304."""
    client, url = board
    after = poll(client, url, tag)
    assert after.status_code == 200
    assert after["ETag"] != tag
    assert poll(client, url, after["ETag"]).status_code == 304
    return after["ETag"]


def test_each_table_write_moves_the_desk_board(
    board, table_world, django_capture_on_commit_callbacks
):
    client, url = board
    table = table_world["round"].tables.get(number=1)
    tag = poll(client, url)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        services.sheet_enter_at_table(
            table=table,
            games=FIXED_SHEET,
            filled_in_by="A",
            device="dev · Firefox",
            submission_key=uuid.uuid4(),
            expected_version=0,
        )
    tag = moved(board, tag)
    assert "am Tisch eingetragen" in poll(client, url).content.decode()
    for letter, verdict in (("B", SignoffVerdict.CONFIRMED), ("C", SignoffVerdict.DISPUTED)):
        with django_capture_on_commit_callbacks(execute=True):
            services.sheet_signoff(
                table=table, version_number=1, letter=letter, verdict=verdict, device="dev"
            )
        tag = moved(board, tag)
    assert "Einspruch von C" in poll(client, url).content.decode()


def test_each_step_of_a_referee_call_moves_the_desk_board(
    board, table_world, django_capture_on_commit_callbacks
):
    client, url = board
    table = table_world["round"].tables.get(number=2)
    director = table_world["director"]
    tag = poll(client, url)["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        call = calls.referee_call_open(table=table, reason="Joker?", device="dev")
    tag = moved(board, tag)
    with django_capture_on_commit_callbacks(execute=True):
        calls.referee_call_open(table=table, reason="noch einmal", device="dev")
    assert poll(client, url, tag).status_code == 304  # the open call returned: nothing new
    with django_capture_on_commit_callbacks(execute=True):
        calls.referee_call_take(call=call, user=director)
    tag = moved(board, tag)
    with django_capture_on_commit_callbacks(execute=True):
        calls.referee_call_close(call=call, user=director, outcome="Regel erklärt")
    moved(board, tag)
