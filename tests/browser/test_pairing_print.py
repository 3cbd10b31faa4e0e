"""The pairing list by table printed on A4 (issue #17.5): a table's seats never split."""

import pytest

from tests.support.builders import make_released_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_tables_seats_stay_together_on_one_printed_page(page, live_server, director, players):
    t, _ = make_released_round(director=director, players=players, count=40, seed=4)
    page.goto(f"{live_server.url}/turniere/{t.pk}/runden/1/tische/")
    page.emulate_media(media="print")

    groups = page.locator("table.pairing-by-table tbody.table-group")
    breaks = groups.evaluate_all("els => els.map(el => getComputedStyle(el).breakInside)")
    numbers = page.locator("table.pairing-by-table tbody th[scope=row]").all_inner_texts()

    assert breaks == ["avoid"] * 10
    assert numbers == [str(n) for n in range(1, 11) for _ in range(4)]
