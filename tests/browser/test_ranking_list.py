"""The ranking list on a phone (issue 14): one page at a time, the next one swapped in by htmx
(the address follows, so it can be shared), a search narrows the list as one types."""

from __future__ import annotations

from datetime import date

import pytest

from ranking.compute import services as compute
from ranking.models import RankingEntry
from ranking.public import listing
from tests.support.builders import make_players, make_user, play_tournament
from tournaments.enums import GlobalRole

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_paging_and_search_in_the_ranking_list(phone, live_server, monkeypatch):
    monkeypatch.setattr(listing, "PAGE_SIZE", 5)
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    play_tournament(
        director=director,
        desk=make_user("orga"),
        players=make_players(12),
        end=date(2026, 6, 7),
        count=12,
        seed=5,
    )
    compute.ranking_recompute_year(year=2026)
    entries = list(RankingEntry.objects.select_related("player").order_by("rank", "player_id"))
    rows = phone.locator("[data-testid=ranking-table] tbody tr")

    phone.goto(f"{live_server.url}/ranking/2026/")
    assert rows.count() == 5
    phone.get_by_role("link", name="weiter »").click()  # htmx swaps only the list
    phone.get_by_text("Seite 2 von 3").wait_for()
    assert "seite=2" in phone.url
    assert rows.first.get_attribute("data-player") == str(entries[5].player_id)
    assert phone.get_by_role("heading", name="Gewertete Turniere").count() == 1

    target = entries[11].player  # on page 3
    phone.get_by_label("Spieler, Verein oder Rang suchen").fill(target.last_name)
    phone.get_by_text("Treffer für").wait_for()
    phone.locator(f'tr[data-player="{target.pk}"]').wait_for()
    assert "q=" in phone.url and "seite" not in phone.url
    assert rows.count() == sum(
        1
        for e in entries
        if target.last_name.lower() in e.player.public_name.lower()
        or target.last_name.lower() in e.player.club.lower()
    )
