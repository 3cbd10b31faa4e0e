"""Properties of the cuts into the final (SPEC §1): table winners (000 §1B), the top N (6.2)."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.rules import RULES_2014, RULES_PRE_2014
from tournaments.domain.standings import (
    GameLine,
    Participant,
    compute_standings,
    sort_key,
    table_winners,
    top_n_cut,
    totals_for,
)

RULESETS = st.sampled_from([RULES_2014, RULES_PRE_2014])

# (placement points, game points) of one player's game, coarse so that ties happen.
GAME = st.tuples(st.sampled_from([0, 1, 3, 4]), st.sampled_from([-20, -10, 0, 10, 20]))


@st.composite
def table_lines(draw):
    """Players 1..n at one table, a few games each, with small figures so that ties occur."""
    size = draw(st.integers(2, 4))
    games = draw(st.integers(1, 4))
    lines = []
    for pid in range(1, size + 1):
        for game in range(1, games + 1):
            points, gp = draw(GAME)
            place = {4: 1, 3: 2, 1: 3, 0: 4}[points]
            lines.append(GameLine(pid, 1, game, gp, place, points))
    return size, lines


@given(table_lines(), RULESETS)
def test_table_winners_are_exactly_the_best_of_the_table(data, ruleset):
    """000 §1B: the winner (or the tied players) hold the best chain key of the table, and
    nobody else does; a single best player goes through, several are tied for one place."""
    size, lines = data
    (result,) = table_winners(lines, {1: list(range(1, size + 1))}, ruleset=ruleset)
    keys = {pid: sort_key(t, ruleset) for pid, t in totals_for(lines, range(1, size + 1)).items()}
    best = max(keys.values())
    top = {pid for pid, key in keys.items() if key == best}
    cut = result.cut
    assert set(cut.through) | set(cut.tied) == top
    assert (len(cut.through), cut.open_places) == ((1, 0) if len(top) == 1 else (0, 1))


@given(table_lines(), st.integers(1, 4), RULESETS)
def test_top_n_cut_fills_exactly_the_final_places(data, count, ruleset):
    """Klub 6.2 with SPEC §1: through + open places = the final's size (or the whole field);
    the tied players share one rank, and everyone through ranks better than them."""
    size, lines = data
    rows = compute_standings(lines, [Participant(p) for p in range(1, size + 1)], ruleset=ruleset)
    cut = top_n_cut(rows, count)
    rank = {row.player_id: row.rank for row in rows}
    assert len(cut.through) + cut.open_places == min(count, size)
    assert len({rank[pid] for pid in cut.tied}) <= 1
    assert cut.open_places < len(cut.tied) or not cut.tied
    assert all(rank[p] < rank[t] for p in cut.through for t in cut.tied)
