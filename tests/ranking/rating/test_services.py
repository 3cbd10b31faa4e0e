"""The skill rating's recompute (issue 33): marks, incremental == full rebuild, exclusions,
merge and erasure."""

from __future__ import annotations

from datetime import date

import pytest

from ranking.domain import rating as domain_rating
from ranking.models import ALL_TIME, PlayerRating, RatingChange, RatingScope
from ranking.rating import selectors, services
from tests.support import builders


def _lists() -> dict:
    """Every stored list and the whole history, as plain values (rounded: sums may be added
    in another order between two runs only in the last bit)."""
    ratings = sorted(
        (year, pid, rank, round(mu, 9), round(sigma, 9), games, round(change, 9), last)
        for year, pid, rank, mu, sigma, games, change, last in PlayerRating.objects.values_list(
            "scope__year", "player_id", "rank", "mu", "sigma", "games", "change", "last_date"
        )
    )
    history = sorted(
        (tid, n, d, pid, g, round(mb, 9), round(sb, 9), round(ma, 9), round(sa, 9), ga)
        for tid, n, d, pid, g, mb, sb, ma, sa, ga in RatingChange.objects.values_list(
            "tournament_id", "round_number", "date", "player_id", "games", "mu_before",
            "sigma_before", "mu_after", "sigma_after", "games_after",
        )
    )  # fmt: skip
    return {"ratings": ratings, "history": history}


@pytest.fixture
def two_tournaments(director, desk_user, field):
    """Two city championships of 2026 still running after two rounds (12 players each, random
    sheets) and a finished one of 2025."""
    first = builders.play_tournament(
        director=director, desk=desk_user, players=field, end=date(2026, 3, 1), count=12, seed=3,
        name="Erste", rounds=2,
    )  # fmt: skip
    second = builders.play_tournament(
        director=director, desk=desk_user, players=field[4:], end=date(2026, 5, 1), count=12,
        seed=4, name="Zweite", rounds=2,
    )  # fmt: skip
    earlier = builders.play_tournament(
        director=director, desk=desk_user, players=field, end=date(2025, 9, 1), count=8,
        name="Vorjahr",
    )  # fmt: skip
    return first, second, earlier


def test_a_publication_marks_the_year_and_the_all_time_chain(two_tournaments):
    first, second, earlier = two_tournaments
    services.rating_recompute_pending()
    assert set(RatingScope.objects.filter(pending=True).values_list("year", flat=True)) == set()
    rnd = second.rounds.get(number=2)
    builders.correct_published_sheet(rnd, table=1, director=second.created_by, reason="Tippfehler")
    scopes = {s.year: s for s in RatingScope.objects.all()}
    assert scopes[2026].pending is True
    assert scopes[2025].pending is False
    assert scopes[ALL_TIME].pending is True
    # from the corrected round on, in both lists
    for year in (2026, ALL_TIME):
        scope = scopes[year]
        assert (scope.from_date, scope.from_tournament, scope.from_round) == (
            date(2026, 5, 1),
            second.pk,
            2,
        )
    assert services.rating_recompute_pending() == [2026, ALL_TIME]
    assert not RatingScope.objects.filter(pending=True).exists()


def test_incremental_recompute_equals_a_full_rebuild(two_tournaments):
    first, second, earlier = two_tournaments
    services.rating_recompute_pending()
    # a correction in the earlier 2026 tournament: the chain from there on is rated anew
    builders.correct_published_sheet(
        first.rounds.get(number=1), table=2, director=first.created_by, reason="Tippfehler"
    )
    before_lines = RatingChange.objects.filter(tournament=earlier).count()
    services.rating_recompute_pending()
    incremental = _lists()
    assert RatingChange.objects.filter(tournament=earlier).count() == before_lines
    services.rating_rebuild()
    assert _lists() == incremental
    assert len(incremental["history"]) == 12 * 2 + 12 * 2 + 8 * 3


def test_the_lists_hold_every_player_who_played(two_tournaments):
    services.rating_rebuild()
    counts = {
        year: PlayerRating.objects.filter(scope__year=year).count() for year in (2025, 2026, 0)
    }
    assert counts == {2025: 8, 2026: 16, ALL_TIME: 16}
    top = PlayerRating.objects.filter(scope__year=2026).order_by("rank")
    displays = [r.display for r in top]
    assert displays == sorted(displays, reverse=True)
    assert [r.rank for r in top] == list(range(1, 17))
    # every 2026 player played 2 rounds of 4 games in one or two tournaments
    assert {r.games for r in top} == {8, 16}


def test_the_history_of_a_player_follows_the_all_time_chain(two_tournaments, field):
    services.rating_rebuild()
    points = selectors.player_rating_history(player_id=field[5].pk)
    assert [(p.date, p.round_number) for p in points] == [
        (date(2025, 9, 1), 1), (date(2025, 9, 1), 2), (date(2025, 9, 1), 3),
        (date(2026, 3, 1), 1), (date(2026, 3, 1), 2),
        (date(2026, 5, 1), 1), (date(2026, 5, 1), 2),
    ]  # fmt: skip
    assert [p.games for p in points] == [4 * k for k in range(1, 8)]
    last = PlayerRating.objects.get(scope__year=ALL_TIME, player=field[5])
    assert (points[-1].mu, points[-1].sigma) == (last.mu, last.sigma)
    assert points[-1].display == pytest.approx(last.mu - 3 * last.sigma)
    assert selectors.player_rating_history(player_id=10**6) == []


def test_unpublished_rounds_do_not_count(director, desk_user, field):
    t = builders.play_tournament(
        director=director, desk=desk_user, players=field, count=8, rounds=1
    )
    rnd = builders.play_next_round(t, director=director, desk=desk_user, publish=False)
    services.rating_rebuild()
    assert set(RatingChange.objects.values_list("round_number", flat=True)) == {1}
    assert rnd.number == 2


def test_an_erased_player_leaves_the_rating(two_tournaments, field):
    from tournaments.models import Player

    services.rating_rebuild()
    gone = field[0]
    services.on_player_erased(None, player_id=gone.pk)
    Player.objects.filter(pk=gone.pk).update(erased_at="2026-07-01T00:00:00Z")
    assert not PlayerRating.objects.filter(player=gone).exists()
    assert not RatingChange.objects.filter(player=gone).exists()
    services.rating_recompute_pending()
    incremental = _lists()
    assert not PlayerRating.objects.filter(player=gone).exists()
    services.rating_rebuild()
    assert _lists() == incremental


def test_the_state_before_a_tournament_is_read_back_from_the_history(two_tournaments):
    first, second, earlier = two_tournaments
    services.rating_rebuild()
    state = selectors.state_before((date(2026, 5, 1), second.pk, 0))
    inputs = selectors.rating_inputs(since=None)
    expected = domain_rating.final_ratings(
        {k: v for k, v in inputs.rounds.items() if k[0] < date(2026, 5, 1)}
    )
    assert {pid: (round(r.mu, 9), round(r.sigma, 9), r.games) for pid, r in state.items()} == {
        pid: (round(r.mu, 9), round(r.sigma, 9), r.games) for pid, r in expected.items()
    }


def test_a_new_round_of_the_newest_tournament_is_rated_on_from_the_lists(
    two_tournaments, director, desk_user, monkeypatch
):
    """A round of the newest tournament published: the year goes on from its stored list and
    the chain from that round (only that round's games are read), and both equal a rebuild."""
    first, second, earlier = two_tournaments
    services.rating_recompute_pending()
    kept_rows = set(RatingChange.objects.values_list("pk", flat=True))
    asked = []
    inputs = selectors.rating_inputs

    def spy(**kwargs):
        result = inputs(**kwargs)
        asked.append((kwargs, sorted(result.rounds)))
        return result

    monkeypatch.setattr(selectors, "rating_inputs", spy)
    builders.play_next_round(second, director=director, desk=desk_user, seed=11)
    assert services.rating_recompute_pending() == [2026, ALL_TIME]
    newest = (date(2026, 5, 1), second.pk, 3)
    assert asked == [
        ({"year": 2026, "since": newest}, [newest]),
        ({"since": newest}, [newest]),
    ]
    assert set(RatingChange.objects.values_list("pk", flat=True)) > kept_rows  # none rewritten
    year = RatingScope.objects.get(year=2026)
    assert (year.through_date, year.through_tournament, year.through_round) == newest
    incremental = _lists()
    monkeypatch.undo()
    services.rating_rebuild()
    assert _lists() == incremental
    assert len(incremental["history"]) == 12 * 2 + 12 * 3 + 8 * 3


def test_a_correction_restarts_the_chain_at_its_round_and_the_year_anew(two_tournaments):
    """A correction of round 2 of the earlier 2026 tournament: the chain's history before that
    round stays as it was (same rows), the year is rated anew (its list rests on later
    rounds), and the result equals a rebuild."""
    first, second, earlier = two_tournaments
    services.rating_recompute_pending()
    before = set(
        RatingChange.objects.filter(tournament__in=[earlier, first])
        .exclude(tournament=first, round_number=2)
        .values_list("pk", flat=True)
    )
    builders.correct_published_sheet(
        first.rounds.get(number=2), table=1, director=first.created_by, reason="Tippfehler"
    )
    services.rating_recompute_pending()
    after = set(RatingChange.objects.values_list("pk", flat=True))
    assert before <= after  # the rounds before the corrected one were not rewritten
    assert (
        RatingChange.objects.filter(tournament=first, round_number=2).exclude(pk__in=before).count()
        == 12
    )
    incremental = _lists()
    services.rating_rebuild()
    assert _lists() == incremental


def test_a_merge_rates_both_entries_as_one_player(director, desk_user, field, admin_user):
    """Two registry entries of one person merged (issue 16): the removed entry's rows go at
    once, the lists and the chain are recomputed with the games of both under the kept one,
    and the incremental recompute equals a rebuild."""
    from tournaments.merge import services as merge_services
    from tournaments.models import Player

    guest = Player.objects.create(
        first_name="Anna", last_name="Gast-Adler", club="Gastverein", is_guest=True
    )
    builders.play_tournament(
        director=director, desk=desk_user, players=[guest, *field[1:8]], end=date(2026, 5, 3),
        name="Frühjahrsturnier",
    )  # fmt: skip
    builders.play_tournament(
        director=director, desk=desk_user, players=[field[0], *field[8:15]],
        end=date(2026, 6, 7), name="Sommerturnier",
    )  # fmt: skip
    services.rating_recompute_pending()
    member = field[0]
    assert PlayerRating.objects.filter(player=guest).count() == 2  # 2026 and all-time
    assert RatingChange.objects.filter(player=guest).count() == 3

    merge_services.player_merge(kept=member, removed=guest, user=admin_user, reason="Dieselbe")

    assert not PlayerRating.objects.filter(player_id=guest.pk).exists()
    assert not RatingChange.objects.filter(player_id=guest.pk).exists()
    scopes = dict(RatingScope.objects.values_list("year", "pending"))
    assert scopes == {2026: True, ALL_TIME: True}
    assert services.rating_recompute_pending() == [2026, ALL_TIME]
    assert not PlayerRating.objects.filter(player_id=guest.pk).exists()
    assert not RatingChange.objects.filter(player_id=guest.pk).exists()
    # the kept entry's games of both tournaments, in both lists and in its history
    assert dict(PlayerRating.objects.filter(player=member).values_list("scope__year", "games")) == {
        2026: 24,
        ALL_TIME: 24,
    }
    assert [p.games for p in selectors.player_rating_history(player_id=member.pk)] == [
        4 * k for k in range(1, 7)
    ]
    assert PlayerRating.objects.filter(scope__year=2026).count() == 15
    incremental = _lists()
    services.rating_rebuild()
    assert _lists() == incremental
