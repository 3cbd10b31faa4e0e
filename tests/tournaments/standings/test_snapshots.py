"""Stored standings (issue 14): a cold page reads one row, equal to a fresh computation, and
never after an announced change (a correction, an appeal or commission decision) has
committed."""

from __future__ import annotations

import json
import pickle
import re

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.support.builders import simulate_tournament
from tournaments.common import deflated, events
from tournaments.enums import StaffRole
from tournaments.models import PublicChange, ResultSheet, StandingsSnapshot, TournamentStaff
from tournaments.sheets import services as sheet_services
from tournaments.standings import html, snapshots, warming
from tournaments.standings.rows import LazyRows
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_page_cache(settings):
    """The page and data caches off: every request reads the stored standings (or computes)."""
    settings.PUBLIC_CACHE_SECONDS = 0


def _tbody(response) -> str:
    return re.search(r"<tbody>.*</tbody>", response.content.decode(), re.S).group(0)


def _refuse(*args, **kwargs):
    raise AssertionError("standings computed although stored")


def test_stored_standings_equal_a_fresh_computation(finished):
    for after_round in (None, 1):
        for full_names in (False, True):
            computed = snapshots.standings_snapshot(
                finished, after_round=after_round, full_names=full_names
            )
            stored = snapshots.standings_snapshot(
                finished, after_round=after_round, full_names=full_names
            )
            assert isinstance(stored.rows, LazyRows)  # read back, not computed again
            assert stored == computed == snapshots.compute(finished, after_round, full_names)
    assert StandingsSnapshot.objects.filter(tournament=finished).count() == 4
    for unpublished in (0, 3):  # 0 is not "the newest" (stored as shown 0)
        with pytest.raises(ValueError):
            snapshots.standings_snapshot(finished, after_round=unpublished, full_names=False)
    call_command("check_standings_snapshots", "--tournament", str(finished.pk))


def test_a_cold_page_reads_one_row_instead_of_computing(
    client, finished, monkeypatch, django_assert_num_queries
):
    url = reverse("standings", args=[finished.pk])
    first = client.get(url)
    monkeypatch.setattr(snapshots, "standings_table", _refuse)

    # the tournament and its stored standings (no final: no cut decisions to read)
    with django_assert_num_queries(2):
        again = client.get(url)

    assert _tbody(again) == _tbody(first)  # the rest differs by its CSRF token
    names = [e.player.public_name for e in standings_table(finished).entries]
    assert again.content.decode().count("<tr") == len(names) + 1


def test_the_check_finds_a_stored_table_that_differs_and_repairs_it(finished):
    snapshots.standings_snapshot(finished, after_round=None, full_names=False)
    snap = StandingsSnapshot.objects.get(tournament=finished)
    stored = html.Parts(snap.parts)
    changed = html.Parts.of(
        head=stored["page-head"],
        hall=stored["hall-rows"],
        rows=stored["page-rows"],
        values=deflated.inflate(stored.values).replace('",', 'X",', 1),  # a name in the values
    )
    StandingsSnapshot.objects.filter(pk=snap.pk).update(parts=changed.blob)

    with pytest.raises(CommandError, match="1 Abweichungen"):
        call_command("check_standings_snapshots")
    call_command("check_standings_snapshots", "--repair")

    assert not StandingsSnapshot.objects.filter(tournament=finished).exists()
    call_command("check_standings_snapshots")


def test_standings_stored_before_the_corrected_rounds_are_computed_anew(finished):
    """A row stored by the release before issue 28.6 has no corrected rounds in its head: it
    is never read as it is (it would hide a correction) but computed and stored anew."""
    fresh = snapshots.standings_snapshot(finished, after_round=None, full_names=False)
    snap = StandingsSnapshot.objects.get(tournament=finished)
    old_head = json.dumps(json.loads(snap.payload)[:6])
    StandingsSnapshot.objects.filter(pk=snap.pk).update(payload=old_head)

    with pytest.raises(CommandError, match="1 Abweichungen"):
        call_command("check_standings_snapshots", "--tournament", str(finished.pk))
    again = snapshots.standings_snapshot(finished, after_round=None, full_names=False)

    assert again == fresh
    assert len(json.loads(StandingsSnapshot.objects.get(pk=snap.pk).payload)) == 7
    call_command("check_standings_snapshots", "--tournament", str(finished.pk))


def test_a_correction_shows_on_the_cold_page_right_after_commit(
    client, director, django_capture_on_commit_callbacks
):
    """SPEC §6: a corrected published sheet changes the standings; the stored ones stop being
    read in the correction's own transaction."""
    running = simulate_tournament(
        "--players", "14", "--category", "beginners", "--seed", "11", "--year", "2026",
        "--stop-after", "1",
    )  # fmt: skip
    url = reverse("standings", args=[running.pk])
    before = client.get(url)
    TournamentStaff.objects.get_or_create(
        tournament=running, user=director, role=StaffRole.DIRECTOR
    )
    sheet = ResultSheet.objects.filter(round__tournament=running, round__number=1).first()
    games = [dict(g) for g in sheet.confirmed.games]
    letters = sorted(games[0]["scores"])
    games[0] = {
        "number": 1,
        "scores": {x: (30 * (len(letters) - 1) if x == letters[0] else -30) for x in letters},
    }
    with django_capture_on_commit_callbacks(execute=True):
        sheet_services.sheet_save(
            table=sheet.table,
            games=games,
            expected_version=sheet.version,
            user=director,
            reason="Übertragungsfehler",
        )

    after = client.get(url)
    assert _tbody(after) != _tbody(before)
    assert snapshots.standings_snapshot(
        running, after_round=None, full_names=False
    ) == snapshots.compute(running, None, False)
    call_command("check_standings_snapshots")


def test_standings_computed_while_a_change_commits_are_never_read(finished, monkeypatch):
    """The version is counted before computing: a change committing meanwhile (here: during
    the computation) leaves the stored row stale, and the next reader computes again."""
    compute = snapshots.compute

    def compute_during_a_commit(*args):
        data = compute(*args)
        PublicChange.objects.create(tournament_id=finished.pk)
        return data

    monkeypatch.setattr(snapshots, "compute", compute_during_a_commit)
    snapshots.standings_snapshot(finished, after_round=None, full_names=False)
    monkeypatch.setattr(snapshots, "compute", _refuse)

    with pytest.raises(AssertionError, match="computed although stored"):
        snapshots.standings_snapshot(finished, after_round=None, full_names=False)


def test_an_announced_change_makes_the_stored_standings_unread(finished, monkeypatch):
    snapshots.standings_snapshot(finished, after_round=None, full_names=False)
    events.public_data_changed(finished.pk)
    monkeypatch.setattr(snapshots, "standings_table", _refuse)

    with pytest.raises(AssertionError, match="computed although stored"):
        snapshots.standings_snapshot(finished, after_round=None, full_names=False)


def test_the_warm_up_stores_the_newest_standings_also_with_the_page_cache_off(finished):
    assert warming.public_pages_warm(tournament_id=finished.pk) == []

    stored = StandingsSnapshot.objects.get(tournament=finished)
    assert (stored.shown, stored.full_names, stored.language) == (0, False, "de")
    assert snapshots.standings_snapshots_store(tournament_id=987654) == 0


def test_lazy_rows_equal_and_pickle_as_their_tuple(finished):
    computed = snapshots.standings_snapshot(finished, after_round=None, full_names=False)
    stored = snapshots.standings_snapshot(finished, after_round=None, full_names=False)

    assert stored.rows == computed.rows and computed.rows == stored.rows
    assert len(stored.rows) == 16 and stored.rows[0] == computed.rows[0]
    assert pickle.loads(pickle.dumps(stored.rows)) == computed.rows
    assert type(pickle.loads(pickle.dumps(stored.rows))) is tuple
