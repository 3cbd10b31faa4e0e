"""Fixtures for the round tests: drawn rounds of a city championship and the house format."""

import pytest

from tests.support.builders import make_house_tournament, play_round, register_players
from tests.support.reading import tables_of
from tournaments.results import selectors as results_selectors
from tournaments.rounds import services as round_services


@pytest.fixture
def house_tournament(director):
    """The house format (3-player tables) with two rounds."""
    return make_house_tournament(director=director, rounds_planned=2)


@pytest.fixture
def round_one(open_tournament, players, director):
    """16 players, round 1 drawn (not released)."""
    register_players(open_tournament, players, count=16)
    return round_services.round_pair_next(tournament=open_tournament, user=director, seed=11)


@pytest.fixture
def round_two(open_tournament, players, director, desk_user):
    """16 players, round 1 published with confirmed sheets, round 2 paired without repeats."""
    register_players(open_tournament, players, count=16)
    first = round_services.round_pair_next(tournament=open_tournament, user=director, seed=21)
    play_round(first, director=director, desk=desk_user)
    assert len(results_selectors.game_lines(open_tournament)) == 16 * 4  # the sheets really count
    second = round_services.round_pair_next(tournament=open_tournament, user=director, seed=22)
    assert second.notice == ""
    return first, second


@pytest.fixture
def repeat_swap():
    """(x, y, z) for rounds (first, second): swapping x and y puts x at a table with z, whom he
    met in round 1."""

    def find(first, second):
        earlier = {pid: set(t) for t in tables_of(first).values() for pid in t}
        now = tables_of(second)
        where = {pid: number for number, t in now.items() for pid in t}
        for x, table in sorted(where.items()):
            for number, others in now.items():
                if number == table:
                    continue
                z = next(pid for pid in others if pid in earlier[x] and pid != x)
                y = next(pid for pid in others if pid != z)
                return x, y, z
        raise AssertionError("no candidate")

    return find
