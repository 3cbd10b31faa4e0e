"""The ranking reads stored lines (issue 14): a commission correction stores its own lines, an
incremental recompute rewrites only the changed tournament's sums and the entries that changed."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from ranking.commission import services as commission_services
from ranking.compute import services as compute
from ranking.compute.selectors import correction_line_mismatches
from ranking.enums import DecisionOutcome
from ranking.models import CorrectionLine, RankingEntry, TournamentContribution
from tests.support.builders import FIXED_SHEET, play_tournament
from tournaments.models import Round, Seat
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db

B_WINS_GAME_1 = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -30}}
ENTRY = ("player_id", "rank", "games", "placement_points", "game_points", "first", "minus_points")


def entry_rows() -> dict[int, tuple[int, tuple]]:
    """player → (pk, figures) of the 2026 ranking."""
    return {
        row[0]: (pk, tuple(row))
        for pk, *row in RankingEntry.objects.filter(ranking_year__year=2026).values_list(
            "pk", *ENTRY
        )
    }


def test_incremental_recompute_rewrites_only_what_changed(director, desk_user, field):
    t1 = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    t2 = play_tournament(
        director=director, desk=desk_user, players=field[8:], name="Zwei", rounds=1
    )
    compute.ranking_recompute_year(year=2026, full=True)
    kept = set(TournamentContribution.objects.filter(tournament=t1).values_list("pk", flat=True))
    before = entry_rows()

    sheet = Round.objects.get(tournament=t2, number=1).sheets.get(table__number=1)
    sheet_services.sheet_save(
        table=sheet.table,
        games=[B_WINS_GAME_1, *FIXED_SHEET[1:]],
        expected_version=sheet.version,
        user=director,
        reason="Tippfehler",
    )
    compute.ranking_recompute_year(year=2026)

    assert (
        set(TournamentContribution.objects.filter(tournament=t1).values_list("pk", flat=True))
        == kept
    )
    assert not kept & set(
        TournamentContribution.objects.filter(tournament=t2).values_list("pk", flat=True)
    )
    after = entry_rows()
    changed = {pid for pid in after if after[pid][1] != before[pid][1]}
    seated = dict(Seat.objects.filter(table=sheet.table).values_list("letter", "player_id"))
    # A and B swap game 1 (C and D keep -20 and -30); the players between their old and new
    # ranks move down one rank; everybody else is untouched
    assert after[seated["A"]][1][1:] == (4, 4, 15, 100, 3, 10)
    assert after[seated["B"]][1][1:] == (5, 4, 10, 33, 1, 27)
    assert changed == {seated["A"], seated["B"]} | {
        pid for pid, (_, row) in before.items() if row[1] == 5 and pid != seated["B"]
    }
    for pid, (pk, _) in after.items():
        assert (pk == before[pid][0]) is (pid not in changed)  # unchanged rows stay in place
    compute.ranking_recompute_year(year=2026, full=True)
    assert {pid: row for pid, (_, row) in entry_rows().items()} == {
        pid: row for pid, (_, row) in after.items()
    }


@pytest.fixture
def upheld(appeal, commission_member, finished):
    sheet = Round.objects.get(tournament=finished, number=1).sheets.get(table__number=1)
    return commission_services.appeal_decide(
        appeal=appeal,
        user=commission_member,
        outcome=DecisionOutcome.UPHELD,
        reasoning="B hat Spiel 1 gewonnen.",
        round_number=1,
        table_number=1,
        games=[B_WINS_GAME_1, *sheet.confirmed.games[1:]],
    )


def test_an_upheld_decision_stores_the_corrected_lines(upheld, finished):
    correction = upheld.corrections.get()
    table = Round.objects.get(tournament=finished, number=1).tables.get(number=1)
    seated = dict(table.seats.values_list("letter", "player_id"))
    game_1 = correction.lines.filter(game_number=1)
    assert sorted(game_1.values_list("player_id", "game_points", "place")) == sorted(
        [(seated["A"], -10, 2), (seated["B"], 60, 1), (seated["C"], -20, 3),
         (seated["D"], -30, 4)]
    )  # fmt: skip
    assert correction.lines.count() == 16
    assert set(correction.lines.values_list("table_id", flat=True)) == {table.pk}
    assert correction_line_mismatches() == []
    call_command("check_scored_lines")


def test_the_check_finds_a_changed_correction_line(upheld):
    line = CorrectionLine.objects.order_by("pk").first()
    CorrectionLine.objects.filter(pk=line.pk).update(placement_points=0, place=4)

    (message,) = correction_line_mismatches()
    assert message.startswith(f"Korrektur Nr. {line.correction_id} (")
    assert message.endswith(
        "Runde 1, Tisch 1): 1 Zeilen fehlen oder weichen ab, 1 gespeicherte sind überzählig "
        "oder falsch."
    )
    with pytest.raises(CommandError, match="1 Abweichungen"):
        call_command("check_scored_lines")
