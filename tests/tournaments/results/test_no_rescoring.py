"""No read path scores a sheet (issue 14): with the validator switched off, every page, CSV, the
API, the pairing order, the final's cut and the ranking rebuild still answer, from the stored
lines."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from ranking.compute import services as compute
from ranking.models import RankingEntry
from tests.support.builders import FIXED_SHEET, simulate_tournament
from tournaments.domain import scoring
from tournaments.domain.sheets import sheet_lines
from tournaments.models import ScoredLine, Seat, Tournament
from tournaments.rounds import selectors as rounds_selectors
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


def refuse(*args, **kwargs):
    raise AssertionError("a read path scored a sheet")


@pytest.fixture
def tournament():
    """A finished tournament with a final and a running one, built with the validator on."""
    finished = simulate_tournament("--players", "18", "--final", "--category", "beginners",
                                   "--seed", "31")  # fmt: skip
    running = simulate_tournament("--players", "12", "--stop-after", "1", "--seed", "32")
    return finished, running


def test_pages_api_pairing_and_ranking_read_stored_lines(tournament, monkeypatch, settings):
    finished, running = tournament
    settings.PUBLIC_CACHE_SECONDS = 0
    # score_game checks every game through validate_game: refuse both from here on
    monkeypatch.setattr(scoring, "validate_game", refuse)
    monkeypatch.setattr(scoring, "score_game", refuse)
    with pytest.raises(AssertionError, match="scored a sheet"):  # the switch works
        sheet_lines(FIXED_SHEET, letters=("A", "B", "C", "D"), ruleset=finished.ruleset)
    client = Client(HTTP_HOST="localhost")
    player = Seat.objects.filter(round__tournament=finished).first().player_id
    paths = [
        reverse("standings", args=[finished.pk]),
        reverse("standings_csv", args=[finished.pk]),
        reverse("hall_display", args=[finished.pk]) + "?ansicht=rangliste",
        reverse("round_results", args=[finished.pk, 1]),
        reverse("player_page", args=[player]),
        f"/api/v1/tournaments/{finished.pk}/standings/",
        f"/api/v1/tournaments/{finished.pk}/rounds/1/tables/",
    ]
    for path in paths:
        assert client.get(path).status_code == 200, path

    table = standings_table(finished)
    assert table.ranked_count == 18 and table.final_round == finished.total_rounds

    ids = list(Seat.objects.filter(round__tournament=running, round__number=1).values_list(
        "player_id", flat=True
    ))  # fmt: skip
    assert sorted(rounds_selectors.pairing_order(running, ids)) == sorted(ids)  # next round
    assert len(rounds_selectors.final_field(finished).finalists) == finished.finalists_count

    compute.ranking_recompute_year(year=finished.ranking_year, full=True)
    assert RankingEntry.objects.filter(ranking_year__year=finished.ranking_year).exists()
    assert ScoredLine.objects.filter(tournament__in=[finished, running]).exists()
    call_command("rebuild_ranking", "--year", str(finished.ranking_year))
    assert Tournament.objects.count() == 2
