"""A career's sums (issue 33.1): shared places as Klub 10.1 numbers them, head-to-head."""

from __future__ import annotations

from datetime import date

from ranking.domain import careers
from ranking.domain.careers import CareerGame, Meeting, SeatResult, TournamentResult


def game(tid=1, year=2025, rnd=1, table=10, number=1, place=1, pp=4, gp=30, reserve=False):
    return CareerGame(
        tid, year, date(year, 5, tid), rnd, False, table, number, place, pp, gp, reserve
    )


def test_shared_places_count_as_the_sheet_numbers_them():
    # places 1, 2, 2, 4 (Klub 10.1): one 1st, two 2nd, no 3rd, one 4th
    assert careers.placement_distribution([1, 2, 2, 4]) == (1, 2, 0, 1)
    # 1, 2, 2, 2 and 1, 2, 3, 3
    assert careers.placement_distribution([1, 2, 2, 2]) == (1, 3, 0, 0)
    assert careers.placement_distribution([1, 2, 3, 3]) == (1, 1, 2, 0)
    # a 3-player table with a shared 2nd place
    assert careers.placement_distribution([1, 2, 2]) == (1, 2, 0, 0)


def test_tally_counts_rounds_once_and_averages_in_hundredths():
    games = [
        game(number=1, place=1, pp=4, gp=60),
        game(number=2, place=2, pp=2, gp=-10),  # shared 2nd (1, 2, 2, 4: 2 points each)
        game(number=3, place=4, pp=0, gp=-35),
        game(rnd=2, table=11, number=1, place=3, pp=1, gp=-20, reserve=True),
        game(tid=2, year=2026, table=20, place=1, pp=4, gp=25),
    ]
    total = careers.tally(games)
    assert total == careers.Tally(
        tournaments=2, rounds=3, games=5, won=2, placings=(2, 1, 1, 1), placement_points=11,
        game_points=20,
    )  # fmt: skip
    assert total.placement_points_per_game == 220  # 11 / 5 = 2.20
    assert total.game_points_per_game == 400  # 20 / 5 = 4.00
    by_year = careers.tally_by_year(games)
    assert list(by_year) == [2026, 2025]
    assert by_year[2025].games == 4 and by_year[2025].rounds == 2
    assert by_year[2025].game_points_per_game == -125  # -5 / 4 = -1.25
    assert careers.tally([]) == careers.EMPTY and careers.EMPTY.placement_points_per_game == 0


def test_hundredths_round_half_up():
    assert careers.hundredths(2, 3) == 67  # 0.666…
    assert careers.hundredths(1, 8) == 13  # 0.125 → 0.13
    assert careers.hundredths(-1, 8) == -12  # -0.125 → -0.12 (half up)
    assert careers.hundredths(5, 0) == 0


def test_head_to_head_counts_ahead_behind_and_level():
    me = 1
    seats = [
        # table 10, game 1: me 1st, 2 second, 3 and 4 share 3rd
        SeatResult(10, 1, 1, 1), SeatResult(10, 1, 2, 2), SeatResult(10, 1, 3, 3),
        SeatResult(10, 1, 4, 3),
        # game 2: 2 and me share 1st, 3 is 3rd, 4 is 4th
        SeatResult(10, 2, 1, 1), SeatResult(10, 2, 2, 1), SeatResult(10, 2, 3, 3),
        SeatResult(10, 2, 4, 4),
        # game 3: I did not play it (SPEC §7): it counts for nobody against me
        SeatResult(10, 3, 2, 1), SeatResult(10, 3, 3, 2), SeatResult(10, 3, 4, 3),
        # another table, another tournament: 5 ahead of me, 2 behind
        SeatResult(20, 1, 5, 1), SeatResult(20, 1, 1, 2), SeatResult(20, 1, 2, 4),
    ]  # fmt: skip
    assert careers.head_to_head(me, seats) == [
        Meeting(opponent_id=2, games=3, ahead=2, behind=0, level=1),
        Meeting(opponent_id=3, games=2, ahead=2, behind=0, level=0),
        Meeting(opponent_id=4, games=2, ahead=2, behind=0, level=0),
        Meeting(opponent_id=5, games=1, ahead=0, behind=1, level=0),
    ]


def test_head_to_head_is_symmetric():
    seats = [SeatResult(1, 1, 7, 2), SeatResult(1, 1, 8, 1), SeatResult(1, 2, 7, 1),
             SeatResult(1, 2, 8, 1)]  # fmt: skip
    [mine] = careers.head_to_head(7, seats)
    [theirs] = careers.head_to_head(8, seats)
    assert (mine.ahead, mine.behind, mine.level) == (theirs.behind, theirs.ahead, theirs.level)


def test_best_results_and_last_games():
    results = [
        TournamentResult(1, 2024, date(2024, 3, 1), 2, 40, False),
        TournamentResult(2, 2025, date(2025, 3, 1), 1, 8, True),
        TournamentResult(3, 2025, date(2025, 9, 1), 1, 24, True),
        TournamentResult(4, 2026, date(2026, 1, 1), 1, 24, False),
    ]
    # 1st of 24 twice: the newer first; then 1st of 8; then 2nd of 40
    assert [r.tournament_id for r in careers.best_results(results, count=3)] == [4, 3, 2]
    games = [game(tid=1, rnd=1, number=4), game(tid=1, rnd=2, number=1), game(tid=2, number=1)]
    assert careers.last_games(games, count=2) == [games[2], games[1]]
