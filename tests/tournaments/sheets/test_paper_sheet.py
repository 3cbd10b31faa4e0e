"""The desk records who filled the paper sheet in and whether all signed (Klub 10.2, 10.4)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import FIXED_SHEET, make_released_round, make_user
from tournaments.models import ResultSheet, SheetVersion
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db

FORM = {
    **{f"g{n + 1}_{x}": str(v) for n, g in enumerate(FIXED_SHEET) for x, v in g["scores"].items()},
    "version": "0",
    "action": "save",
}


@pytest.fixture
def world(director, players):
    desk = make_user("orga-papier")
    t, rnd = make_released_round(director=director, players=players, count=8, seed=3, desk=[desk])
    return {"t": t, "table": rnd.tables.get(number=1), "desk": desk, "director": director}


def test_the_facts_are_kept_with_the_version_and_carried_to_the_confirmation(world):
    sheet = sheet_services.sheet_save(
        table=world["table"],
        games=FIXED_SHEET,
        expected_version=0,
        user=world["desk"],
        filled_in_by="B",
        signed_by_all=True,
    )
    sheet = sheet_services.sheet_confirm(
        sheet=sheet, expected_version=sheet.version, user=world["director"]
    )
    assert list(
        SheetVersion.objects.filter(sheet=sheet).values_list(
            "number", "action", "filled_in_by", "signed_by_all"
        )
    ) == [(1, "entered", "B", True), (2, "confirmed", "B", True)]


def test_a_change_of_the_facts_alone_is_a_new_version(world):
    sheet = sheet_services.sheet_save(
        table=world["table"], games=FIXED_SHEET, expected_version=0, user=world["desk"]
    )
    sheet = sheet_services.sheet_save(
        table=world["table"],
        games=FIXED_SHEET,
        expected_version=1,
        user=world["desk"],
        reason="Unterschriften nachgetragen",
        filled_in_by="A",
        signed_by_all=False,
    )
    assert (sheet.version, sheet.current.filled_in_by, sheet.current.signed_by_all) == (
        2,
        "A",
        False,
    )


def test_a_seat_that_is_not_at_the_table_is_refused(world):
    with pytest.raises(ValidationError) as info:
        sheet_services.sheet_save(
            table=world["table"],
            games=FIXED_SHEET,
            expected_version=0,
            user=world["desk"],
            filled_in_by="Z",
        )
    assert info.value.messages == ["„Ausgefüllt von“: Position Z gibt es an diesem Tisch nicht."]
    assert not SheetVersion.objects.exists()


def test_the_desk_page_records_and_shows_them(client, world):
    client.force_login(world["desk"])
    url = reverse("director:sheet", args=[world["t"].pk, 1, 1])
    response = client.post(url, {**FORM, "filled_in_by": "C", "signed_by_all": "no"})
    assert response.status_code == 302
    version = ResultSheet.objects.get(table=world["table"]).current
    assert (version.filled_in_by, version.signed_by_all) == ("C", False)
    page = client.get(url).content.decode()
    assert "ausgefüllt von C · <strong>nicht von allen unterschrieben</strong>" in page
    assert '<option value="C" selected>' in page
