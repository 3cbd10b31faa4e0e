"""Computing the ranking from published rounds, the Celery hook, Redis down, rebuild, beat."""

from __future__ import annotations

import io
import logging
from datetime import date, datetime

import pytest
from django.core.management import call_command
from django.utils import timezone

from ranking.appeals import services as appeals_services
from ranking.compute import services as compute
from ranking.domain import appeals as domain_appeals
from ranking.domain import versions as domain_versions
from ranking.models import RankingEntry, RankingYear, TournamentContribution, TournamentRanking
from ranking.tasks import recompute_ranking_year
from tests.support.builders import make_user, play_next_round, play_tournament, register_players
from tests.support.celery import celery_conf
from tournaments.enums import GlobalRole, StaffRole, WarningGround, WarningKind
from tournaments.models import PlayerWarning, Round, Seat, TournamentStaff
from tournaments.setup import services as setup_services
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db


def entries(year):
    return {e.player_id: e for e in RankingEntry.objects.filter(ranking_year__year=year)}


def test_publishing_marks_the_year_pending_inside_the_transaction(director, desk_user, field):
    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    snapshot = RankingYear.objects.get(year=2026)
    assert snapshot.pending is True
    assert snapshot.generation == 1
    state = TournamentRanking.objects.get(pk=t.pk)
    assert state.stale is True and state.change_count == 1


def test_publish_enqueues_recompute_after_commit(
    director, desk_user, field, eager_celery, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    snapshot = RankingYear.objects.get(year=2026)
    assert snapshot.pending is False
    assert snapshot.computed_at is not None
    assert snapshot.rule_version == "R2014"
    rows = entries(2026)
    assert len(rows) == 8
    # Every A won all four games of the fixed sheet: 16 placement points, rank 1 shared.
    winners = [e for e in rows.values() if e.placement_points == 16]
    assert len(winners) == 2 and {e.rank for e in winners} == {1}
    # Both tables played FIXED_SHEET: the ranking holds its hand-computed sums per seat letter.
    expected = {
        "A": (16, 170, (4, 0, 0, 0), 0, 1),
        "B": (9, -37, (0, 3, 1, 0), 37, 3),
        "C": (5, -52, (0, 1, 2, 1), 52, 5),
        "D": (3, -81, (0, 1, 1, 2), 81, 7),
    }
    letter = dict(Seat.objects.filter(round__tournament=t).values_list("player_id", "letter"))
    for pid, e in rows.items():
        assert (e.placement_points, e.game_points, e.placings, e.minus_points, e.rank) == (
            expected[letter[pid]]
        )
        assert (e.tournaments, e.rounds, e.games) == (1, 1, 4)


def test_recompute_is_idempotent_and_ranks_follow_the_chain(director, desk_user, field):
    play_tournament(director=director, desk=desk_user, players=field, count=12, seed=3)
    first = compute.ranking_recompute_year(year=2026)
    before = sorted(
        RankingEntry.objects.filter(ranking_year=first).values_list(
            "player_id", "rank", "placement_points", "game_points"
        )
    )
    again = compute.ranking_recompute_year(year=2026)
    after = sorted(
        RankingEntry.objects.filter(ranking_year=again).values_list(
            "player_id", "rank", "placement_points", "game_points"
        )
    )
    assert before == after
    assert RankingYear.objects.filter(year=2026).count() == 1
    ordered = list(RankingEntry.objects.filter(ranking_year=again).order_by("rank", "player_id"))
    keys = [(e.placement_points, e.game_points, e.placings, -e.minus_points) for e in ordered]
    assert keys == sorted(keys, reverse=True)
    assert ordered[0].rank == 1


def test_reserves_games_are_not_ranked(director, desk_user, field):
    t = play_tournament(
        director=director, desk=desk_user, players=field, count=5, reserves=3, rounds=1, seed=1
    )
    compute.ranking_recompute_year(year=2026)
    reserve_ids = set(t.registrations.filter(reserve=True).values_list("player_id", flat=True))
    assert len(reserve_ids) == 3
    rows = entries(2026)
    assert set(rows) == set(
        t.registrations.filter(reserve=False).values_list("player_id", flat=True)
    )
    assert not reserve_ids & set(rows)


def test_red_card_player_is_not_ranked_from_that_tournament(director, desk_user, field):
    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    victim = field[0]
    PlayerWarning.objects.create(
        tournament=t,
        player=victim,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        given_by=director,
    )
    other = play_tournament(
        director=director, desk=desk_user, players=field, name="Zweites Turnier", rounds=1
    )
    compute.ranking_recompute_year(year=2026, full=True)
    row = entries(2026)[victim.pk]
    assert row.tournaments == 1
    assert TournamentContribution.objects.filter(tournament=t, player=victim).count() == 0
    assert TournamentContribution.objects.filter(tournament=other, player=victim).count() == 1


def test_incremental_recompute_only_rescores_changed_tournaments(
    director, desk_user, field, django_assert_max_num_queries
):
    t1 = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    t2 = play_tournament(director=director, desk=desk_user, players=field, name="Zweites", rounds=1)
    compute.ranking_recompute_year(year=2026)
    computed_t1 = TournamentRanking.objects.get(pk=t1.pk).computed_at
    play_next_round(t2, director=director, desk=desk_user)
    assert TournamentRanking.objects.get(pk=t2.pk).stale is True
    assert RankingYear.objects.get(year=2026).pending is True
    compute.ranking_recompute_year(year=2026)
    assert TournamentRanking.objects.get(pk=t1.pk).computed_at == computed_t1
    assert TournamentRanking.objects.get(pk=t2.pk).stale is False
    assert RankingYear.objects.get(year=2026).pending is False
    assert {e.rounds for e in entries(2026).values()} == {3}


def test_loading_a_year_takes_a_fixed_number_of_queries(
    director, desk_user, field, django_assert_max_num_queries
):
    for n in range(3):
        play_tournament(director=director, desk=desk_user, players=field, name=f"T{n}", rounds=2)
    with django_assert_max_num_queries(30):
        compute.ranking_recompute_year(year=2026, full=True)


def test_unpublished_round_is_not_ranked(director, desk_user, field):
    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    play_next_round(t, director=director, desk=desk_user, publish=False)
    compute.ranking_recompute_year(year=2026)
    assert {e.rounds for e in entries(2026).values()} == {1}


def test_correction_after_publication_marks_pending(director, desk_user, field):
    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    compute.ranking_recompute_year(year=2026)
    assert RankingYear.objects.get(year=2026).pending is False
    sheet = Round.objects.get(tournament=t, number=1).sheets.get(table__number=1)
    games = [dict(g) for g in sheet.confirmed.games]
    games[0] = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -30}}
    sheet_services.sheet_save(
        table=sheet.table,
        games=games,
        expected_version=sheet.version,
        user=director,
        reason="Tippfehler",
    )
    assert RankingYear.objects.get(year=2026).pending is True
    compute.ranking_recompute_year(year=2026)
    b_player = sheet.table.seats.get(letter="B").player_id
    assert entries(2026)[b_player].first == 1


def test_tournament_not_counting_is_left_out(director, desk_user, field):
    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    t.counts_for_ranking = False
    t.save()
    compute.ranking_recompute_year(year=2026, full=True)
    assert entries(2026) == {}


def test_years_are_separate_and_use_their_rule_version(director, desk_user, field):
    play_tournament(
        director=director, desk=desk_user, players=field, rounds=1, end=date(2025, 5, 1)
    )
    play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    compute.ranking_rebuild()
    assert set(RankingYear.objects.values_list("year", flat=True)) == {2025, 2026}
    assert all(e.games == 4 for e in entries(2025).values())
    assert (
        RankingYear.objects.get(year=2025).rule_version
        == domain_versions.rules_for_year(2025).version
    )


def test_rebuild_command_for_one_year(director, desk_user, field):
    play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    out = io.StringIO()
    call_command("rebuild_ranking", "--year", "2026", stdout=out)
    assert out.getvalue().strip() == "Ranking 2026: 8 Spieler, Regelversion R2014."
    assert RankingYear.objects.get(year=2026).pending is False


def test_rebuild_command_refuses_odd_year():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="zwischen 1990 und 2200"):
        call_command("rebuild_ranking", "--year", "12")


def test_task_takes_a_year_and_is_idempotent(director, desk_user, field, eager_celery):
    play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    first = recompute_ranking_year.delay(2026).get(timeout=10)
    second = recompute_ranking_year.delay(2026).get(timeout=10)
    assert first["entries"] == second["entries"] == 8
    assert second["pending"] is False


def test_redis_down_publish_succeeds_and_periodic_job_recomputes(
    director, desk_user, field, django_capture_on_commit_callbacks, caplog
):
    """Broker on a closed port, eager off: the publish commits, the year stays pending, and the
    periodic job recomputes it."""
    with (
        celery_conf(
            task_always_eager=False,
            broker_url="redis://127.0.0.1:1/0",
            broker_connection_timeout=1,
            broker_connection_retry=False,
            broker_connection_max_retries=0,
        ),
        caplog.at_level(logging.WARNING, logger="ranking.compute.services"),
        django_capture_on_commit_callbacks(execute=True) as callbacks,
    ):
        t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    assert len(callbacks) >= 1
    assert Round.objects.get(tournament=t, number=1).status == "published"
    assert "the recompute could not be queued" in caplog.text
    snapshot = RankingYear.objects.get(year=2026)
    assert snapshot.pending is True and snapshot.computed_at is None
    assert compute.ranking_recompute_pending() == [2026]
    snapshot.refresh_from_db()
    assert snapshot.pending is False and snapshot.entries.count() == 8


def test_change_during_recompute_keeps_year_pending(director, desk_user, field, monkeypatch):
    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    original = compute.compute_selectors.year_player_totals

    def change_meanwhile(tournament_ids, **kwargs):
        compute.tournament_mark_changed(tournament_id=t.pk)  # a publish while we compute
        return original(tournament_ids, **kwargs)

    monkeypatch.setattr(compute.compute_selectors, "year_player_totals", change_meanwhile)
    compute.ranking_recompute_year(year=2026)
    assert RankingYear.objects.get(year=2026).pending is True
    assert TournamentRanking.objects.get(pk=t.pk).stale is True


# --- Daily job ---------------------------------------------------------------------------


def test_daily_job_closes_windows_and_marks_final(director, desk_user, field):
    t = play_tournament(director=director, desk=desk_user, players=field, end=date(2026, 6, 7))
    berlin = domain_appeals.BERLIN
    during = compute.ranking_daily(now=datetime(2026, 6, 21, 23, 0, tzinfo=berlin))
    assert during["closed"] == [] and during["final"] == []
    assert 2026 in during["recomputed"]
    after = compute.ranking_daily(now=datetime(2026, 6, 22, 0, 0, 1, tzinfo=berlin))
    assert after["closed"] == [t.pk] and after["final"] == [t.pk]
    state = TournamentRanking.objects.get(pk=t.pk)
    assert state.final_at is not None and state.stale is False
    assert RankingYear.objects.get(year=2026).pending is False
    # running again changes nothing
    again = compute.ranking_daily(now=datetime(2026, 6, 23, tzinfo=berlin))
    assert again == {"closed": [], "final": [], "recomputed": []}


def test_daily_job_waits_for_undecided_appeals(director, desk_user, field):

    t = play_tournament(director=director, desk=desk_user, players=field, end=date(2026, 6, 7))
    appeals_services.appeal_file(
        user=director,
        tournament=t,
        player=field[0],
        what_is_wrong="Falsch addiert",
        correction_requested="Bitte prüfen",
        now=datetime(2026, 6, 10, 12, tzinfo=domain_appeals.BERLIN),
    )
    result = compute.ranking_daily(now=datetime(2026, 6, 25, tzinfo=domain_appeals.BERLIN))
    assert result["closed"] == [t.pk] and result["final"] == []
    state = TournamentRanking.objects.get(pk=t.pk)
    assert state.appeals_closed_at is not None and state.final_at is None


def test_beat_schedule_has_daily_and_sweep_jobs(settings):
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"ranking.daily", "ranking.recompute_pending"} <= tasks
    from config.celery import app

    assert {"ranking.daily", "ranking.recompute_pending", "ranking.recompute_year"} <= set(
        app.tasks.keys()
    )


def test_signal_receiver_is_connected():
    from tournaments.common.events import results_changed

    assert any("ranking.results_changed" in str(key) for key, *_ in results_changed.receivers)


def test_published_results_changed_marks_via_signal(director, desk_user, field):
    from tournaments.common import events

    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    compute.ranking_recompute_year(year=2026)
    events.published_results_changed(t.pk)
    assert RankingYear.objects.get(year=2026).pending is True


def test_director_of_other_tournament_does_not_matter_for_compute(director, desk_user, field):
    """Computation is not a permission matter: a plain recompute needs no user."""
    other = make_user("x", role=GlobalRole.DIRECTOR)
    t = play_tournament(director=director, desk=desk_user, players=field, rounds=1)
    TournamentStaff.objects.create(tournament=t, user=other, role=StaffRole.REFEREE)
    assert compute.ranking_recompute_year(year=2026).entries.count() == 8
    assert timezone.now() >= RankingYear.objects.get(year=2026).computed_at


def test_junior_field_rounds_count_like_all_rounds(director, desk_user, field):
    """SPEC §1, our reading of Klub 6.3: the juniors' own rounds count for the ranking."""
    main = play_tournament(director=director, desk=desk_user, players=field, rounds=2)
    junior = setup_services.junior_field_create(tournament=main, rounds_planned=2, user=director)
    register_players(junior, field[8:12], count=4, user=director)
    for _ in range(2):
        play_next_round(junior, director=director, desk=desk_user)
    play_next_round(main, director=director, desk=desk_user)
    compute.ranking_recompute_year(year=2026)
    rows = entries(2026)
    assert sorted((e.tournaments, e.rounds, e.games) for e in rows.values()) == (
        [(1, 2, 8)] * 4 + [(1, 3, 12)] * 8
    )
    assert {pid for pid, e in rows.items() if e.rounds == 2} == {p.pk for p in field[8:12]}


def test_no_recompute_is_sent_while_redis_just_failed(director, desk_user, field, monkeypatch):
    """Issue #19.3: with the breaker open the publisher is not asked (it would wait for a
    hanging Redis); the year stays pending for the periodic sweep."""
    from unittest import mock

    from tournaments.common import breaker

    sent = []
    monkeypatch.setattr(
        breaker.current_app, "signature", lambda *a, **k: sent.append(a) or mock.Mock()
    )
    with mock.patch.object(breaker, "is_open", return_value=True):
        compute._enqueue(2026)
    assert sent == []
    compute._enqueue(2026)
    assert sent == [("ranking.recompute_year",)]
