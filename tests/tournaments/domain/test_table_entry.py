"""A sheet entered at the table (issue #15, Klub 10.2–10.4): who signs, the desk board's state,
and the cell-by-cell comparison with the paper."""

from tournaments.domain import table_entry as te
from tournaments.domain.table_entry import Difference

LETTERS = ("A", "B", "C", "D")


def test_every_other_seat_signs_not_the_one_who_entered():
    progress = te.signoffs(letters=LETTERS, entered_by="B", absent=(), verdicts={"A": "confirmed"})
    assert progress.required == ("A", "C", "D")
    assert progress.confirmed == ("A",)
    assert progress.disputed == ()
    assert progress.open == ("C", "D")
    assert progress.complete is False


def test_a_player_out_of_the_round_need_not_sign_spec_7():
    """SPEC §7: a red card or withdrawal in the round leaves the seat without games to sign."""
    verdicts = {"A": "confirmed", "C": "confirmed", "D": "confirmed"}
    progress = te.signoffs(letters=LETTERS, entered_by="B", absent={"D"}, verdicts=verdicts)
    assert progress.required == ("A", "C")
    assert progress.confirmed == ("A", "C")
    assert progress.complete is True


def test_one_dispute_makes_the_table_disputed_whatever_the_others_said():
    verdicts = {"A": "confirmed", "C": "disputed", "D": "confirmed"}
    progress = te.signoffs(letters=LETTERS, entered_by="B", absent=(), verdicts=verdicts)
    assert progress.disputed == ("C",)
    assert progress.complete is False
    state = te.table_state(status="entered", table_entered=True, progress=progress)
    assert state == te.DISPUTED


def test_board_states_from_status_origin_and_signoffs():
    done = te.signoffs(
        letters=("A", "B", "C"),
        entered_by="A",
        absent=(),
        verdicts=dict.fromkeys("BC", "confirmed"),
    )
    half = te.signoffs(letters=LETTERS, entered_by="A", absent=(), verdicts={"B": "confirmed"})
    assert te.table_state(status=None, table_entered=False) == te.MISSING
    assert te.table_state(status="entered", table_entered=False) == te.ENTERED
    assert te.table_state(status="entered", table_entered=True, progress=half) == te.TABLE_ENTERED
    assert te.table_state(status="entered", table_entered=True, progress=done) == te.SIGNED
    # The desk's decisions win over the table's state.
    assert te.table_state(status="clarification", table_entered=True, progress=done) == (
        te.CLARIFICATION
    )
    assert te.table_state(status="confirmed", table_entered=True, progress=half) == te.CONFIRMED


def _game(number, scores, **extra):
    return {"number": number, "scores": scores, "no_meld": {}, "pool_exhausted": False,
            "declared_winner": None, **extra}  # fmt: skip


def test_equal_sheets_have_no_differences():
    games = [_game(1, {"A": 60, "B": -10, "C": -20, "D": -30})]
    assert te.sheet_differences(games, [dict(g) for g in games], letters=LETTERS) == []


def test_differences_cell_by_cell_with_both_values():
    entered = [
        _game(1, {"A": 60, "B": -10, "C": -20, "D": -30}),
        _game(2, {"A": -5, "B": 45, "C": -20, "D": -20}),
    ]
    paper = [
        _game(1, {"A": 60, "B": -10, "C": -30, "D": -20}),
        _game(2, {"A": -5, "B": 45, "C": -20, "D": -20}, pool_exhausted=True),
    ]
    assert te.sheet_differences(entered, paper, letters=LETTERS) == [
        Difference(1, "C", "points", -20, -30),
        Difference(1, "D", "points", -30, -20),
        Difference(2, "", "pool_exhausted", None, True),
    ]


def test_no_meld_and_declared_winner_and_missing_game_are_differences():
    entered = [_game(1, {"A": 200, "B": -200}, no_meld={"B": 200}), _game(2, {"A": 1})]
    paper = [_game(1, {"A": 200, "B": -200}, no_meld={"B": 100}, declared_winner="A")]
    assert te.sheet_differences(entered, paper, letters=("A", "B")) == [
        Difference(1, "B", "no_meld", 200, 100),
        Difference(1, "", "declared_winner", None, "A"),
        Difference(2, "", "game", True, False),
    ]
