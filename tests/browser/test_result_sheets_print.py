"""The desk prints the official result sheets: one A4 page per table (Klub 10.2.1)."""

import os
import re

import pytest

from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_released_round, make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_desk_prints_one_a4_page_per_table(page, live_server, director, players):
    desk = make_user("orga-druck")
    t, _ = make_released_round(director=director, players=players, count=12, seed=4, desk=[desk])
    log_in(page, live_server.url, "orga-druck", PASSWORD)
    page.goto(f"{live_server.url}/leitung/turniere/{t.pk}/runden/1/ergebnislisten/")
    assert page.locator("article.result-sheet").count() == 3
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 3
    if os.environ.get("SAVE_PRINT_PDF"):
        with open(os.environ["SAVE_PRINT_PDF"], "wb") as out:
            out.write(pdf)
