"""Pairing: round 1, later rounds, final, metrics (SPEC §2; Klub 7.1, 000 §2A).

Stand-in data only: player ids are plain integers, history is built from lists of tables.
"""

import pytest

from tests.support.texts import english, german
from tournaments.domain.pairing import (
    History,
    Pairing,
    PairingError,
    PairingReport,
    Seat,
    TableAssignment,
    TeamClash,
    draw_round_one,
    evaluate,
    objective,
    pair_final,
    pair_next_round,
)

SIXTEEN = list(range(1, 17))
FOUR_TABLES = (4, 4, 4, 4)
BLOCKS_OF_FOUR = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]]


def letters_ok(pairing: Pairing) -> bool:
    return all(
        [seat.letter for seat in table.seats] == list("ABCD"[: len(table.seats)])
        for table in pairing.tables
    )


# History


def test_history_from_rounds_counts_meetings_and_keeps_the_last_round():
    history = History.from_rounds([[[1, 2, 3], [4, 5, 6]], [[3, 2, 7], [1, 4, 5]]])
    assert history.met(1, 2) == 1
    assert history.met(2, 3) == 2
    assert history.met(3, 2) == 2
    assert history.met(1, 6) == 0
    assert history.rounds == 2
    assert history.last_round == frozenset({(2, 3), (2, 7), (3, 7), (1, 4), (1, 5), (4, 5)})


def test_history_empty_has_no_meetings():
    history = History.empty()
    assert history.met(1, 2) == 0
    assert history.last_round == frozenset()


# evaluate / objective


def test_evaluate_consecutive_tables_have_no_spread():
    report = evaluate([[1, 2, 3, 4], [5, 6, 7, 8]], order=range(1, 9), history=History.empty())
    assert report == PairingReport(
        repeated_pairs=0, max_meetings=1, consecutive_repeats=0, excess_rank_spread=0, repeated=()
    )


def test_evaluate_excess_spread_counts_the_gaps_beyond_consecutive_ranks():
    # Ranks 1,2,3,5 -> 5-1-3 = 1; ranks 4,6,7,8 -> 8-4-3 = 1; 3-table 9,10,12 -> 12-9-2 = 1.
    report = evaluate(
        [[1, 2, 3, 5], [4, 6, 7, 8], [9, 10, 12], [11, 13, 14]],
        order=range(1, 15),
        history=History.empty(),
    )
    assert report.excess_rank_spread == 1 + 1 + 1 + 1


def test_evaluate_uses_positions_in_the_order_not_the_ids():
    report = evaluate([[40, 10, 30, 20]], order=[40, 10, 30, 20], history=History.empty())
    assert report.excess_rank_spread == 0


def test_evaluate_lists_repeats_and_consecutive_repeats():
    history = History.from_rounds(
        [
            [[1, 2, 3, 4], [5, 6, 7, 8]],
            [[1, 2, 9, 10], [3, 7, 11, 12], [4, 8, 13, 14], [5, 15, 16, 17], [6, 18, 19, 20]],
        ]
    )
    report = evaluate([[1, 2, 7, 8], [3, 4, 5, 6]], order=range(1, 9), history=history)
    # Pairs at the tables: 1-2 (rounds 1 and 2), 7-8, 3-4, 5-6 (round 1 only).
    assert report == PairingReport(
        repeated_pairs=4,
        max_meetings=3,
        consecutive_repeats=1,
        excess_rank_spread=4,
        repeated=((1, 2), (3, 4), (5, 6), (7, 8)),
    )
    assert objective(report) == (4, 1, 0, 4)


def test_evaluate_rejects_players_missing_from_the_order():
    with pytest.raises(PairingError):
        evaluate([[1, 2, 3, 99]], order=[1, 2, 3, 4], history=History.empty())


def test_objective_puts_repeats_before_consecutive_before_team_mates_before_spread():
    """Klub 7.1 first; team-mates apart (Klub 6.2.1, SPEC §1) only after no repeats."""

    def report(repeats: int, consecutive: int, team_pairs: int, spread: int) -> PairingReport:
        clashes = tuple(TeamClash(t + 1, 1, (2 * t, 2 * t + 1)) for t in range(team_pairs))
        return PairingReport(repeats, 1, consecutive, spread, (), clashes)

    assert objective(report(0, 0, 0, 99)) < objective(report(1, 0, 0, 0))
    assert objective(report(1, 0, 0, 99)) < objective(report(1, 1, 0, 0))
    assert objective(report(0, 9, 9, 99)) < objective(report(1, 0, 0, 0))
    assert objective(report(1, 0, 5, 99)) < objective(report(1, 1, 0, 0))
    assert objective(report(1, 1, 0, 99)) < objective(report(1, 1, 1, 0))
    assert objective(report(1, 1, 1, 2)) < objective(report(1, 1, 1, 3))


def test_report_notice_in_german_only_when_players_meet_again():
    assert PairingReport(0, 1, 0, 5, ()).notice() is None
    assert german(PairingReport(1, 2, 1, 0, ((1, 2),)).notice()) == (
        "1 Spielerpaar trifft erneut aufeinander, davon 1 schon in der vorigen Runde. "
        "Bei diesem Teilnehmerfeld ließ sich das nicht vermeiden."
    )
    assert german(PairingReport(3, 2, 0, 0, ((1, 2), (3, 4), (5, 6))).notice()) == (
        "3 Spielerpaare treffen erneut aufeinander. "
        "Bei diesem Teilnehmerfeld ließ sich das nicht vermeiden."
    )


def test_report_notice_holds_the_english_msgid_and_its_values():
    notice = PairingReport(1, 2, 1, 0, ((1, 2),)).notice()
    assert notice.params == {"n": 1, "last": 1}
    assert english(notice) == (
        "1 pair of players meets again, 1 of them already in the previous round. "
        "With this field it could not be avoided."
    )


# Round 1


def test_draw_round_one_same_seed_same_seating():
    first = draw_round_one(SIXTEEN, table_sizes=FOUR_TABLES, seed=42)
    again = draw_round_one(SIXTEEN, table_sizes=FOUR_TABLES, seed=42)
    assert first == again
    assert first.seed == 42
    assert first.method == "random-v1"


def test_draw_round_one_other_seed_other_seating():
    seatings = {draw_round_one(SIXTEEN, table_sizes=FOUR_TABLES, seed=s).groups() for s in range(5)}
    assert len(seatings) == 5


def test_draw_round_one_ignores_the_input_order():
    forward = draw_round_one(SIXTEEN, table_sizes=FOUR_TABLES, seed=7)
    backward = draw_round_one(SIXTEEN[::-1], table_sizes=FOUR_TABLES, seed=7)
    assert forward == backward


def test_draw_round_one_seats_everyone_once_with_letters():
    pairing = draw_round_one(list(range(1, 12)), table_sizes=(4, 4, 3), seed=3)
    assert sorted(p for group in pairing.groups() for p in group) == list(range(1, 12))
    assert [len(table.seats) for table in pairing.tables] == [4, 4, 3]
    assert [table.number for table in pairing.tables] == [1, 2, 3]
    assert letters_ok(pairing)


def test_draw_round_one_keeps_pinned_players_at_their_table():
    for seed in range(20):
        pairing = draw_round_one(SIXTEEN, table_sizes=FOUR_TABLES, seed=seed, pinned={5: 3, 9: 3})
        assert pairing.seat_of(5)[0] == 3
        assert pairing.seat_of(9)[0] == 3


def test_draw_round_one_is_not_registration_order():
    pairing = draw_round_one(SIXTEEN, table_sizes=FOUR_TABLES, seed=1)
    assert [sorted(group) for group in pairing.groups()] != BLOCKS_OF_FOUR[0]


@pytest.mark.parametrize(
    ("players", "sizes", "pinned", "message"),
    [
        ([1, 2, 3, 4, 5], (4,), {}, "5 Spieler passen nicht auf Tische mit zusammen 4 Plätzen."),
        ([1, 1, 2, 3], (4,), {}, "Ein Spieler steht mehrfach in der Teilnehmerliste."),
        ([1], (1,), {}, "Tische haben 2 bis 4 Plätze, nicht 1."),
        (
            [1, 2, 3, 4],
            (4,),
            {9: 1},
            "Spieler 9 ist an einen Tisch gebunden, spielt aber nicht mit.",
        ),
        ([1, 2, 3, 4], (4,), {1: 2}, "Tisch 2 gibt es in dieser Runde nicht."),
        (
            [1, 2, 3, 4, 5, 6, 7],
            (4, 3),
            {1: 2, 2: 2, 3: 2, 4: 2},
            "An Tisch 2 sind mehr Spieler gebunden als Plätze frei sind.",
        ),
    ],
)
def test_draw_round_one_rejects_bad_input_in_german(players, sizes, pinned, message):
    with pytest.raises(PairingError) as error:
        draw_round_one(players, table_sizes=sizes, seed=1, pinned=pinned)
    assert str(error.value) == message


# Later rounds


def test_pair_next_round_second_round_has_no_repeats_and_optimal_spread():
    # Each table needs one player of every round-1 table; the best spread of that is
    # (13+14+15+16) - (1+2+3+4) - 4 * 3 = 36, reached e.g. by {1, 5, 9, 13}.
    history = History.from_rounds(BLOCKS_OF_FOUR)
    pairing, report = pair_next_round(SIXTEEN, history=history, table_sizes=FOUR_TABLES, seed=1)
    assert objective(report) == (0, 0, 0, 36)
    assert report.max_meetings == 1
    assert report.notice() is None
    assert pairing.seat_of(1)[0] == 1


def test_pair_next_round_top_table_holds_the_top_when_nobody_met():
    history = History.from_rounds([[[1, 16, 15, 14], [2, 13, 12, 11], [3, 10, 9, 8], [4, 7, 6, 5]]])
    order = [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16]
    pairing, report = pair_next_round(order, history=history, table_sizes=FOUR_TABLES, seed=9)
    assert [sorted(group) for group in pairing.groups()] == [
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [4, 8, 12, 16],
    ]
    assert objective(report) == (0, 0, 0, 0)
    assert letters_ok(pairing)


def test_pair_next_round_tiny_field_reports_unavoidable_repeats():
    # 8 players after round 1 at {1..4}, {5..8}: every table of four repeats at least 2 pairs.
    history = History.from_rounds([[[1, 2, 3, 4], [5, 6, 7, 8]]])
    _, report = pair_next_round(list(range(1, 9)), history=history, table_sizes=(4, 4), seed=2)
    assert objective(report) == (4, 4, 0, 4)
    assert report.max_meetings == 2
    assert len(report.repeated) == 4
    assert report.notice() is not None


def test_pair_next_round_is_reproducible_and_records_the_method():
    history = History.from_rounds(BLOCKS_OF_FOUR)
    first = pair_next_round(SIXTEEN, history=history, table_sizes=FOUR_TABLES, seed=5)
    again = pair_next_round(SIXTEEN, history=history, table_sizes=FOUR_TABLES, seed=5)
    assert first == again
    assert first[0].seed == 5
    assert first[0].method.startswith("standings-v1:beam=")


def test_pair_next_round_replays_from_the_recorded_method():
    history = History.from_rounds(BLOCKS_OF_FOUR)
    pairing, _ = pair_next_round(
        SIXTEEN, history=history, table_sizes=FOUR_TABLES, seed=5, beam=10, budget_iterations=500
    )
    assert pairing.method == (
        "standings-v1:beam=10:iterations=500"
        ":exact=rounds50,simplex8000,tables1100,nodes100:optimal=bound"
    )
    replay, _ = pair_next_round(
        SIXTEEN, history=history, table_sizes=FOUR_TABLES, seed=5, beam=10, budget_iterations=500
    )
    assert replay == pairing


def test_pair_next_round_keeps_pinned_players_and_avoids_repeats():
    history = History.from_rounds(BLOCKS_OF_FOUR)
    pinned = {1: 4, 16: 1}
    pairing, report = pair_next_round(
        SIXTEEN, history=history, table_sizes=FOUR_TABLES, seed=3, pinned=pinned
    )
    assert pairing.seat_of(1)[0] == 4
    assert pairing.seat_of(16)[0] == 1
    assert report.repeated_pairs == 0


def test_pair_next_round_two_pins_at_one_table():
    history = History.from_rounds(BLOCKS_OF_FOUR)
    pairing, report = pair_next_round(
        SIXTEEN, history=history, table_sizes=FOUR_TABLES, seed=3, pinned={2: 2, 15: 2}
    )
    assert pairing.seat_of(2)[0] == 2
    assert pairing.seat_of(15)[0] == 2
    assert report.repeated_pairs == 0


def test_pair_next_round_without_search_still_seats_everyone():
    history = History.from_rounds(BLOCKS_OF_FOUR)
    pairing, report = pair_next_round(
        SIXTEEN,
        history=history,
        table_sizes=FOUR_TABLES,
        seed=3,
        beam=0,
        budget_iterations=0,
        exact_up_to=0,
    )
    assert pairing.method == "standings-v1:greedy=0:iterations=0:unproven=heuristic-only"
    assert sorted(p for group in pairing.groups() for p in group) == SIXTEEN
    assert report == evaluate(pairing.groups(), order=SIXTEEN, history=history)


def test_pair_next_round_ignores_history_of_players_no_longer_in_the_field():
    history = History.from_rounds([[[1, 2, 3, 99]]])
    _, report = pair_next_round([1, 5, 2, 6], history=history, table_sizes=(4,), seed=1)
    assert report.repeated == ((1, 2),)


# Final


def test_pair_final_top_four_at_table_one_with_letters_drawn():
    pairing = pair_final([7, 3, 9, 1], table_sizes=(4,), seed=11)
    assert sorted(pairing.groups()[0]) == [1, 3, 7, 9]
    assert pairing.method == "final-v1"
    assert letters_ok(pairing)
    assert pairing == pair_final([7, 3, 9, 1], table_sizes=(4,), seed=11)


def test_pair_final_letters_change_with_the_seed():
    letters = {pair_final([7, 3, 9, 1], table_sizes=(4,), seed=s).groups() for s in range(10)}
    assert len(letters) > 1


def test_pair_final_several_tables_best_finalists_first():
    pairing = pair_final(list(range(1, 8)), table_sizes=(4, 3), seed=1)
    assert [sorted(group) for group in pairing.groups()] == [[1, 2, 3, 4], [5, 6, 7]]


def test_pairing_data_shapes():
    table = TableAssignment(number=1, seats=(Seat("A", 5), Seat("B", 6), Seat("C", 7)))
    pairing = Pairing(tables=(table,), seed=0, method="final-v1")
    assert table.player_ids == (5, 6, 7)
    assert pairing.seat_of(6) == (1, "B")
    with pytest.raises(KeyError):
        pairing.seat_of(8)
