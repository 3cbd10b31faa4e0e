"""Who placed where (issue 33.6): `StandingsPlaces`, one short row per tournament stored with
its newest standings, equal to the standings computed from scratch, never read after an
announced change, and derived once from standings stored before it existed."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tests.support.builders import correct_published_sheet, simulate_tournament
from tournaments.common import events
from tournaments.enums import StaffRole
from tournaments.models import (
    PublicChange,
    ResultSheet,
    Seat,
    StandingsPlaces,
    StandingsSnapshot,
    TournamentStaff,
)
from tournaments.standings import snapshots
from tournaments.standings.rows import Places, places_from_json, places_of, places_to_json
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


def _refuse(*args, **kwargs):
    raise AssertionError("standings computed although stored")


def _from_scratch(tournament) -> Places:
    table = standings_table(tournament)
    return Places(
        [e.player.pk for e in table.entries],
        [e.rank for e in table.entries],
        [int(e.finalist) for e in table.entries],
    )


def test_stored_with_the_newest_standings_and_equal_to_a_fresh_computation(finished):
    snapshots.standings_snapshot(finished, after_round=1, full_names=False)
    assert not StandingsPlaces.objects.exists()  # an older round's standings: no places

    snapshots.standings_snapshot(finished, after_round=None, full_names=True)

    stored = StandingsPlaces.objects.get(tournament=finished)
    expected = _from_scratch(finished)
    assert places_from_json(stored.places) == expected
    assert stored.version == PublicChange.objects.filter(tournament_id=finished.pk).count()
    # 16 listed, the 2 reserves without a rank
    assert (len(expected.player_ids), expected.field, expected.ranks.count(None)) == (16, 14, 2)


def test_a_players_place_and_the_field(finished):
    table = standings_table(finished)
    places = places_of(snapshots.compute(finished, None, False).rows)
    for entry in table.entries:
        assert places.of(entry.player.pk) == (entry.rank, entry.finalist)
    assert places.of(987654) is None
    assert places.field == sum(1 for e in table.entries if e.rank is not None) == 14


def test_listed_without_a_rank_is_not_in_the_field():
    places = Places([7, 8, 9], [1, None, 2], [1, 0, 0])  # 8: a red card, say

    assert (places.of(7), places.of(8), places.of(9)) == ((1, True), (None, False), (2, False))
    assert places.field == 2
    assert places_from_json(places_to_json(places)) == places


def test_read_many_in_one_query_without_the_standings(finished, django_assert_num_queries):
    snapshots.standings_snapshots_store(tournament_id=finished.pk)  # the warm-up

    with django_assert_num_queries(1):
        found = snapshots.standings_places_many([finished])

    assert found == {finished.pk: _from_scratch(finished)}
    assert snapshots.standings_places_many([]) == {}


def test_an_announced_change_makes_the_stored_places_unread(finished, monkeypatch):
    snapshots.standings_snapshots_store(tournament_id=finished.pk)
    events.public_data_changed(finished.pk)
    monkeypatch.setattr(snapshots, "standings_table", _refuse)

    with pytest.raises(AssertionError, match="computed although stored"):
        snapshots.standings_places_many([finished])


def test_places_missing_beside_stored_standings_are_derived_from_them_and_stored(
    finished, monkeypatch, django_assert_num_queries
):
    """Standings stored before issue 33.6 (or a lost places row): the places come from the
    stored standings, not a new computation, and are stored for the next reader."""
    expected = _from_scratch(finished)
    snapshots.standings_snapshots_store(tournament_id=finished.pk)
    StandingsPlaces.objects.all().delete()
    monkeypatch.setattr(snapshots, "standings_table", _refuse)

    found = snapshots.standings_places_many([finished])

    assert found == {finished.pk: expected}
    stored = StandingsPlaces.objects.get(tournament=finished)
    assert stored.version == PublicChange.objects.filter(tournament_id=finished.pk).count()
    with django_assert_num_queries(1):
        assert snapshots.standings_places_many([finished]) == found


def test_the_check_finds_stored_places_that_differ_and_repairs_them(finished):
    snapshots.standings_snapshots_store(tournament_id=finished.pk)
    stored = StandingsPlaces.objects.get(tournament=finished)
    places = places_from_json(stored.places)
    wrong = places._replace(ranks=[places.ranks[1], places.ranks[0], *places.ranks[2:]])
    StandingsPlaces.objects.filter(pk=stored.pk).update(places=places_to_json(wrong))

    with pytest.raises(CommandError, match="1 Abweichungen"):
        call_command("check_standings_snapshots", "--tournament", str(finished.pk))
    call_command("check_standings_snapshots", "--repair")

    assert not StandingsPlaces.objects.exists() and not StandingsSnapshot.objects.exists()
    assert snapshots.standings_places_many([finished]) == {finished.pk: _from_scratch(finished)}
    call_command("check_standings_snapshots")


def test_a_correction_changes_the_places_read_right_after_commit(
    director, django_capture_on_commit_callbacks
):
    """SPEC §6: a corrected published sheet of a running tournament changes its standings; the
    places stored before are not read from the correction's commit on."""
    running = simulate_tournament(
        "--players", "14", "--category", "beginners", "--seed", "11", "--year", "2026",
        "--stop-after", "1",
    )  # fmt: skip
    before = snapshots.standings_places_many([running])[running.pk]
    TournamentStaff.objects.get_or_create(
        tournament=running, user=director, role=StaffRole.DIRECTOR
    )
    rnd = running.rounds.get(number=1)
    table = ResultSheet.objects.filter(round=rnd).first().table
    letters = sorted(Seat.objects.filter(table=table).values_list("letter", flat=True))
    winning = {x: 30 * (len(letters) - 1) if x == letters[-1] else -30 for x in letters}
    games = [{"number": n, "scores": winning} for n in (1, 2, 3, 4)]  # the last seat wins each

    with django_capture_on_commit_callbacks(execute=True):
        correct_published_sheet(
            rnd, table=table.number, director=director, reason="vertauscht", games=games
        )

    after = snapshots.standings_places_many([running])[running.pk]
    assert after != before
    assert after == _from_scratch(running)
