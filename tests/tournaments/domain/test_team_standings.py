"""Team standings of a Städtekampf (SPEC §1 special tournaments, Klub 6.2.1; our reading:
members' placement points, then game points, shared ranks)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.standings import GameLine, TeamRow, team_standings


def line(player: int, placement_points: int, game_points: int, game: int = 1) -> GameLine:
    return GameLine(player, 1, game, game_points, 5 - placement_points, placement_points)


@pytest.mark.parametrize(
    ("rule", "lines", "teams", "expected"),
    [
        (
            "Klub 6.2.1 / our reading: sum of the members' placement points decides first",
            [line(1, 4, -10), line(2, 3, 5), line(3, 2, 50), line(4, 1, 40)],
            {1: 10, 2: 10, 3: 20, 4: 20},
            [TeamRow(1, 10, 7, -5, 2), TeamRow(2, 20, 3, 90, 2)],
        ),
        (
            "Klub 6.2.1 / our reading: equal placement points, then game points",
            [line(1, 4, -10), line(2, 1, 5), line(3, 3, 50), line(4, 2, 40)],
            {1: 10, 2: 10, 3: 20, 4: 20},
            [TeamRow(1, 20, 5, 90, 2), TeamRow(2, 10, 5, -5, 2)],
        ),
        (
            "Klub 6.2.1 / our reading: equal on both, a shared rank (1, 1, 3), listing order kept",
            [line(1, 4, 10), line(2, 4, 10), line(3, 1, -20)],
            {1: 20, 2: 10, 3: 30},
            [TeamRow(1, 10, 4, 10, 1), TeamRow(1, 20, 4, 10, 1), TeamRow(3, 30, 1, -20, 1)],
        ),
        (
            "Klub 6.2.1: players without a team count for none; a team without games is listed",
            [line(1, 4, 10), line(9, 4, 99)],
            {1: 10, 5: 20},
            [TeamRow(1, 10, 4, 10, 1), TeamRow(2, 20, 0, 0, 1)],
        ),
    ],
)
def test_team_standings(rule, lines, teams, expected):
    assert team_standings(lines, teams, team_ids=[10, 20, 30][: len(expected)]) == expected, rule


@given(
    st.lists(st.tuples(st.integers(1, 12), st.integers(1, 4), st.integers(-200, 200)), max_size=40),
    st.dictionaries(st.integers(1, 12), st.sampled_from([1, 2, 3])),
)
def test_team_sums_add_up_and_ranks_follow_the_sums(raw, teams):
    lines = [line(p, pp, gp, game) for game, (p, pp, gp) in enumerate(raw, start=1)]

    rows = team_standings(lines, teams, team_ids=[1, 2, 3])

    assert sum(r.placement_points for r in rows) == sum(
        ln.placement_points for ln in lines if ln.player_id in teams
    )
    for better, worse in zip(rows, rows[1:], strict=False):
        assert (better.placement_points, better.game_points) >= (
            worse.placement_points,
            worse.game_points,
        )
        tied = (better.placement_points, better.game_points) == (
            worse.placement_points,
            worse.game_points,
        )
        assert (worse.rank == better.rank) == tied
