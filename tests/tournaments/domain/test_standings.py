"""Standings by the chain of Klub 10.1 (SPEC §5); figures built to isolate one key at a time."""

import pytest

from tournaments.domain.rules import RULES_2014, RULES_HOUSE, RULES_PRE_2014
from tournaments.domain.standings import (
    GameLine,
    Participant,
    StandingRow,
    Totals,
    compute_standings,
    order_players,
    sort_key,
    totals_for,
)

PLACE_POINTS = {1: 4, 2: 3, 3: 1, 4: 0}


def games(player_id, *results, round_number=1):
    """GameLines from (place, game points) or (place, game points, placement points)."""
    lines = []
    for number, result in enumerate(results, start=1):
        place, points = result[0], result[1]
        pp = result[2] if len(result) == 3 else PLACE_POINTS[place]
        lines.append(GameLine(player_id, round_number, number, points, place, pp))
    return lines


def players(*ids, reserves=(), excluded=()):
    return [Participant(pid, reserve=pid in reserves, excluded=pid in excluded) for pid in ids]


def ranks(rows):
    return [(r.player_id, r.rank) for r in rows]


# --- the chain, key by key ----------------------------------------------------------------------


CHAIN = [
    # rule, player 1's games, player 2's games: (place, game points[, placement points]),
    # expected order, the figure that decided
    (
        "Klub 10.1 key 1: placement points beat game points",
        [(2, -5), (2, -5)],
        [(1, 300), (4, -200)],
        [1, 2],
        ("placement_points", (6, 4)),
    ),
    (
        "Klub 10.1 key 2: game points on equal placement points",
        [(1, 40), (4, -30)],
        [(1, 60), (4, -20)],
        [2, 1],
        ("game_points", (40, 10)),
    ),
    (
        "Klub 10.1 key 3: more first places (8 placement points each)",
        [(1, 10), (2, 10), (3, -10), (4, -10)],
        [(1, 10), (1, 10), (4, -10), (4, -10)],
        [2, 1],
        ("placings", ((2, 0, 0, 2), (1, 1, 1, 1))),
    ),
    (
        "Klub 10.1 key 3: more second places on equal first places (shared 2nd: 2 points each)",
        [(1, 10), (2, 10), (3, -10), (4, -10)],
        [(1, 10), (2, 10, 2), (2, -10, 2), (4, -10)],
        [2, 1],
        ("placings", ((1, 2, 0, 1), (1, 1, 1, 1))),
    ),
    (
        "Klub 10.1 key 3: more third places on equal first and second places",
        [(2, -10), (3, -20), (4, -30)],
        [(2, -10, 2), (3, -20), (3, -30)],
        [2, 1],
        ("placings", ((0, 1, 2, 0), (0, 1, 1, 1))),
    ),
    (
        "Klub 10.1 key 4: fewer minus points",
        [(1, 50), (4, -50)],
        [(1, 20), (4, -20)],
        [2, 1],
        ("minus_points", (20, 50)),
    ),
]


@pytest.mark.parametrize(
    ("rule", "first", "second", "order", "decided_by"), CHAIN, ids=[row[0] for row in CHAIN]
)
def test_the_chain_of_klub_10_1_key_by_key(rule, first, second, order, decided_by):
    lines = games(1, *first) + games(2, *second)
    rows = compute_standings(lines, players(1, 2), ruleset=RULES_2014)
    assert ranks(rows) == [(order[0], 1), (order[1], 2)]
    figure, values = decided_by
    assert (getattr(rows[0], figure), getattr(rows[1], figure)) == values


def test_compute_standings_fully_equal_share_rank_competition_style():
    lines = (
        games(1, (1, 60), (1, 40))
        + games(2, (2, -10), (1, 30))
        + games(3, (1, 30), (2, -10))
        + games(4, (4, -30), (3, -20))
    )
    rows = compute_standings(lines, players(4, 3, 2, 1), ruleset=RULES_2014)
    assert ranks(rows) == [(1, 1), (2, 2), (3, 2), (4, 4)]


def test_compute_standings_row_figures():
    lines = games(7, (1, 60), (3, -20), (4, -35), (2, -5), round_number=2)
    assert compute_standings(lines, players(7), ruleset=RULES_2014) == (
        StandingRow(
            rank=1,
            player_id=7,
            placement_points=8,
            game_points=0,
            placings=(1, 1, 1, 1),
            minus_points=60,
            games=4,
            reserve=False,
            excluded=False,
            finalist=False,
        ),
    )


def test_compute_standings_player_without_games_appears_with_zeros():
    rows = compute_standings(games(1, (4, -10)), players(1, 2), ruleset=RULES_2014)
    assert ranks(rows) == [(2, 1), (1, 2)]
    assert rows[0] == StandingRow(1, 2, 0, 0, (0, 0, 0, 0), 0, 0, False, False, False)


# --- the chain of each rule set (SPEC §5) ------------------------------------------------------

ONE_WIN_AGAINST_SECOND_PLACES = games(1, (1, 10), (4, -30), (4, -30)) + games(
    2, (2, 5), (2, 5), (2, 5)
)
"""Player 1: one win, 4 placement points, -50; player 2: no win, 9 placement points, +15."""

EQUAL_POINTS_MORE_WINS = games(1, (1, 10), (2, 10), (3, -10), (4, -10)) + games(
    2, (1, 10), (1, 10), (4, -10), (4, -10)
)
"""8 placement points and 0 game points each; player 2 won twice, player 1 once."""

EQUAL_WINS_EQUAL_GAME_POINTS = games(1, (1, 10), (2, 10), (4, -20)) + games(
    2, (1, 10), (3, 10), (3, -20)
)
"""One win and 0 game points each; player 1 has 7 placement points, player 2 has 6."""

CHAIN_CASES = [
    # rule, rule set, lines, expected (player, rank)
    ("001 §22.7: a game won ranks above points", RULES_PRE_2014, ONE_WIN_AGAINST_SECOND_PLACES,
     [(1, 1), (2, 2)]),
    ("Klub 10.1: placement points first", RULES_2014, ONE_WIN_AGAINST_SECOND_PLACES,
     [(2, 1), (1, 2)]),
    ("000 §5A: placement points first", RULES_HOUSE, ONE_WIN_AGAINST_SECOND_PLACES,
     [(2, 1), (1, 2)]),
    ("001 §22.7: more games won", RULES_PRE_2014, EQUAL_POINTS_MORE_WINS, [(2, 1), (1, 2)]),
    ("000 §5A: only keys 1 and 2", RULES_HOUSE, EQUAL_POINTS_MORE_WINS, [(1, 1), (2, 1)]),
    ("001 §22.7: then game points only", RULES_PRE_2014, EQUAL_WINS_EQUAL_GAME_POINTS,
     [(1, 1), (2, 1)]),
    ("000 §5A: placement points", RULES_HOUSE, EQUAL_WINS_EQUAL_GAME_POINTS, [(1, 1), (2, 2)]),
    ("001 §22.7: equal wins, then game points", RULES_PRE_2014,
     games(1, (1, 40), (4, -30)) + games(2, (1, 60), (4, -20)), [(2, 1), (1, 2)]),
    ("000 §5A: no minus-points key", RULES_HOUSE,
     games(1, (1, 50), (4, -50)) + games(2, (1, 20), (4, -20)), [(1, 1), (2, 1)]),
    ("001 §22.7: no minus-points key", RULES_PRE_2014,
     games(1, (1, 50), (4, -50)) + games(2, (1, 20), (4, -20)), [(1, 1), (2, 1)]),
]  # fmt: skip


@pytest.mark.parametrize(("rule", "ruleset", "lines", "expected"), CHAIN_CASES)
def test_compute_standings_follows_the_rule_sets_own_chain(rule, ruleset, lines, expected):
    rows = compute_standings(lines, players(1, 2), ruleset=ruleset)
    assert ranks(rows) == expected, rule


# --- reserves and excluded players --------------------------------------------------------------


def test_compute_standings_reserves_and_excluded_without_rank():
    lines = (
        games(1, (2, -10))
        + games(2, (3, -20))
        + games(3, (4, -30))
        + games(4, (1, 500))  # excluded (red card), best figures
        + games(5, (1, 60))  # reserve, best figures among the rest
        + games(6, (1, 40))  # reserve
    )
    parts = players(1, 2, 3, 4, 5, 6, reserves=(5, 6), excluded=(4,))
    rows = compute_standings(lines, parts, ruleset=RULES_2014)
    assert ranks(rows) == [(1, 1), (2, 2), (3, 3), (5, None), (6, None), (4, None)]
    assert [(r.reserve, r.excluded) for r in rows[3:]] == [
        (True, False),
        (True, False),
        (False, True),
    ]


def test_compute_standings_reserves_do_not_consume_rank_numbers():
    lines = games(1, (1, 30)) + games(2, (2, -10)) + games(3, (1, 90)) + games(4, (3, -20))
    rows = compute_standings(lines, players(1, 2, 3, 4, reserves=(3,)), ruleset=RULES_2014)
    assert ranks(rows) == [(1, 1), (2, 2), (4, 3), (3, None)]


def test_compute_standings_reserve_and_excluded_counts_as_excluded():
    lines = games(1, (1, 30)) + games(2, (2, -10)) + games(3, (1, 90))
    parts = players(1, 2, 3, reserves=(2, 3), excluded=(3,))
    assert ranks(compute_standings(lines, parts, ruleset=RULES_2014)) == [
        (1, 1),
        (2, None),
        (3, None),
    ]


def test_compute_standings_ties_listed_by_player_id():
    lines = games(9, (1, 30)) + games(3, (1, 30)) + games(5, (1, 30))
    rows = compute_standings(lines, players(9, 5, 3), ruleset=RULES_2014)
    assert ranks(rows) == [(3, 1), (5, 1), (9, 1)]


# --- final round --------------------------------------------------------------------------------


def _final_fixture():
    prelim = (
        games(1, (1, 200), (1, 200), round_number=1)
        + games(2, (1, 100), (2, -10), round_number=1)
        + games(3, (2, -10), (2, -10), round_number=1)
        + games(4, (2, -20), (3, -10), round_number=1)
        + games(5, (3, -30), (3, -30), round_number=1)
        + games(6, (4, -40), (4, -40), round_number=1)
        + games(7, (1, 900), (1, 900), round_number=1)  # reserve
    )
    final = (
        games(4, (1, 50), (1, 40), round_number=2)
        + games(3, (2, -10), (2, -10), round_number=2)
        + games(1, (3, -20), (4, -20), round_number=2)
        + games(2, (4, -20), (3, -10), round_number=2)
        + games(6, (1, 999), round_number=2)  # not a finalist: final-round games do not count
    )
    return prelim + final, players(1, 2, 3, 4, 5, 6, 7, reserves=(7,))


def test_compute_standings_final_round_orders_finalists_by_final_alone():
    lines, parts = _final_fixture()
    rows = compute_standings(
        lines, parts, ruleset=RULES_2014, final_round=2, finalists=frozenset({1, 2, 3, 4})
    )
    assert ranks(rows) == [(4, 1), (3, 2), (2, 3), (1, 4), (5, 5), (6, 6), (7, None)]
    assert [r.finalist for r in rows] == [True, True, True, True, False, False, False]


def test_compute_standings_final_round_row_figures():
    lines, parts = _final_fixture()
    rows = compute_standings(
        lines, parts, ruleset=RULES_2014, final_round=2, finalists=frozenset({1, 2, 3, 4})
    )
    by_id = {r.player_id: r for r in rows}
    assert (by_id[4].placement_points, by_id[4].game_points, by_id[4].games) == (8, 90, 2)
    assert (by_id[6].placement_points, by_id[6].game_points, by_id[6].games) == (0, -80, 2)
    assert (by_id[7].placement_points, by_id[7].game_points) == (8, 1800)


def test_compute_standings_final_round_shared_finalist_rank_then_continue():
    lines = (
        games(1, (1, 40), round_number=3)
        + games(2, (2, -10), round_number=3)
        + games(3, (2, -10), round_number=3)
        + games(4, (4, -20), round_number=3)
        + games(5, (1, 80), (1, 80), round_number=1)
        + games(6, (1, 80), (1, 80), round_number=1)
        + games(7, (2, -5), round_number=1)
    )
    rows = compute_standings(
        lines,
        players(1, 2, 3, 4, 5, 6, 7),
        ruleset=RULES_2014,
        final_round=3,
        finalists=frozenset({1, 2, 3, 4}),
    )
    assert ranks(rows) == [(1, 1), (2, 2), (3, 2), (4, 4), (5, 5), (6, 5), (7, 7)]


def test_compute_standings_final_round_reserve_finalist_refused():
    lines, parts = _final_fixture()
    with pytest.raises(ValueError, match=r"Reserves cannot be finalists: \[7\]"):
        compute_standings(
            lines, parts, ruleset=RULES_2014, final_round=2, finalists=frozenset({1, 2, 3, 7})
        )


def test_compute_standings_finalists_without_final_round_refused():
    with pytest.raises(ValueError, match="Finalists without a final round"):
        compute_standings([], players(1), ruleset=RULES_2014, finalists=frozenset({1}))


def test_compute_standings_unregistered_finalist_refused():
    with pytest.raises(ValueError, match=r"Finalists not entered: \[9\]"):
        compute_standings(
            [], players(1), ruleset=RULES_2014, final_round=2, finalists=frozenset({9})
        )


def test_compute_standings_lines_of_unknown_player_refused():
    with pytest.raises(ValueError, match=r"players not entered: \[8\]"):
        compute_standings(games(8, (1, 10)), players(1), ruleset=RULES_2014)


def test_compute_standings_duplicate_participant_refused():
    with pytest.raises(ValueError, match="Player 1 is entered twice"):
        compute_standings([], players(1, 1), ruleset=RULES_2014)


# --- helpers ------------------------------------------------------------------------------------


def test_order_players_includes_reserves_best_first():
    lines = games(1, (3, -20)) + games(2, (1, 50)) + games(3, (2, -10)) + games(4, (3, -20))
    assert order_players(lines, [1, 2, 3, 4, 5], ruleset=RULES_2014) == [2, 3, 1, 4, 5]


def test_order_players_ignores_lines_of_other_players():
    lines = games(1, (2, -10)) + games(2, (1, 50)) + games(9, (1, 999))
    assert order_players(lines, [1, 2], ruleset=RULES_2014) == [2, 1]


@pytest.mark.parametrize(
    ("rule", "ruleset", "expected"),
    [
        ("Klub 10.1", RULES_2014, (8, -5, 1, 2, 0, -30)),
        ("001 §22.7: games won, then game points", RULES_PRE_2014, (1, -5)),
        ("000 §5A", RULES_HOUSE, (8, -5)),
    ],
)
def test_sort_key_is_the_rule_sets_chain(rule, ruleset, expected):
    totals = Totals(1, placement_points=8, game_points=-5, placings=(1, 2, 0, 1), minus_points=30)
    assert sort_key(totals, ruleset) == expected, rule


def test_totals_for_sums_and_counts_places():
    lines = games(1, (1, 60), (2, -10, 2), (4, -30)) + games(2, (3, -5))
    assert totals_for(lines, [1, 3]) == {
        1: Totals(
            1, placement_points=6, game_points=20, placings=(1, 1, 0, 1), minus_points=40, games=3
        ),
        3: Totals(3),
    }


def test_totals_for_impossible_place_refused():
    with pytest.raises(ValueError, match="Place 5 is not a place in a game"):
        totals_for([GameLine(1, 1, 1, -10, 5, 0)], [1])
