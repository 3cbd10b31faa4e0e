"""The skill rating's core without a database (issue 33): the library's Plackett-Luce update,
rating periods per round, determinism and order-independence, what counts, and whether it
recovers the strengths of simulated players."""

from __future__ import annotations

import random
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from ranking.domain import rating as r

LIBRARY = PlackettLuce()


# --- One game is the library's update ----------------------------------------------------------


def _library(players: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    rated = LIBRARY.rate([[LIBRARY.rating(mu=mu, sigma=s)] for mu, s in players], ranks=places)
    return [(team[0].mu, team[0].sigma) for team in rated]


def _ours(players: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    ratings = {i: r.Rating(mu, s, 0) for i, (mu, s) in enumerate(players)}
    changes = r.rate_round(ratings, [tuple((i, p) for i, p in enumerate(places))])
    return [(c.after.mu, c.after.sigma) for c in changes]


@pytest.mark.parametrize(
    "places",
    [
        [1, 2, 3, 4],
        [4, 3, 2, 1],
        [1, 2, 2, 4],  # Klub 10.1's shared second place
        [1, 2, 2, 2],
        [1, 2, 3, 3],
        [1, 1, 3, 4],
        [1, 2, 3],  # a table of three
        [1, 2, 2],
        [1, 2],  # a final of two
        [1, 1],
    ],
)
def test_one_game_is_the_librarys_update(places):
    players = [(25.0 + 3 * i, 8.333 - i) for i in range(len(places))]
    for ours, theirs in zip(_ours(players, places), _library(players, places), strict=True):
        assert ours == pytest.approx(theirs, abs=1e-9)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(0.0, 50.0), st.floats(0.3, 9.0), st.integers(1, 4)),
        min_size=2,
        max_size=4,
    )
)
def test_random_games_agree_with_the_library(seats):
    players = [(mu, sigma) for mu, sigma, _ in seats]
    places = [place for _, _, place in seats]
    for ours, theirs in zip(_ours(players, places), _library(players, places), strict=True):
        assert ours == pytest.approx(theirs, abs=1e-9)


def test_a_first_game_from_the_prior():
    changes = r.rate_round({}, [((1, 1), (2, 2), (3, 3), (4, 4))])
    assert [c.player_id for c in changes] == [1, 2, 3, 4]
    assert [c.before for c in changes] == [r.START] * 4
    mus = [c.after.mu for c in changes]
    assert mus == sorted(mus, reverse=True) and mus[0] > 25 > mus[3]
    assert all(c.after.sigma < r.SIGMA for c in changes)
    assert [c.after.games for c in changes] == [1, 1, 1, 1]
    assert [c.games for c in changes] == [1, 1, 1, 1]
    # the value shown is mu - 3 sigma; a newcomer starts at 0
    assert r.START.display == pytest.approx(0.0)
    assert changes[0].after.display == pytest.approx(
        changes[0].after.mu - 3 * changes[0].after.sigma
    )


def test_shared_places_are_ties():
    tied = r.rate_round({}, [((1, 1), (2, 2), (3, 2), (4, 4))])
    # equal ratings, equal places: equal changes
    assert tied[1].after.mu == pytest.approx(tied[2].after.mu)
    assert tied[1].after.sigma == pytest.approx(tied[2].after.sigma)


def test_a_game_of_one_tells_nothing():
    assert r.rate_round({}, [((1, 1),)]) == []


def test_a_round_rates_every_game_from_the_ratings_before_it():
    """Rating periods: four games of a round against the same pre-round ratings, the mu
    changes added, the sigma factors multiplied, tau once."""
    game = ((1, 1), (2, 2), (3, 3), (4, 4))
    one = r.rate_round({}, [game])
    four = r.rate_round({}, [game] * 4)
    for a, b in zip(one, four, strict=True):
        assert b.after.mu - 25 == pytest.approx(4 * (a.after.mu - 25))
        widened = r.SIGMA**2 + r.TAU_SQUARED
        factor = a.after.sigma**2 / widened
        assert b.after.sigma**2 == pytest.approx(widened * factor**4)
        assert b.games == 4 and b.after.games == 4


# --- Properties: deterministic, order-independent inside a round -------------------------------

places_4 = st.lists(st.integers(1, 4), min_size=4, max_size=4)
game_st = st.tuples(st.permutations(list(range(1, 13))), places_4, st.integers(2, 4))


def _round_games(draws) -> list[r.Game]:
    games = []
    for order, places, size in draws:
        games.append(tuple(zip(order[:size], places[:size], strict=True)))
    return games


@settings(max_examples=100, deadline=None)
@given(st.lists(game_st, min_size=1, max_size=6), st.randoms(use_true_random=False))
def test_the_order_of_games_and_seats_in_a_round_does_not_matter(draws, rnd):
    games = _round_games(draws)
    start = {pid: r.Rating(20 + pid, 3 + pid / 4, pid) for pid in range(1, 13)}
    shuffled = [tuple(rnd.sample(g, len(g))) for g in games]
    rnd.shuffle(shuffled)
    assert r.rate_round(start, games) == r.rate_round(start, shuffled)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.lists(game_st, min_size=1, max_size=4), min_size=1, max_size=5),
    st.randoms(use_true_random=False),
)
def test_rounds_follow_their_fixed_order_whatever_the_input_order(rounds, rnd):
    """Same data, same ratings: the rounds given in any order (and lines of the rows in any
    order) are rated in the order of their keys."""
    keyed = {
        (date(2026, 1, 1) + timedelta(days=i), 100 + i, 1): _round_games(draws)
        for i, draws in enumerate(rounds)
    }
    items = list(keyed.items())
    rnd.shuffle(items)
    shuffled = {k: [tuple(reversed(g)) for g in reversed(v)] for k, v in items}
    assert r.final_ratings(keyed) == r.final_ratings(shuffled)
    assert list(r.rate_rounds(keyed)) == list(r.rate_rounds(shuffled))


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 3), st.integers(1, 2), st.integers(1, 3), st.integers(1, 4),
            st.integers(1, 12), st.integers(1, 4),
        ),
        max_size=60,
        unique_by=lambda line: (line[0], line[1], line[2], line[3], line[4]),
    ),
    st.randoms(use_true_random=False),
)  # fmt: skip
def test_the_order_of_the_stored_lines_does_not_matter(lines, rnd):
    dates = {1: date(2026, 3, 1), 2: date(2026, 3, 1), 3: date(2026, 2, 1)}
    shuffled = list(lines)
    rnd.shuffle(shuffled)
    assert r.final_ratings(r.group_rounds(lines, dates)) == r.final_ratings(
        r.group_rounds(shuffled, dates)
    )


# --- What counts --------------------------------------------------------------------------------


def test_an_excluded_players_games_from_the_card_on_do_not_count():
    lines = [
        (1, 1, 10, 4, 7, 1),  # round 1, game 4: before the card
        (1, 2, 11, 1, 7, 2),  # round 2, game 1: before the card
        (1, 2, 11, 2, 7, 1),  # round 2, game 2: the card's game
        (1, 3, 12, 1, 7, 1),  # a later round
        (1, 2, 11, 2, 8, 2),  # a table-mate's line of the card's game counts
        (2, 3, 20, 1, 7, 1),  # another tournament: not excluded there
    ]
    counted = list(r.counted_lines(lines, {(1, 7): (2, 2)}))
    assert counted == [lines[0], lines[1], lines[4], lines[5]]
    in_a_break = list(r.counted_lines(lines, {(1, 7): (2, None)}))
    assert in_a_break == [lines[0], lines[1], lines[2], lines[4], lines[5]]


def test_lines_are_grouped_into_rounds_and_games():
    lines = [
        (5, 1, 50, 1, 1, 1), (5, 1, 50, 1, 2, 2), (5, 1, 50, 2, 1, 2), (5, 1, 50, 2, 2, 1),
        (6, 1, 60, 1, 3, 1), (6, 1, 60, 1, 4, 1),
    ]  # fmt: skip
    rounds = r.group_rounds(lines, {5: date(2026, 5, 1), 6: date(2026, 4, 1)})
    assert rounds == {
        (date(2026, 5, 1), 5, 1): [((1, 1), (2, 2)), ((1, 2), (2, 1))],
        (date(2026, 4, 1), 6, 1): [((3, 1), (4, 1))],
    }
    assert [key for key, _ in r.rate_rounds(rounds)] == [
        (date(2026, 4, 1), 6, 1),
        (date(2026, 5, 1), 5, 1),
    ]


# --- The expectation at a table -----------------------------------------------------------------


def test_the_expected_order_at_a_table_is_the_librarys_prediction():
    ratings = {1: r.Rating(30, 2, 40), 2: r.Rating(20, 2, 40), 3: r.Rating(26, 5, 8), 4: r.START}
    rows = r.table_expectation(ratings)
    assert [e.player_id for e in rows] == [1, 3, 4, 2]
    assert [e.expected_place for e in rows] == [1, 2, 3, 4]
    teams = [[LIBRARY.rating(mu=ratings[p].mu, sigma=ratings[p].sigma)] for p in (1, 2, 3, 4)]
    wins = dict(zip((1, 2, 3, 4), LIBRARY.predict_win(teams), strict=True))
    assert {e.player_id: e.win_probability for e in rows} == pytest.approx(wins)
    assert sum(e.win_probability for e in rows) == pytest.approx(1.0)


def test_equal_players_share_the_expected_place():
    rows = r.table_expectation({1: r.START, 2: r.START, 3: r.START})
    assert [(e.player_id, e.expected_place) for e in rows] == [(1, 1), (2, 1), (3, 1)]
    assert [e.win_probability for e in rows] == pytest.approx([1 / 3] * 3)


# --- Simulated players with hidden strengths ----------------------------------------------------


def _spearman(a: list[float], b: list[float]) -> float:
    def ranks(values):
        order = sorted(range(len(values)), key=values.__getitem__)
        out = [0] * len(values)
        for position, index in enumerate(order):
            out[index] = position
        return out

    ra, rb = ranks(a), ranks(b)
    n = len(a)
    return 1 - 6 * sum((x - y) ** 2 for x, y in zip(ra, rb, strict=True)) / (n * (n * n - 1))


def _simulate(seed: int, *, players: int = 64, tournaments: int = 10):
    """Players with hidden strengths (normal, sd 4 on the model's scale); tournaments of four
    rounds of four games at random tables; a game's order by strength plus the model's own
    performance noise (beta). Returns the strengths and the final ratings."""
    rng = random.Random(seed)
    strengths = [rng.gauss(0, 4) for _ in range(players)]
    rounds = {}
    for t in range(tournaments):
        day = date(2026, 1, 4) + timedelta(days=7 * t)
        for number in range(1, 5):
            ids = list(range(players))
            rng.shuffle(ids)
            games = []
            for k in range(0, players, 4):
                table = ids[k : k + 4]
                for _game in range(4):
                    perf = {p: strengths[p] + rng.gauss(0, 25 / 6) for p in table}
                    order = sorted(table, key=lambda p: -perf[p])
                    games.append(tuple((p, place) for place, p in enumerate(order, start=1)))
            rounds[(day, t, number)] = games
    return strengths, r.final_ratings(rounds)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_rating_recovers_hidden_strengths(seed):
    """After ten tournaments of 64 players (160 games each) the rating orders the players as
    their hidden strengths: Spearman's rho above 0.95 (0.96-0.99 for these seeds), and the
    strongest quarter all above the weakest quarter."""
    strengths, ratings = _simulate(seed)
    shown = [ratings[p].display for p in range(len(strengths))]
    assert _spearman(shown, strengths) > 0.95
    by_strength = sorted(range(len(strengths)), key=strengths.__getitem__)
    weakest, strongest = by_strength[:16], by_strength[-16:]
    assert min(shown[p] for p in strongest) > max(shown[p] for p in weakest)


def test_the_rating_is_deterministic():
    assert _simulate(9, tournaments=3) == _simulate(9, tournaments=3)
