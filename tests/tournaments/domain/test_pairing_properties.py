"""Property tests of the pairing over random fields (SPEC §2; Klub 7.1).

Fields from 8 to 400 players, with reserves (tables of four) or 3-player tables; histories come
from real draws; standings are random, which scatters earlier table-mates across the ranks less
kindly than real results would. Checks are recomputed here from the raw rounds, not through the
module's own bookkeeping.
"""

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.formats import reserves_needed, table_sizes_with_reserves, three_table_plan
from tournaments.domain.pairing import (
    History,
    Pairing,
    PairingReport,
    draw_round_one,
    evaluate,
    objective,
    pair_next_round,
)

# Moderate search budgets keep the suite fast; the benchmark runs the defaults.
BEAM = 60
ITERATIONS = 4_000


def field(n: int, with_three_tables: bool) -> tuple[list[int], tuple[int, ...]]:
    """Player ids (not 1..n, and unsorted) and the table sizes for about n players."""
    if with_three_tables:
        sizes = three_table_plan(n)
    else:
        n += reserves_needed(n)
        sizes = table_sizes_with_reserves(n)
    ids = random.Random(n).sample(range(1000, 100_000), n)
    return ids, sizes


def random_pins(rng: random.Random, ids: Sequence[int], tables: int) -> dict[int, int]:
    """Up to two players pinned to distinct tables, as a director would for a disabled player."""
    count = rng.randint(0, 2)
    players = rng.sample(list(ids), count)
    numbers = rng.sample(range(1, tables + 1), count)
    return dict(zip(players, numbers, strict=True))


def recompute(
    groups: Sequence[Sequence[int]], order: Sequence[int], rounds: Sequence[Sequence[Sequence[int]]]
) -> PairingReport:
    """The report from scratch, by brute force over the raw rounds."""
    rank = {player: i + 1 for i, player in enumerate(order)}
    repeated = []
    consecutive = 0
    max_meetings = 0
    for group in groups:
        for a, b in combinations(sorted(group), 2):
            count = sum(1 for r in rounds for table in r if a in table and b in table)
            max_meetings = max(max_meetings, count + 1)
            if count:
                repeated.append((a, b))
                if any(a in table and b in table for table in rounds[-1]):
                    consecutive += 1
    spread = sum(max(rank[p] for p in g) - min(rank[p] for p in g) - (len(g) - 1) for g in groups)
    return PairingReport(
        repeated_pairs=len(repeated),
        max_meetings=max_meetings,
        consecutive_repeats=consecutive,
        excess_rank_spread=spread,
        repeated=tuple(sorted(repeated)),
    )


def assert_well_formed(
    pairing: Pairing, ids: Sequence[int], sizes: Sequence[int], pins: dict[int, int]
) -> None:
    seated = [seat.player_id for table in pairing.tables for seat in table.seats]
    assert sorted(seated) == sorted(ids)
    assert tuple(len(table.seats) for table in pairing.tables) == tuple(sizes)
    assert [table.number for table in pairing.tables] == list(range(1, len(sizes) + 1))
    for table in pairing.tables:
        assert [seat.letter for seat in table.seats] == list("ABCD"[: len(table.seats)])
    for player, number in pins.items():
        assert pairing.seat_of(player)[0] == number


def partitions(players: list[int], sizes: list[int]) -> Iterator[list[list[int]]]:
    """Every split of the players into groups of the given sizes (equal sizes unordered)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        remaining = list(sizes)
        remaining.remove(size)
        for mates in combinations(rest, size - 1):
            left = [p for p in rest if p not in mates]
            for tail in partitions(left, remaining):
                yield [[first, *mates], *tail]


@settings(max_examples=25, deadline=None)
@given(n=st.integers(8, 400), with_three_tables=st.booleans(), seed=st.integers(0, 2**32))
def test_draw_round_one_seats_everyone_once_and_keeps_pins(n, with_three_tables, seed):
    ids, sizes = field(n, with_three_tables)
    pins = random_pins(random.Random(seed), ids, len(sizes))
    pairing = draw_round_one(ids, table_sizes=sizes, seed=seed, pinned=pins)
    assert_well_formed(pairing, ids, sizes, pins)
    assert pairing == draw_round_one(ids[::-1], table_sizes=sizes, seed=seed, pinned=pins)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(8, 400), with_three_tables=st.booleans(), seed=st.integers(0, 2**32))
def test_second_round_is_well_formed_reported_right_and_repeat_free_from_16(
    n, with_three_tables, seed
):
    rng = random.Random(seed)
    ids, sizes = field(n, with_three_tables)
    pins = random_pins(rng, ids, len(sizes))
    first = draw_round_one(ids, table_sizes=sizes, seed=seed, pinned=pins)
    rounds = [first.groups()]
    order = rng.sample(ids, len(ids))
    pairing, report = pair_next_round(
        order,
        history=History.from_rounds(rounds),
        table_sizes=sizes,
        seed=seed,
        pinned=pins,
        beam=BEAM,
        budget_iterations=ITERATIONS,
    )
    assert_well_formed(pairing, ids, sizes, pins)
    assert report == recompute(pairing.groups(), order, rounds)
    assert report == evaluate(pairing.groups(), order=order, history=History.from_rounds(rounds))
    if len(ids) >= 16:
        assert report.repeated_pairs == 0


@settings(max_examples=8, deadline=None)
@given(n=st.integers(64, 400), with_three_tables=st.booleans(), seed=st.integers(0, 2**32))
def test_rounds_two_to_four_are_repeat_free_from_64_players(n, with_three_tables, seed):
    rng = random.Random(seed)
    ids, sizes = field(n, with_three_tables)
    rounds = [draw_round_one(ids, table_sizes=sizes, seed=seed).groups()]
    for _ in range(3):
        order = rng.sample(ids, len(ids))
        pairing, report = pair_next_round(
            order,
            history=History.from_rounds(rounds),
            table_sizes=sizes,
            seed=seed,
            beam=BEAM,
            budget_iterations=ITERATIONS,
        )
        assert_well_formed(pairing, ids, sizes, {})
        assert report == recompute(pairing.groups(), order, rounds)
        assert report.repeated_pairs == 0
        rounds.append(pairing.groups())


@settings(max_examples=25, deadline=None)
@given(n=st.integers(8, 12), earlier=st.integers(1, 3), seed=st.integers(0, 2**32))
def test_small_fields_are_paired_as_well_as_exhaustive_search(n, earlier, seed):
    """Repeat-free whenever any seating is, and lexicographically optimal (SPEC §2)."""
    rng = random.Random(seed)
    ids = rng.sample(range(1, 100), n)
    sizes = three_table_plan(n) if n % 4 else table_sizes_with_reserves(n)
    rounds = [
        draw_round_one(ids, table_sizes=sizes, seed=seed + r).groups() for r in range(earlier)
    ]
    history = History.from_rounds(rounds)
    order = rng.sample(ids, n)
    _, report = pair_next_round(order, history=history, table_sizes=sizes, seed=seed)
    best = min(
        objective(evaluate(groups, order=order, history=history))
        for groups in partitions(sorted(ids), list(sizes))
    )
    assert objective(report) == best
